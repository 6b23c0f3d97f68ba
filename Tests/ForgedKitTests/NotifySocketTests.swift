import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// A real NOTIFY_SOCKET: the Unix datagram socket systemd listens on, bound
/// by the test; every datagram is one sd_notify message.
final class NotifyListener {
    let path = shortTemporaryPath(".notify")
    let fd: Int32

    init() throws {
        fd = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        try #require(fd >= 0)
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            let bytes = Array(path.utf8)
            raw.copyBytes(from: bytes)
            raw[bytes.count] = 0
        }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        try #require(bound == 0, "bind \(path): errno \(errno)")
        var timeout = timeval(tv_sec: 0, tv_usec: 100_000)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    }

    deinit {
        close(fd)
        unlink(path)
    }

    /// Every message received until `deadline` passes or `until` holds for
    /// the latest one, in arrival order.
    func receive(for seconds: Double, until: (String) -> Bool = { _ in false }) -> [String] {
        let deadline = Date().addingTimeInterval(seconds)
        var messages: [String] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while Date() < deadline {
            let count = recv(fd, &buffer, buffer.count, 0)
            guard count > 0 else { continue }
            let message = String(decoding: buffer[0..<count], as: UTF8.self)
            messages.append(message)
            if until(message) { break }
        }
        return messages
    }
}

/// `Type=notify` as systemd sees it: a real datagram listener in
/// NOTIFY_SOCKET and forged started with WATCHDOG_USEC.
@Suite(.serialized)
struct NotifySocketTests {
    @Test func readyStatusWatchdogReloadAndStopping() async throws {
        let binary = try #require(ForgedBinary.path, "no forged binary built (swift build)")
        let listener = try NotifyListener()
        let state = TempDir()
        defer { state.remove() }
        let config = try state.write("forged.conf", "FORGE_LOG_LEVEL=notice\nFORGE_THREADS=2\n")
        let forged = try ServeProcess(
            executable: binary,
            arguments: [
                "serve", "--listen", "127.0.0.1:0", "--state-dir", state.file("state"), "--config", config,
                "--allowed-users", "ada@example.org:Ada,ben@example.org:Ben",
            ],
            environment: cleanEnvironment(["NOTIFY_SOCKET": listener.path, "WATCHDOG_USEC": "1000000"]))
        defer { _ = forged.stop() }

        // READY=1 comes once, with a one-line STATUS=.
        let startup = listener.receive(for: 60) { $0.contains("READY=1") }
        let ready = try #require(startup.last { $0.contains("READY=1") }, "no READY=1; log: \(forged.log)")
        let status = try #require(ready.split(separator: "\n").first { $0.hasPrefix("STATUS=") })
        #expect(status == "STATUS=2 members; last backup: none; timers running: 0")
        let port = try #require(forged.listeningPort())

        // WATCHDOG=1 at half of WATCHDOG_USEC (1 s): several in 3 s.
        let ticking = listener.receive(for: 3)
        #expect(ticking.filter { $0 == "WATCHDOG=1" }.count >= 2, "got \(ticking)")

        // SIGHUP: RELOADING=1 with MONOTONIC_USEC, then READY=1; the new log level applies.
        try "FORGE_LOG_LEVEL=debug\nFORGE_THREADS=3\n".write(toFile: config, atomically: true, encoding: .utf8)
        forged.signal(SIGHUP)
        let reload = listener.receive(for: 20) { $0.contains("READY=1") }.filter { $0 != "WATCHDOG=1" }
        let reloading = try #require(reload.first { $0.contains("RELOADING=1") }, "got \(reload)")
        let monotonic = reloading.split(separator: "\n").first { $0.hasPrefix("MONOTONIC_USEC=") }
        #expect(
            monotonic.flatMap { UInt64($0.dropFirst("MONOTONIC_USEC=".count)) }.map { $0 > 0 } == true,
            "got \(reloading)")
        #expect(reload.last?.contains("READY=1") == true)
        #expect(reload.firstIndex { $0.contains("RELOADING=1") }! < reload.lastIndex { $0.contains("READY=1") }!)
        #expect(forged.waitForLog("reloaded log-level") != nil, "\(forged.log)")
        #expect(forged.waitForLog("threads changed in the configuration; it takes effect at the next restart") != nil)
        // Still serving, and at debug level now the access log line shows.
        let (code, body) = try await httpGet(port: port, "/healthz")
        #expect(code == 200 && body.contains("\"ok\""))
        #expect(forged.waitForLog(#"GET /healthz 200"#, seconds: 5) != nil)

        // SIGTERM: STOPPING=1 first, no watchdog ping after it, exit 0.
        forged.signal(SIGTERM)
        let stopping = listener.receive(for: 20) { $0.contains("STOPPING=1") }
        #expect(stopping.last?.contains("STOPPING=1") == true, "got \(stopping)")
        #expect(forged.stop() == 0)
        let after = listener.receive(for: 0.5)
        #expect(!after.contains("WATCHDOG=1"), "watchdog ping after STOPPING=1: \(after)")
        #expect(forged.log.contains("stopped"))
    }

    @Test func withoutNotifySocketItServesAndStopsCleanly() async throws {
        let binary = try #require(ForgedBinary.path, "no forged binary built (swift build)")
        let state = TempDir()
        defer { state.remove() }
        let forged = try ServeProcess(
            executable: binary,
            arguments: [
                "serve", "--listen", "127.0.0.1:0", "--state-dir", state.file("state"), "--config", "/dev/null",
            ],
            environment: cleanEnvironment())
        let port = try #require(forged.listeningPort(), "\(forged.log)")
        let (code, _) = try await httpGet(port: port, "/healthz")
        #expect(code == 200)
        // SIGHUP must not kill a daemon that is not under systemd either.
        forged.signal(SIGHUP)
        #expect(forged.waitForLog("reloading configuration") != nil)
        let (again, _) = try await httpGet(port: port, "/healthz")
        #expect(again == 200)
        #expect(forged.stop() == 0, "\(forged.log)")
        // Plain stderr lines keep the <N> priority prefix; the started line has it at notice.
        #expect(forged.log.contains("<5>forged "), "\(forged.log)")
    }
}
