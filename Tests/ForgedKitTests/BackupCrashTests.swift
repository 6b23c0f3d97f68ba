import Foundation
import Synchronization
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The release binary under kill -9 (one trial of bench/crash-loop.sh), and the
/// state lock `forged serve` holds against `forged restore`.
@Suite(.serialized, .enabled(if: ReleaseBinary.path != nil, "set FORGED_RELEASE_BINARY (make test does)"))
struct BackupCrashTests {
    static func serve(_ state: URL) throws -> ForgedProcess {
        try ForgedProcess([
            "serve", "--listen", "127.0.0.1:0", "--state-dir", state.path, "--dev-auth", "--config", "/dev/null",
            "--log-level", "notice", "--allowed-users", "ada@example.org:Ada,ben@example.org:Ben",
        ])
    }

    static func signIn(_ forged: ForgedProcess) async throws -> String {
        let (status, _, reply) = try await fetch(
            port: forged.port, "POST", "/auth/dev", body: #"{"email":"ada@example.org"}"#)
        #expect(status == 200)
        return try #require(reply.value(forHTTPHeaderField: "Set-Cookie")?.split(separator: ";").first.map(String.init))
    }

    /// A session that never stores or sends cookies by itself: URLSession.shared
    /// keeps cookies per host, not per port, so other tests' servers on
    /// 127.0.0.1 would otherwise leak their sessions into these requests.
    static let session: URLSession = {
        let config = URLSessionConfiguration.ephemeral
        config.httpShouldSetCookies = false
        config.httpCookieAcceptPolicy = .never
        config.httpCookieStorage = nil
        return URLSession(configuration: config)
    }()

    /// One request; status, body and headers.
    static func fetch(
        port: Int, _ method: String, _ path: String, body: String? = nil,
        cookie: String? = nil
    ) async throws -> (Int, Data, HTTPURLResponse) {
        var request = URLRequest(url: URL(string: "http://127.0.0.1:\(port)\(path)")!)
        request.httpMethod = method
        request.httpShouldHandleCookies = false
        if let body {
            request.httpBody = Data(body.utf8)
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        }
        if let cookie { request.setValue(cookie, forHTTPHeaderField: "Cookie") }
        let (data, response) = try await session.data(for: request)
        let http = response as! HTTPURLResponse
        return (http.statusCode, data, http)
    }

    /// PUT /api/admin/settings; the status, or a thrown error once the server is gone.
    static func put(port: Int, body: String, cookie: String) async throws -> Int {
        try await fetch(port: port, "PUT", "/api/admin/settings", body: body, cookie: cookie).0
    }

    static func run(_ arguments: [String]) throws -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try #require(ReleaseBinary.path))
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        return process.terminationStatus
    }

    @Test func everyAcknowledgedWriteSurvivesKillNine() async throws {
        let state = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: state) }
        let forged = try Self.serve(state)
        #expect(forged.port > 0, "forged did not start: \(forged.log)")
        let cookie = try await Self.signIn(forged)
        let keys = ["coach_model", "withings_client_id", "vapid_public_key", "maptiler_key"]
        let acked = AckedWrites()
        let deadline = Date().addingTimeInterval(0.6)
        let port = forged.port
        let pid = forged.process.processIdentifier
        try await withThrowingTaskGroup(of: Void.self) { group in
            for key in keys {
                group.addTask {
                    var n = 0
                    while true {
                        n += 1
                        let body = #"{"values":{"\#(key)":"n\#(n)"}}"#
                        guard let status = try? await Self.put(port: port, body: body, cookie: cookie) else { return }
                        if (200..<300).contains(status) { acked.record(key, n) }
                        if Date() > deadline, n % 3 == 0 { kill(pid, SIGKILL) }
                    }
                }
            }
            try await group.waitForAll()
        }
        forged.process.waitUntilExit()
        #expect(forged.process.terminationReason == .uncaughtSignal)

        let again = try Self.serve(state)
        defer { _ = again.terminate() }
        let (status, data, _) = try await Self.fetch(port: again.port, "GET", "/api/admin/settings", cookie: cookie)
        #expect(status == 200, "\(String(decoding: data, as: UTF8.self)) \(again.log)")
        let settings = try JSONSerialization.jsonObject(with: data) as? [String: [String: Any]] ?? [:]
        let last = acked.last
        #expect(last.count == keys.count)
        for (key, n) in last {
            let stored = Int((settings[key]?["value"] as? String ?? "n0").dropFirst()) ?? 0
            #expect(stored >= n, "\(key): acknowledged n\(n), stored n\(stored)")
        }
    }

    @Test func restoreIsRefusedWhileServeRunsAndWorksAfter() async throws {
        let state = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: state) }
        let copy = state.appendingPathComponent("copy.sqlite3").path
        let forged = try Self.serve(state)
        #expect(forged.port > 0, "forged did not start: \(forged.log)")
        #expect(try Self.run(["backup", "--state-dir", state.path, "--config", "/dev/null", "--output", copy]) == 0)
        // 75 (EX_TEMPFAIL): the state directory is in use (packaging/forged.8, EXIT STATUS).
        #expect(try Self.run(["restore", copy, "--state-dir", state.path, "--config", "/dev/null"]) == 75)
        let (_, health, _) = try await Self.fetch(port: forged.port, "GET", "/healthz")
        let backup = (try JSONSerialization.jsonObject(with: health) as? [String: Any])?["backup"] as? [String: Any]
        #expect(backup?["ok"] as? Bool == true)
        #expect(forged.terminate() == 0)
        #expect(try Self.run(["restore", copy, "--state-dir", state.path, "--config", "/dev/null"]) == 0)
        let backups = try FileManager.default.contentsOfDirectory(atPath: state.appendingPathComponent("backups").path)
        #expect(backups.contains { $0.hasPrefix("pre-restore-") })
        #expect(backups.contains { $0.hasPrefix("forge-") })  // the catch-up backup taken at the first start
    }
}

/// The last acknowledged sequence number per key, shared by the writer tasks.
final class AckedWrites: Sendable {
    private let numbers = Mutex<[String: Int]>([:])
    func record(_ key: String, _ n: Int) { numbers.withLock { $0[key] = max($0[key] ?? 0, n) } }
    var last: [String: Int] { numbers.withLock { $0 } }
}
