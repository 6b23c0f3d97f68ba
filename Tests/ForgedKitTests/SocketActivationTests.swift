import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Socket activation with the real `systemd-socket-activate`: two TCP
/// sockets named `http` and a Unix socket named `events`, as forged.socket
/// and forged-events.socket pass them.
@Suite(.serialized)
struct SocketActivationTests {
    @Test func namedSocketsFromSystemdSocketActivate() async throws {
        let binary = try #require(ForgedBinary.path, "no forged binary built (swift build)")
        let activate = try #require(
            executable("systemd-socket-activate"), "systemd-socket-activate missing (apt install systemd)")
        let state = TempDir()
        defer { state.remove() }
        let first = try freePort()
        let second = try freePort()
        let unused = try freePort()
        let events = shortTemporaryPath(".events")
        defer { unlink(events) }
        let forged = try ServeProcess(
            executable: activate,
            arguments: [
                "-l", "127.0.0.1:\(first)", "-l", "127.0.0.1:\(second)", "-l", events,
                "--fdname=http:http:events",
                binary, "serve", "--listen", "127.0.0.1:\(unused)", "--state-dir", state.file("state"),
                "--config", "/dev/null",
            ],
            environment: cleanEnvironment())
        defer { _ = forged.stop() }
        try #require(forged.waitForLog("Listening on \(events) as 5") != nil, "\(forged.log)")

        // Both http sockets serve (the first request also triggers the start).
        for port in [first, second] {
            let (code, body) = try await httpGet(port: port, "/healthz")
            #expect(code == 200 && body.contains("\"ok\""), "port \(port): \(code) \(body); log: \(forged.log)")
        }
        #expect(forged.waitForLog("serving on 2 socket\\(s\\) passed by systemd") != nil, "\(forged.log)")
        #expect(forged.waitForLog("listening on http://127.0.0.1:\(first) ") != nil)
        #expect(forged.waitForLog("listening on http://127.0.0.1:\(second) ") != nil)
        #expect(forged.waitForLog(#"event socket passed by systemd \(fd 5\)"#) != nil, "\(forged.log)")
        // --listen is not bound when systemd passes http sockets.
        await #expect(throws: (any Error).self) { _ = try await httpGet(port: unused, "/healthz", timeout: 2) }
        #expect(forged.stop() == 0)
        #expect(!forged.log.contains("closing unexpected socket"))
    }

    @Test func unknownNamesAreClosedAndBindingFallsBackToListen() async throws {
        let binary = try #require(ForgedBinary.path, "no forged binary built (swift build)")
        let activate = try #require(
            executable("systemd-socket-activate"), "systemd-socket-activate missing (apt install systemd)")
        let state = TempDir()
        defer { state.remove() }
        let stray = try freePort()
        let own = try freePort()
        let forged = try ServeProcess(
            executable: activate,
            arguments: [
                "-l", "127.0.0.1:\(stray)", "--fdname=metrics",
                binary, "serve", "--listen", "127.0.0.1:\(own)", "--state-dir", state.file("state"),
                "--config", "/dev/null",
            ],
            environment: cleanEnvironment())
        defer { _ = forged.stop() }
        try #require(forged.waitForLog("Listening on 127.0.0.1:\(stray) as 3") != nil, "\(forged.log)")
        // systemd-socket-activate starts forged on the first connection.
        let trigger = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = in_port_t(UInt16(stray).bigEndian)
        _ = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(trigger, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        defer { close(trigger) }
        #expect(
            forged.waitForLog(#"closing unexpected socket from systemd: fd 3 named "metrics""#) != nil, "\(forged.log)")
        // The stray socket is closed before --listen is bound: wait for the listening line.
        #expect(forged.waitForLog("listening on http://127.0.0.1:\(own) ") != nil, "\(forged.log)")
        let (code, _) = try await httpGet(port: own, "/healthz")
        #expect(code == 200)
        #expect(forged.stop() == 0)
    }
}
