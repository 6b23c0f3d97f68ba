import Foundation
import Testing

@testable import ForgeStore

/// Helpers for the off-the-box copy tests: real tools, real mounts.
enum OffBox {
    /// A tool a test needs, or an error naming its Debian package (never a skip).
    static func tool(_ name: String, package: String) throws -> String {
        for directory in ["/usr/bin", "/usr/sbin", "/bin", "/sbin", "/usr/local/bin"]
        where FileManager.default.isExecutableFile(atPath: "\(directory)/\(name)") {
            return "\(directory)/\(name)"
        }
        throw ToolMissing(
            description: "\(name) missing: apt-get install \(package) (packaging/debian-packages.txt, test group)")
    }

    struct ToolMissing: Error, CustomStringConvertible { let description: String }

    /// Runs a command to completion; its status and output (stdout then stderr).
    @discardableResult
    static func run(_ path: String, _ arguments: [String]) throws -> (status: Int32, output: String) {
        let result = try ChildProcess.run(path, arguments, timeout: 120)
        return (result.status, result.out + result.err)
    }

    /// Whether this process may mount a tmpfs (root with CAP_SYS_ADMIN); tried once.
    static let canMount: Bool = {
        guard geteuid() == 0 else { return false }
        let probe = FileManager.default.temporaryDirectory.appendingPathComponent("mount-\(UUID().uuidString)").path
        try? FileManager.default.createDirectory(atPath: probe, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: probe) }
        guard (try? run("/bin/mount", ["-t", "tmpfs", "-o", "size=1m", "tmpfs", probe]))?.status == 0 else {
            return false
        }
        _ = try? run("/bin/umount", [probe])
        return true
    }()

    /// A fresh tmpfs of `size` (mount(8) syntax) at a new directory, unmounted after `body`.
    static func withTmpfs<T>(size: String, _ body: (String) throws -> T) throws -> T {
        try #require(canMount, "needs root with CAP_SYS_ADMIN to mount a tmpfs (run make test as root, as CI does)")
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("dest-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        let mounted = try run("/bin/mount", ["-t", "tmpfs", "-o", "size=\(size),mode=0700", "tmpfs", path])
        try #require(mounted.status == 0, "mount: \(mounted.output)")
        defer {
            _ = try? run("/bin/umount", ["-l", path])
            try? FileManager.default.removeItem(atPath: path)
        }
        return try body(path)
    }

    /// A free loopback TCP port (bound to 0, then released).
    static func freePort() -> Int {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) }
        }
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        return Int(UInt16(bigEndian: address.sin_port))
    }

    /// Whether something accepts TCP connections on 127.0.0.1:`port`.
    static func listening(_ port: Int) -> Bool {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = UInt16(port).bigEndian
        return withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        } == 0
    }

    /// A migrated database in `dir`, for the copy ledger.
    static func database(_ dir: String) throws -> Database {
        let db = try Database(path: dir + "/forge.sqlite3")
        try ForgeSchema.migrator().migrate(db, now: Date())
        return db
    }

    /// A backup-shaped SQLite file of about `count` bytes at `path`: a migrated database (its
    /// household id) holding `count` random bytes in one blob, as `VACUUM INTO` writes a backup.
    static func randomBackup(_ path: String, _ count: Int) throws {
        let dir = path + ".src"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let db = try database(dir)
        defer { db.close() }
        try db.write {
            try $0.execute("CREATE TABLE filler (b BLOB)")
            try $0.execute("INSERT INTO filler VALUES (randomblob(?))", [count])
        }
        try db.vacuum(into: path)
    }

    /// A file of `count` random bytes at `path`.
    static func randomFile(_ path: String, _ count: Int) throws {
        let random = try FileHandle(forReadingFrom: URL(fileURLWithPath: "/dev/urandom"))
        defer { try? random.close() }
        #expect(FileManager.default.createFile(atPath: path, contents: nil))
        let out = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        defer { try? out.close() }
        var left = count
        while left > 0 {
            let piece = try random.read(upToCount: min(left, 1 << 20)) ?? Data()
            try out.write(contentsOf: piece)
            left -= piece.count
        }
    }
}

/// `rclone serve webdav|sftp` on loopback, serving `root`, with one user;
/// and the rclone config file a client needs to reach it as remote `remote`.
/// `@unchecked Sendable`: its fields are set once in init; `kill()` may come from a watcher thread (Process is thread-safe).
final class RcloneServer: @unchecked Sendable {
    let process = Process()
    let port = OffBox.freePort()
    let root: String
    let config: String

    /// - Parameters:
    ///   - protocol: `webdav` or `sftp`.
    ///   - clientPassword: the password the client's config holds (a wrong one for the refusal test).
    init(_ protocol: String, root: String, configDir: String, clientPassword: String = "s3cret") throws {
        let rclone = try OffBox.tool("rclone", package: "rclone")
        self.root = root
        process.executableURL = URL(fileURLWithPath: rclone)
        process.arguments = [
            "serve", `protocol`, root, "--addr", "127.0.0.1:\(port)", "--user", "forge", "--pass", "s3cret",
            "--config", "/dev/null",
        ]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        let obscured = try OffBox.run(rclone, ["obscure", clientPassword]).output
            .trimmingCharacters(in: .whitespacesAndNewlines)
        let section =
            `protocol` == "webdav"
            ? "type = webdav\nurl = http://127.0.0.1:\(port)\nvendor = other\nuser = forge\npass = \(obscured)\n"
            : "type = sftp\nhost = 127.0.0.1\nport = \(port)\nuser = forge\npass = \(obscured)\nshell_type = none\n"
        config = configDir + "/rclone-\(`protocol`).conf"
        try "[remote]\n\(section)".write(toFile: config, atomically: true, encoding: .utf8)
        for _ in 0..<200 where !OffBox.listening(port) { usleep(25_000) }
        try #require(OffBox.listening(port), "rclone serve \(`protocol`) did not listen on \(port)")
    }

    /// Kills the server at once (SIGKILL), as a server dying mid-copy.
    func kill() {
        if process.isRunning { Foundation.kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
    }

    deinit { kill() }
}
