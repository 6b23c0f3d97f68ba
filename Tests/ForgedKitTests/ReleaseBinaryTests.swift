import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The release binary as shipped (statically linked), run as a process.
/// `make test` builds it first and passes its path in FORGED_RELEASE_BINARY.
enum ReleaseBinary {
    static var path: String? {
        if let p = ProcessInfo.processInfo.environment["FORGED_RELEASE_BINARY"],
            FileManager.default.isExecutableFile(atPath: p)
        {
            return p
        }
        return nil
    }
}

/// A running `forged serve` child process.
final class ForgedProcess {
    let process = Process()
    /// stderr goes to a file (not a pipe; see `runProcess`), polled for the listening line.
    let logPath = shortTemporaryPath(".log")
    var port = 0
    var log: String { (try? String(contentsOfFile: logPath, encoding: .utf8)) ?? "" }

    /// Starts the release binary (or `binary`) with `arguments`; a non-empty `launcher`
    /// (program and its arguments) runs first and must `exec` the binary,
    /// which it gets as its next argument, followed by `arguments`; `directory`
    /// is its working directory (nil: this process's).
    init(
        _ arguments: [String], launcher: [String] = [], binary: String? = ReleaseBinary.path,
        environment: [String: String]? = nil, directory: String? = nil
    ) throws {
        _ = FileManager.default.createFile(atPath: logPath, contents: nil)
        let logFile = try FileHandle(forWritingTo: URL(fileURLWithPath: logPath))
        defer { try? logFile.close() }
        let binary = try #require(binary)
        if let environment { process.environment = environment }
        if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory, isDirectory: true) }
        if let program = launcher.first {
            process.executableURL = URL(fileURLWithPath: program)
            process.arguments = Array(launcher.dropFirst()) + [binary] + arguments
        } else {
            process.executableURL = URL(fileURLWithPath: binary)
            process.arguments = arguments
        }
        process.standardError = logFile
        process.standardOutput = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let deadline = Date().addingTimeInterval(30)
        while port == 0, Date() < deadline, process.isRunning {
            if let range = log.range(of: #"listening on http://127\.0\.0\.1:(\d+)"#, options: .regularExpression) {
                port = Int(log[range].split(separator: ":").last ?? "") ?? 0
            } else {
                usleep(20_000)
            }
        }
    }

    deinit { unlink(logPath) }

    /// No shared cookie jar: URLSession.shared keys cookies by host, not port,
    /// so parallel servers on 127.0.0.1 would see each other's sessions.
    static let session: URLSession = {
        let config = URLSessionConfiguration.ephemeral
        config.httpShouldSetCookies = false
        config.httpCookieAcceptPolicy = .never
        return URLSession(configuration: config)
    }()

    func terminate() -> Int32 {
        if process.isRunning { process.terminate() }
        process.waitUntilExit()
        return process.terminationStatus
    }

    /// One request; a `body` goes as `contentType` (JSON unless told). A signed-in write names
    /// the server's own origin (`Origin`), as the README's scripts do (a file upload needs it).
    func fetch(
        _ path: String, method: String = "GET", body: String? = nil, contentType: String = "application/json",
        cookie: String? = nil
    ) async throws -> (Int, Data, HTTPURLResponse) {
        var request = URLRequest(url: URL(string: "http://127.0.0.1:\(port)\(path)")!)
        request.httpMethod = method
        request.httpShouldHandleCookies = false
        if let body {
            request.httpBody = Data(body.utf8)
            request.setValue(contentType, forHTTPHeaderField: "Content-Type")
        }
        if let cookie {
            request.setValue(cookie, forHTTPHeaderField: "Cookie")
            if method != "GET" { request.setValue("http://127.0.0.1:\(port)", forHTTPHeaderField: "Origin") }
        }
        let (data, response) = try await Self.session.data(for: request)
        let http = response as! HTTPURLResponse
        return (http.statusCode, data, http)
    }
}

func temporaryDirectory() -> URL {
    FileManager.default.temporaryDirectory.appendingPathComponent("forged-bin-\(UUID().uuidString)")
}

@Suite(.serialized, .enabled(if: ReleaseBinary.path != nil, "set FORGED_RELEASE_BINARY (make test does)"))
struct ReleaseBinaryTests {
    @Test func namedTimeZonesWorkInTheStaticBinary() async throws {
        let state = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: state) }
        let forged = try ForgedProcess([
            "serve", "--listen", "127.0.0.1:0", "--state-dir", state.path,
            "--timezone", "Pacific/Auckland", "--dev-auth", "--config", "/dev/null",
            "--allowed-users", "ada@example.org:Ada,ben@example.org:Ben",
        ])
        #expect(forged.port > 0, "forged did not start: \(forged.log)")
        let (_, healthData, _) = try await forged.fetch("/healthz")
        let health = try JSONSerialization.jsonObject(with: healthData) as? [String: Any] ?? [:]
        let auckland = try #require(TimeZone(identifier: "Pacific/Auckland"))
        #expect(health["timezone"] as? String == "Pacific/Auckland")
        // A binary without the zone database would silently use GMT (offset 0).
        #expect(health["utc_offset_s"] as? Int == auckland.secondsFromGMT())
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = auckland
        let c = calendar.dateComponents([.year, .month, .day], from: Date())
        let expected = String(format: "%04d-%02d-%02d", c.year!, c.month!, c.day!)

        let (status, _, signIn) = try await forged.fetch(
            "/auth/dev", method: "POST", body: #"{"email":"ada@example.org"}"#)
        #expect(status == 200)
        let cookie = try #require(
            signIn.value(forHTTPHeaderField: "Set-Cookie")?.split(separator: ";").first.map(String.init))
        let (_, todayData, _) = try await forged.fetch("/api/today", cookie: cookie)
        let today = try JSONSerialization.jsonObject(with: todayData) as? [String: Any] ?? [:]
        #expect(today["date"] as? String == expected)
        #expect(health["today"] as? String == expected)
        #expect(forged.terminate() == 0)
    }

    @Test func uploadRoutesTakeBodiesOverMaxBody() async throws {
        let state = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: state) }
        let forged = try ForgedProcess([
            "serve", "--listen", "127.0.0.1:0", "--state-dir", state.path, "--dev-auth",
            "--config", "/dev/null", "--allowed-users", "ada@example.org:Ada",
            "--max-body", "64K", "--max-upload", "4M",
        ])
        let (_, _, signIn) = try await forged.fetch("/auth/dev", method: "POST", body: #"{"email":"ada@example.org"}"#)
        let cookie = try #require(
            signIn.value(forHTTPHeaderField: "Set-Cookie")?.split(separator: ";").first.map(String.init))
        let (_, tokenData, _) = try await forged.fetch("/api/connections/token", cookie: cookie)
        let token = try #require(
            (try JSONSerialization.jsonObject(with: tokenData) as? [String: Any])?["token"] as? String)
        // A 2 MiB push: over --max-body, under --max-upload.
        let push =
            #"{"data":{"metrics":[],"workouts":[]},"padding":""# + String(repeating: "x", count: 2 << 20) + #""}"#
        let (ingested, reply, _) = try await forged.fetch("/ingest?token=\(token)", method: "POST", body: push)
        #expect(ingested == 200, "\(String(decoding: reply, as: UTF8.self))")
        // Refused bodies are answered 413 from their head, before the body is
        // read: sent as a client that does not want to upload in vain sends
        // them (`Expect: 100-continue`), so the answer is read rather than
        // racing a broken pipe on the rest of the upload.
        let file = state.appendingPathComponent("push.json").path
        try Data(push.utf8).write(to: URL(fileURLWithPath: file))
        let big = state.appendingPathComponent("big.json").path
        try Data((push + String(repeating: " ", count: 3 << 20)).utf8).write(to: URL(fileURLWithPath: big))
        let base = "http://127.0.0.1:\(forged.port)"
        let upload = "-H 'Expect: 100-continue' -H 'Content-Type: application/json'"
        #expect(
            try curlStatus("-X PATCH \(upload) -H 'Cookie: \(cookie)' --data-binary @\(file) \(base)/api/prefs") == 413)
        #expect(try curlStatus("\(upload) --data-binary @\(big) '\(base)/ingest?token=\(token)'") == 413)
        #expect(forged.terminate() == 0)
    }

    @Test func versionAndHealthzShareTheBuildStamp() async throws {
        let version = try runProcess(try #require(ReleaseBinary.path), ["--version"])
        let line = version.out
        let range = try #require(line.range(of: #"build [0-9a-f]{12}"#, options: .regularExpression))
        let stamp = line[range].dropFirst(6)
        #expect(version.status == 0)

        let state = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: state) }
        let forged = try ForgedProcess([
            "serve", "--listen", "127.0.0.1:0", "--state-dir", state.path, "--config", "/dev/null",
        ])
        let (_, data, _) = try await forged.fetch("/healthz")
        let health = try JSONSerialization.jsonObject(with: data) as? [String: Any] ?? [:]
        #expect(health["build"] as? String == String(stamp))
        #expect(forged.terminate() == 0)
        // The database is private to the service user.
        let attributes = try FileManager.default.attributesOfItem(
            atPath: state.appendingPathComponent("forge.sqlite3").path)
        #expect((attributes[.posixPermissions] as? Int) == 0o600)
    }

    @Test(arguments: [
        (["--timezone", "Mars/Base"], "timezone"),
        (["--listen", "127.0.0.1:99999"], "listen"),
        (["--allowed-users", "not-an-email"], "allowed-users"),
    ])
    func badConfigIsOneLineAndExitStatusTwoWithNothingOnDisk(flags: [String], setting: String) throws {
        let state = temporaryDirectory().appendingPathComponent("state")
        let run = try runProcess(
            try #require(ReleaseBinary.path),
            ["serve", "--state-dir", state.path, "--config", "/dev/null"] + flags)
        let text = run.err
        #expect(run.status == 2)
        #expect(text.split(separator: "\n").count == 1)
        #expect(text.contains(setting))
        #expect(!FileManager.default.fileExists(atPath: state.deletingLastPathComponent().path))
    }
}
