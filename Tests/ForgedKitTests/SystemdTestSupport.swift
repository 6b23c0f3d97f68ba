import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif
#if canImport(Glibc)
    import Glibc
#endif

/// The repository root (for systemd/ and packaging/).
let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

/// The forged binary the process tests run: the release binary when
/// `make test` names it, else the debug one built beside this test bundle.
enum ForgedBinary {
    static var path: String? {
        if let release = ReleaseBinary.path { return release }
        let candidates = [
            URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("forged")
                .path,
            repositoryRoot.appendingPathComponent(".build/debug/forged").path,
        ]
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0) }
    }
}

/// Finds an executable on PATH (or the usual sbin directories).
func executable(_ name: String) -> String? {
    let path = (ProcessInfo.processInfo.environment["PATH"] ?? "") + ":/usr/sbin:/sbin:/usr/bin:/bin"
    return path.split(separator: ":").map { "\($0)/\(name)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
}

/// Whether the tests run as root. A test that needs root (mounting a tmpfs, a
/// private mount namespace, giving files away) is the one kind that skips, saying
/// why, when `make test` runs as another user; as root it must work or fail.
let runsAsRoot = geteuid() == 0

/// The reason printed when a root-only test is skipped.
let needsRoot: Comment = "needs root (run make test as root, as CI does)"

/// The path of `name` (as ``executable(_:)`` finds it), or an error naming the
/// Debian package to install: a test that needs a tool fails without it, never skips.
/// `make deps` installs every package in packaging/debian-packages.txt.
func requiredTool(_ name: String, package: String) throws -> String {
    guard let path = executable(name) else {
        throw ToolMissing(
            description:
                "\(name) missing: apt-get install \(package) (make deps installs packaging/debian-packages.txt)")
    }
    return path
}

/// A tool a test needs is not installed; the message names its Debian package.
struct ToolMissing: Error, CustomStringConvertible {
    let description: String
}

/// Runs a command to completion; returns its exit status and its stdout
/// followed by its stderr (through files, see ``runProcess``).
@discardableResult
func runCommand(_ path: String, _ arguments: [String], environment: [String: String]? = nil) throws -> (
    status: Int32, output: String
) {
    let result = try runProcess(path, arguments, environment: environment)
    return (result.status, result.out + result.err)
}

/// The environment of this test process without systemd's variables, so a
/// child only sees what a test sets.
func cleanEnvironment(_ extra: [String: String] = [:]) -> [String: String] {
    var environment = ProcessInfo.processInfo.environment.filter { name, _ in
        ![
            "NOTIFY_SOCKET", "WATCHDOG_USEC", "WATCHDOG_PID", "LISTEN_FDS", "LISTEN_PID", "LISTEN_FDNAMES",
            "JOURNAL_STREAM",
        ].contains(name) && !name.hasPrefix("FORGE_")
    }
    environment.merge(extra) { $1 }
    return environment
}

/// A free TCP port on 127.0.0.1 (bound, read, released).
func freePort() throws -> Int {
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    defer { close(fd) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    address.sin_port = 0
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let bound = withUnsafeMutablePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer -> Int32 in
            guard bind(fd, pointer, length) == 0 else { return -1 }
            return getsockname(fd, pointer, &length)
        }
    }
    try #require(bound == 0)
    return Int(UInt16(bigEndian: address.sin_port))
}

/// A short temporary path (Unix socket paths must fit in 108 bytes).
func shortTemporaryPath(_ suffix: String) -> String {
    "/tmp/fg-\(UUID().uuidString.prefix(8))\(suffix)"
}

/// A `forged serve` child whose stderr is collected in the background.
final class ServeProcess: @unchecked Sendable {
    let process = Process()
    private let lock = NSLock()
    private var collected = ""

    init(executable: String, arguments: [String], environment: [String: String]) throws {
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.environment = environment
        process.standardOutput = FileHandle.nullDevice
        let pipe = Pipe()
        process.standardError = pipe
        pipe.fileHandleForReading.readabilityHandler = { [weak self] handle in
            let data = handle.availableData
            guard let self, !data.isEmpty else { return }
            self.lock.lock()
            self.collected += String(decoding: data, as: UTF8.self)
            self.lock.unlock()
        }
        try process.run()
    }

    /// stderr so far.
    var log: String {
        lock.lock()
        defer { lock.unlock() }
        return collected
    }

    /// Waits until stderr matches `pattern` (a regex); returns the match.
    func waitForLog(_ pattern: String, seconds: Double = 30) -> String? {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            let text = log
            if let range = text.range(of: pattern, options: .regularExpression) { return String(text[range]) }
            if !process.isRunning { break }
            usleep(20_000)
        }
        return nil
    }

    /// The port of the first `listening on http://127.0.0.1:PORT` line.
    func listeningPort() -> Int? {
        waitForLog(#"listening on http://127\.0\.0\.1:\d+"#).flatMap { Int($0.split(separator: ":").last ?? "") }
    }

    func signal(_ number: Int32) { kill(process.processIdentifier, number) }

    /// Sends SIGTERM (unless it already exited) and waits; the exit status.
    func stop(timeout: Double = 60) -> Int32? {
        if process.isRunning { signal(SIGTERM) }
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning, Date() < deadline { usleep(20_000) }
        if process.isRunning {
            signal(SIGKILL)
            process.waitUntilExit()
            return nil
        }
        return process.terminationStatus
    }
}

/// GET http://127.0.0.1:port/path with a fresh connection; status and body.
func httpGet(port: Int, _ path: String, timeout: Double = 30) async throws -> (Int, String) {
    var request = URLRequest(url: URL(string: "http://127.0.0.1:\(port)\(path)")!)
    request.timeoutInterval = timeout
    let (data, response) = try await URLSession.shared.data(for: request)
    return ((response as? HTTPURLResponse)?.statusCode ?? 0, String(decoding: data, as: UTF8.self))
}
