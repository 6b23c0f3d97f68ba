import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A real full filesystem: a small tmpfs mounted as the state directory.
enum Tmpfs {
    /// Whether this process may mount one (root with CAP_SYS_ADMIN), tried once.
    static let mountable: Bool = {
        guard runsAsRoot, FileManager.default.isExecutableFile(atPath: "/bin/mount") else { return false }
        let probe = temporaryDirectory().path
        defer { try? FileManager.default.removeItem(atPath: probe) }
        try? FileManager.default.createDirectory(atPath: probe, withIntermediateDirectories: true)
        guard (try? runProcess("/bin/mount", ["-t", "tmpfs", "-o", "size=1m", "tmpfs", probe]))?.status == 0 else {
            return false
        }
        _ = try? runProcess("/bin/umount", [probe])
        return true
    }()
}

/// Disk full on the release binary (issue 17, item 3). Where mounting is not
/// possible, `DiskFullTests` (ForgeAPITests) covers the same answers with
/// SQLite's `max_page_count`.
@Suite(
    .serialized,
    .enabled(if: ReleaseBinary.path != nil, "set FORGED_RELEASE_BINARY (make test does)"),
    .enabled(
        if: runsAsRoot,
        "needs root to mount a tmpfs (run make test as root, as CI does); DiskFullTests covers this with max_page_count"
    ))
struct DiskFullReleaseTests {
    @Test func aFullTmpfsAnswers507HealthzNotOkAndRecoversWhenSpaceReturns() async throws {
        try #require(Tmpfs.mountable, "root cannot mount a tmpfs here (needs CAP_SYS_ADMIN and /bin/mount)")
        let state = temporaryDirectory()
        try FileManager.default.createDirectory(at: state, withIntermediateDirectories: true)
        try #require(
            try runProcess("/bin/mount", ["-t", "tmpfs", "-o", "size=48m,mode=0700", "tmpfs", state.path]).status == 0)
        defer {
            _ = try? runProcess("/bin/umount", ["-l", state.path])
            try? FileManager.default.removeItem(at: state)
        }
        let forged = try ForgedProcess([
            "serve", "--listen", "127.0.0.1:0", "--state-dir", state.path, "--dev-auth",
            "--config", "/dev/null", "--allowed-users", "ada@example.org:Ada",
        ])
        defer { _ = forged.terminate() }
        try #require(forged.port > 0, "forged did not start: \(forged.log)")
        let (_, _, signIn) = try await forged.fetch("/auth/dev", method: "POST", body: #"{"email":"ada@example.org"}"#)
        let cookie = try #require(
            signIn.value(forHTTPHeaderField: "Set-Cookie")?.split(separator: ";").first.map(String.init))
        // Let the start-up backup finish, then fill the filesystem.
        for _ in 0..<200 where !forged.log.contains("backup done") { usleep(50_000) }
        let filler = state.appendingPathComponent("filler").path
        let fd = open(filler, O_WRONLY | O_CREAT, 0o600)
        let chunk = [UInt8](repeating: 0x55, count: 64 << 10)
        while chunk.withUnsafeBytes({ write(fd, $0.baseAddress, $0.count) }) > 0 {}
        close(fd)

        var refused: (Int, String)?
        for i in 0..<500 {
            let body = #"{"type":"weight","value":\#(60 + i % 30)}"#
            let (status, data, _) = try await forged.fetch("/api/body", method: "POST", body: body, cookie: cookie)
            if status != 200 {
                refused = (status, String(decoding: data, as: UTF8.self))
                break
            }
        }
        let reply = try #require(refused, "every write succeeded on a full filesystem")
        #expect(reply.0 == 507 && reply.1.contains("disk full"), "\(reply)")
        let (sick, sickBody, _) = try await forged.fetch("/healthz")
        let health = try JSONSerialization.jsonObject(with: sickBody) as? [String: Any] ?? [:]
        #expect(sick == 503 && health["ok"] as? Bool == false)
        #expect((health["reason"] as? String)?.hasPrefix("disk full since ") == true, "\(health)")
        #expect(forged.log.contains("<3>disk full: a write to"), "\(forged.log)")

        // Space returns: the next write succeeds and /healthz is ok again.
        unlink(filler)
        let (again, _, _) = try await forged.fetch(
            "/api/body", method: "POST", body: #"{"type":"weight","value":70}"#, cookie: cookie)
        #expect(again == 200)
        let (healthy, healthyBody, _) = try await forged.fetch("/healthz")
        let recovered = try JSONSerialization.jsonObject(with: healthyBody) as? [String: Any] ?? [:]
        #expect(healthy == 200 && recovered["ok"] as? Bool == true && recovered["reason"] == nil)
        #expect(forged.log.contains("writes succeed again"))
        #expect(forged.terminate() == 0)
    }
}
