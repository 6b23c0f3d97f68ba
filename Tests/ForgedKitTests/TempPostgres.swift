import Foundation

/// A throwaway PostgreSQL cluster from Debian's `postgresql` package: `initdb`
/// in a temporary directory (as the `postgres` user when the tests run as
/// root, as initdb refuses root), `pg_ctl` listening on 127.0.0.1 only, on a
/// free port, with password (SCRAM) sign-in for the superuser `forge` and a
/// database `forge`. ``stop()`` ends it and removes the directory.
final class TempPostgres {
    let directory: String
    let port: Int
    let user = "forge"
    let password = "forge-test-pw"
    let bin: String
    private var running = false

    /// The directory of Debian's PostgreSQL programs (`/usr/lib/postgresql/N/bin`), or an error naming the package.
    static func binDirectory() throws -> String {
        let root = "/usr/lib/postgresql"
        let versions = ((try? FileManager.default.contentsOfDirectory(atPath: root)) ?? [])
            .compactMap(Int.init).sorted()
        guard let newest = versions.last, FileManager.default.isExecutableFile(atPath: "\(root)/\(newest)/bin/initdb")
        else {
            throw ToolMissing(
                description:
                    "initdb missing: apt-get install postgresql (make deps installs packaging/debian-packages.txt)")
        }
        return "\(root)/\(newest)/bin"
    }

    /// Creates and starts the cluster and the `forge` database.
    init() throws {
        bin = try Self.binDirectory()
        directory = shortTemporaryPath("-pg")
        port = Self.freePort()
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let pwfile = directory + "/pw"
        try password.write(toFile: pwfile, atomically: true, encoding: .utf8)
        if runsAsRoot {
            _ = try runProcess("/bin/chown", ["-R", "postgres:postgres", directory])
        }
        chmod(directory, 0o700)
        try asOwner(
            "initdb",
            [
                "-D", directory + "/data", "-U", user, "--pwfile=" + pwfile, "--auth=scram-sha-256",
                "-E", "UTF8", "--locale=C.UTF-8",
            ])
        try asOwner(
            "pg_ctl",
            [
                "-D", directory + "/data", "-l", directory + "/log", "-w", "-t", "60", "-o",
                "-c listen_addresses=127.0.0.1 -p \(port) -k \(directory) -c fsync=off", "start",
            ])
        running = true
        try run("createdb", ["-h", "127.0.0.1", "-p", "\(port)", "-U", user, "forge"])
    }

    deinit { stop() }

    /// `postgresql://forge:PASSWORD@127.0.0.1:PORT/forge`, as the original's DATABASE_URL (`+psycopg` optional).
    func url(driver: String = "", password: String? = nil) -> String {
        "postgresql\(driver)://\(user):\(password ?? self.password)@127.0.0.1:\(port)/forge"
    }

    /// Runs a client program (psql, pg_dump, createdb) against the cluster with the password set.
    @discardableResult
    func run(_ program: String, _ arguments: [String]) throws -> String {
        let result = try runProcess(
            bin + "/" + program, arguments, environment: cleanEnvironment(["PGPASSWORD": password]))
        guard result.status == 0 else {
            throw ToolMissing(description: "\(program) failed (\(result.status)): \(result.err)")
        }
        return result.out
    }

    /// `psql -f FILE` into the `forge` database, stopping at the first error.
    func load(_ file: String) throws {
        try run(
            "psql",
            [
                "-q", "-v", "ON_ERROR_STOP=1", "-h", "127.0.0.1", "-p", "\(port)", "-U", user, "-d", "forge",
                "-f", file,
            ])
    }

    /// A plain dump as the original's move script makes it (`pg_dump --clean --if-exists`).
    func dump(to file: String) throws {
        try run(
            "pg_dump",
            [
                "-h", "127.0.0.1", "-p", "\(port)", "-U", user, "-d", "forge", "--clean", "--if-exists",
                "-f", file,
            ])
    }

    /// Stops the cluster (immediate) and removes its directory. Idempotent.
    func stop() {
        if running {
            try? asOwner("pg_ctl", ["-D", directory + "/data", "-m", "immediate", "-w", "stop"])
            running = false
        }
        try? FileManager.default.removeItem(atPath: directory)
    }

    private func asOwner(_ program: String, _ arguments: [String]) throws {
        // setpriv(1) execs the program itself as postgres (no PAM session, unlike runuser,
        // whose exit Foundation's Process did not see while the server it started ran on).
        // The server pg_ctl starts would inherit every descriptor this process hands its child,
        // among them the one Foundation's Process watches for the child's end: python3 closes
        // all but 0-2 first, so the wait ends when pg_ctl does.
        let closeFDs = "import os, sys; os.closerange(3, 65536); os.execv(sys.argv[1], sys.argv[1:])"
        let command =
            runsAsRoot
            ? ["/usr/bin/setpriv", "--reuid=postgres", "--regid=postgres", "--clear-groups", "--", bin + "/" + program]
            : [bin + "/" + program]
        let result = try runProcess(
            try requiredTool("python3", package: "python3"), ["-c", closeFDs] + command + arguments,
            environment: cleanEnvironment(["HOME": directory]))
        guard result.status == 0 else {
            throw ToolMissing(description: "\(program) failed (\(result.status)): \(result.out)\(result.err)")
        }
    }

    /// A TCP port nothing listens on now (bound to port 0, then released).
    static func freePort() -> Int {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) }
        }
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        return Int(UInt16(bigEndian: address.sin_port))
    }
}
