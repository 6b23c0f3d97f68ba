import ForgeAPI
import ForgeCore
import ForgeHTTP
import ForgeHousehold
import ForgeStore
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A forged app with a temporary state directory, for integration tests, reached in process
/// (``InProcessServer``) or through a real HTTP server on 127.0.0.1 and an ephemeral port
/// (``TestTransport``). Always stopped by ``withTestServer``.
final class TestServer: Sendable {
    let app: ForgeApp
    /// The socket server, for `transport: .socket`; nil in process.
    let server: HTTPServer?
    /// The socket-free pipeline, for `transport: .inProcess`; nil with a socket.
    let inProcess: InProcessServer?
    /// `http://127.0.0.1:PORT`: with a socket its real port; in process port 0, which no socket
    /// answers, so the `Host` and `Origin` a test builds from it look as they do over TCP.
    let baseURL: String
    let directory: URL

    init(
        devAuth: Bool = true, allowed: [AllowedUser] = TestServer.household, timeZone: String = "Europe/London",
        clock: any Clock = SystemClock(), allowPrivateFetch: Bool = false,
        backupRetention: BackupRetention = BackupRetention(), exerciseMediaDir: String? = nil,
        hostNames: Set<String> = [], transport: TestTransport = .inProcess
    ) throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("forge-test-\(Identifier.make())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let db = try Database(path: directory.appendingPathComponent("forge.sqlite3").path, clock: clock)
        var config = AppConfiguration(
            devAuth: devAuth, baseURL: "http://127.0.0.1", timeZone: TimeZone(identifier: timeZone)!,
            seedRecipes: true, allowedUsers: allowed, passwordCost: .minimum, build: "test")
        config.allowPrivateFetch = allowPrivateFetch
        config.backupRetention = backupRetention
        config.exerciseMediaDir = exerciseMediaDir
        config.hostNames = hostNames
        app = ForgeApp(db: db, config: config, clock: clock)
        try app.prepare()
        // Upload bodies are spooled where `forged serve` spools them (ServeCommand): the imports'
        // directory, so a test sees a spool file left behind.
        var http = HTTPServer.Configuration(listen: [ListenAddress("127.0.0.1:0")!])
        try FileManager.default.createDirectory(at: app.imports.uploads, withIntermediateDirectories: true)
        http.spoolDirectory = app.imports.uploads.path
        switch transport {
        case .socket:
            let server = HTTPServer(configuration: http, responder: app.makeResponder())
            try server.start()
            self.server = server
            inProcess = nil
            baseURL = "http://127.0.0.1:\(server.boundAddresses[0].port)"
        case .inProcess:
            server = nil
            inProcess = InProcessServer(configuration: http, responder: app.makeResponder())
            baseURL = "http://127.0.0.1:0"
        }
    }

    static let household = [
        AllowedUser(email: "ada@example.org", name: "Ada"),
        AllowedUser(email: "ben@example.org", name: "Ben"),
    ]

    func stop() {
        server?.stop()
        app.db.close()
        try? FileManager.default.removeItem(at: directory)
    }

    struct Reply: Sendable {
        let status: Int
        let headers: [String: String]
        let data: Data
        var json: JSONValue { (try? JSONCoding.decode(JSONValue.self, from: data)) ?? .null }
        func header(_ name: String) -> String? {
            headers.first { $0.key.lowercased() == name.lowercased() }?.value
        }
        /// The `detail` string of an error body.
        var detail: String? { json["detail"]?.stringValue }
    }

    /// Sends one request and returns status, headers and body.
    func request(
        _ method: String, _ path: String, json body: JSONValue? = nil, cookie: String? = nil,
        headers: [String: String] = [:]
    ) async throws -> Reply {
        var request = URLRequest(url: URL(string: baseURL + path)!)
        request.httpMethod = method
        request.httpShouldHandleCookies = false
        if let body {
            request.httpBody = try JSONCoding.encode(body)
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        }
        return try await send(request, cookie: cookie, headers: headers)
    }

    /// Sends `request` with the cookie and extra headers; status, headers and body.
    func send(_ request: URLRequest, cookie: String?, headers: [String: String]) async throws -> Reply {
        var request = request
        if let cookie { request.setValue(cookie, forHTTPHeaderField: "Cookie") }
        for (k, v) in headers { request.setValue(v, forHTTPHeaderField: k) }
        if let inProcess { return try await inProcess.send(request) }
        let (data, response) = try await TestServer.session.data(for: request)
        let http = response as! HTTPURLResponse
        var fields: [String: String] = [:]
        for (k, v) in http.allHeaderFields { fields[String(describing: k)] = String(describing: v) }
        return Reply(status: http.statusCode, headers: fields, data: data)
    }

    func get(_ path: String, cookie: String? = nil) async throws -> Reply {
        try await request("GET", path, cookie: cookie)
    }

    /// Signs in with the dev route and returns the `Cookie` header value.
    func signIn(_ email: String) async throws -> String {
        let reply = try await request("POST", "/auth/dev", json: ["email": .string(email)])
        guard reply.status == 200, let setCookie = reply.header("Set-Cookie") else {
            throw TestFailure(
                "dev sign-in for \(email) failed: \(reply.status) \(String(decoding: reply.data, as: UTF8.self))")
        }
        return String(setCookie.split(separator: ";")[0])
    }

    /// Sets the member's `prefs.unit_load` (`"kg"` or `"lb"`; absent reads as lb, docs/contract.md §1.3).
    func setLoadUnit(_ unit: String, cookie: String) async throws {
        let reply = try await request(
            "PATCH", "/api/prefs", json: ["prefs": ["unit_load": .string(unit)]], cookie: cookie)
        guard reply.status == 200 else { throw TestFailure("unit_load \(unit): \(reply.status)") }
    }

    static let session: URLSession = {
        let config = URLSessionConfiguration.ephemeral
        config.httpShouldSetCookies = false
        config.httpCookieAcceptPolicy = .never
        config.requestCachePolicy = .reloadIgnoringLocalCacheData
        // Many servers on 127.0.0.1 over one session: never queue behind a
        // per-host limit, and never wait forever on a request.
        config.httpMaximumConnectionsPerHost = 64
        config.timeoutIntervalForRequest = 30
        return URLSession(configuration: config)
    }()
}

struct TestFailure: Error, CustomStringConvertible {
    let description: String
    init(_ d: String) { description = d }
}

/// Starts a test server, runs `body`, and always stops the server. `transport` is in process
/// unless the suite's behaviour is the network's (``TestTransport``).
func withTestServer(
    devAuth: Bool = true, allowed: [AllowedUser] = TestServer.household,
    timeZone: String = "Europe/London", clock: any Clock = SystemClock(),
    allowPrivateFetch: Bool = false, backupRetention: BackupRetention = BackupRetention(),
    exerciseMediaDir: String? = nil, hostNames: Set<String> = [], transport: TestTransport = .inProcess,
    _ body: (TestServer) async throws -> Void
) async throws {
    let server = try TestServer(
        devAuth: devAuth, allowed: allowed, timeZone: timeZone, clock: clock,
        allowPrivateFetch: allowPrivateFetch, backupRetention: backupRetention, exerciseMediaDir: exerciseMediaDir,
        hostNames: hostNames, transport: transport)
    defer { server.stop() }
    try await body(server)
}

extension TestServer {
    /// Removes every seat's `prefs.unit_load`, as stored before forged wrote one for every member (issue 38),
    /// for tests of the contract's reading of an absent unit (§1.3: lb).
    func forgetLoadUnits() throws {
        try app.db.write { c in
            for user in try HouseholdStore.allUsers(c) {
                try HouseholdStore.updatePrefs(merge: ["unit_load": .null], userID: user.id, in: c)
            }
        }
    }
}
