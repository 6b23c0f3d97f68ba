import Foundation
import Synchronization
import Testing

@testable import ForgeHTTP

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif
#if canImport(Glibc)
    import Glibc
#endif

private struct SetLog: Codable, Equatable {
    let exercise: String
    let weightKg: Double
    let reps: Int
}

private func serverResponder() -> Responder {
    var router = Router()
    router.post("/api/sessions/:id/sets") { request in
        var set = try JSONDecoder().decode(SetLog.self, from: request.body)
        set = SetLog(
            exercise: set.exercise + " @" + (request.parameter("id") ?? ""), weightKg: set.weightKg, reps: set.reps)
        return try .json(set)
    }
    router.get("/echo/:word") { request in
        try .json([
            "word": request.parameter("word") ?? "", "path": request.path, "q": request.query["q"] ?? "",
            "raw": request.rawQuery, "remote": request.remoteAddress, "ua": request.headers["user-agent"] ?? "",
        ])
    }
    router.get("/boom") { _ in throw CocoaError(.fileNoSuchFile) }
    router.post("/size") { request in .text("\(request.body.count)") }
    router.post("/upload") { request in .text("\(request.body.count)") }
    return router.freeze()
}

@Test func jsonRoundTripWithAPostBody() throws {
    try withTestServer(serverResponder()) { _, client in
        let sent = SetLog(exercise: "Back squat", weightKg: 102.5, reps: 5)
        let reply = try client.send(
            "POST", "/api/sessions/s42/sets", headers: [("Content-Type", "application/json")],
            body: try JSONEncoder().encode(sent))
        #expect(reply.status == 200)
        #expect(reply.headers["Content-Type"] == "application/json")
        #expect(reply.headers["Cache-Control"] == "no-store")
        #expect(
            try JSONDecoder().decode(SetLog.self, from: reply.body)
                == SetLog(exercise: "Back squat @s42", weightKg: 102.5, reps: 5))
    }
}

@Test func urlSessionRoundTrip() async throws {
    var router = Router()
    router.post("/double") { request in
        let numbers = try JSONDecoder().decode([Int].self, from: request.body)
        return try .json(numbers.map { $0 * 2 })
    }
    let server = HTTPServer(configuration: .init(listen: [ListenAddress("127.0.0.1:0")!]), responder: router.freeze())
    try server.start()
    defer { server.stop() }
    let port = server.boundAddresses[0].port
    var request = URLRequest(url: URL(string: "http://127.0.0.1:\(port)/double")!)
    request.httpMethod = "POST"
    request.setValue("application/json", forHTTPHeaderField: "Content-Type")
    request.httpBody = Data("[1,2,21]".utf8)
    let (data, response) = try await URLSession.shared.data(for: request)
    let http = try #require(response as? HTTPURLResponse)
    #expect(http.statusCode == 200)
    #expect(String(decoding: data, as: UTF8.self) == "[2,4,42]")
    #expect(http.value(forHTTPHeaderField: "X-Request-Id")?.count == 16)
}

@Test func pathQueryHeadersAndRemoteAddressReachTheHandler() throws {
    try withTestServer(serverResponder()) { _, client in
        let reply = try client.send("GET", "/echo/caf%C3%A9?q=a+b%26c&x=1", headers: [("User-Agent", "forge-test/1")])
        #expect(reply.status == 200)
        let json = try reply.json()
        #expect(json["word"] as? String == "café")
        #expect(json["path"] as? String == "/echo/café")
        #expect(json["q"] as? String == "a b&c")
        #expect(json["raw"] as? String == "q=a+b%26c&x=1")
        #expect(json["remote"] as? String == "127.0.0.1")
        #expect(json["ua"] as? String == "forge-test/1")
    }
}

@Test func bodyOverTheCapIsRejectedFromContentLength() throws {
    try withTestServer(serverResponder()) { server, client in
        // Announce 2 MiB but send nothing: the answer must come from the header alone.
        let fd = try client.connect()
        defer { close(fd) }
        let head = "POST /size HTTP/1.1\r\nHost: x\r\nConnection: close\r\nContent-Length: \(2 << 20)\r\n\r\n"
        try client.write(fd, Data(head.utf8))
        let reply = try RawHTTPClient.parse(client.readAll(fd), method: "POST")
        #expect(reply.status == 413)
        #expect(reply.text == #"{"detail":"request body too large"}"#)
        #expect(reply.headers["X-Request-Id"]?.count == 16)
        #expect(server.configuration.maxBodyBytes == 1 << 20)
    }
}

@Test func twoMebibyteBodyGets413AndOneMebibyteIsAccepted() throws {
    try withTestServer(serverResponder()) { _, client in
        let fd = try client.connect()
        defer { close(fd) }
        // Expect: 100-continue lets the client wait for the verdict before uploading.
        let head =
            "POST /size HTTP/1.1\r\nHost: x\r\nConnection: close\r\nExpect: 100-continue\r\nContent-Length: \(2 << 20)\r\n\r\n"
        try client.write(fd, Data(head.utf8))
        let reply = try RawHTTPClient.parse(client.readAll(fd), method: "POST")
        #expect(reply.status == 413)

        let accepted = try client.send("POST", "/size", body: Data(repeating: 7, count: 1 << 20))
        #expect(accepted.status == 200)
        #expect(accepted.text == "\(1 << 20)")
    }
}

@Test func uploadRoutesHaveTheirOwnCap() throws {
    try withTestServer(
        serverResponder(),
        configure: {
            $0.maxBodyBytes = 1000
            $0.uploadLimits = ["/upload": 5000]
        }
    ) { _, client in
        let body = Data(repeating: 7, count: 3000)
        let upload = try client.send("POST", "/upload?source=test", body: body)
        #expect(upload.status == 200 && upload.text == "3000")
        #expect(try client.send("POST", "/size", body: body).status == 413)
        #expect(try client.send("POST", "/upload", body: Data(repeating: 7, count: 5001)).status == 413)
    }
}

@Test func chunkedBodyOverTheCapIsRejected() throws {
    try withTestServer(serverResponder(), configure: { $0.maxBodyBytes = 1000 }) { _, client in
        let fd = try client.connect()
        defer { close(fd) }
        let chunk = String(repeating: "x", count: 600)
        let head = "POST /size HTTP/1.1\r\nHost: x\r\nConnection: close\r\nTransfer-Encoding: chunked\r\n\r\n"
        let chunks = "258\r\n\(chunk)\r\n258\r\n\(chunk)\r\n0\r\n\r\n"
        try client.write(fd, Data((head + chunks).utf8))
        let reply = try RawHTTPClient.parse(client.readAll(fd), method: "POST")
        #expect(reply.status == 413)
        #expect(reply.text == #"{"detail":"request body too large"}"#)
    }
}

@Test func throwingHandlerGives500WithRequestIDAndTheServerKeepsServing() throws {
    let errors = Mutex<[String]>([])
    try withTestServer(
        serverResponder(),
        onError: { request, _ in
            errors.withLock { $0.append(request.requestID) }
        }
    ) { _, client in
        let reply = try client.send("GET", "/boom")
        #expect(reply.status == 500)
        let json = try reply.json()
        #expect(json["detail"] as? String == "internal error")
        let id = try #require(json["request_id"] as? String)
        #expect(reply.headers["X-Request-Id"] == id)
        #expect(errors.withLock { $0 } == [id])
        #expect(try client.send("GET", "/echo/still").status == 200)
    }
}

@Test func everyResponseCarriesARequestIDAndOneAccessLogLine() throws {
    let entries = Mutex<[AccessLogEntry]>([])
    try withTestServer(serverResponder(), accessLog: { entry in entries.withLock { $0.append(entry) } }) { _, client in
        let found = try client.send("GET", "/echo/hi", headers: [("User-Agent", "probe")])
        let missing = try client.send("GET", "/nowhere")
        let wrong = try client.send("DELETE", "/echo/hi")
        #expect(missing.status == 404)
        #expect(wrong.status == 405)
        #expect(wrong.headers["Allow"] == "GET, HEAD, OPTIONS")
        let ids = [found, missing, wrong].compactMap { $0.headers["X-Request-Id"] }
        #expect(ids.count == 3 && Set(ids).count == 3)
        let logged = entries.withLock { $0 }
        #expect(logged.map(\.requestID) == ids)
        #expect(logged.map(\.status) == [200, 404, 405])
        #expect(logged[0].method == "GET" && logged[0].path == "/echo/hi" && logged[0].userAgent == "probe")
        #expect(logged[0].bytes == found.body.count && logged[0].remoteAddress == "127.0.0.1")
    }
}

@Test func headSendsGetHeadersWithContentLengthButNoBody() throws {
    try withTestServer(serverResponder()) { _, client in
        let get = try client.send("GET", "/echo/head")
        let head = try client.send("HEAD", "/echo/head")
        #expect(head.status == 200)
        #expect(head.body.isEmpty)
        #expect(head.headers["Content-Length"] == String(get.body.count))
        #expect(get.body.count > 0)
    }
}

@Test func unknownMethodIs405() throws {
    try withTestServer(serverResponder()) { _, client in
        let reply = try client.send("TRACE", "/echo/x")
        #expect(reply.status == 405)
        #expect(reply.text == #"{"detail":"method not allowed"}"#)
    }
}

@Test func ipv6LoopbackBindWorks() throws {
    try withTestServer(serverResponder(), listen: "[::1]:0") { server, client in
        #expect(server.boundAddresses[0].host == "::1")
        #expect(server.boundAddresses[0].port > 0)
        let reply = try client.send("GET", "/echo/v6")
        #expect(try reply.json()["remote"] as? String == "::1")
    }
}

@Test func wildcardIPv6SocketAlsoServesIPv4() throws {
    try withTestServer(serverResponder(), listen: "[::]:0") { server, _ in
        let port = server.boundAddresses[0].port
        let v4 = RawHTTPClient(address: ListenAddress(host: "127.0.0.1", port: port))
        let reply = try v4.send("GET", "/echo/dual")
        #expect(reply.status == 200)
        #expect(try reply.json()["remote"] as? String == "127.0.0.1")
    }
}

@Test func stopReleasesThePortAndIsIdempotent() throws {
    let server = HTTPServer(configuration: .init(listen: [ListenAddress("127.0.0.1:0")!]), responder: serverResponder())
    try server.start()
    let address = server.boundAddresses[0]
    #expect(try RawHTTPClient(address: address).send("GET", "/echo/a").status == 200)
    server.stop()
    server.stop()
    #expect(server.inFlightRequests == 0)
    #expect(server.boundAddresses.isEmpty)
    #expect(throws: RawHTTPClient.Failure.self) { try RawHTTPClient(address: address).connect() }
    let fd = try ListenSocket.bind(address)
    close(fd)
}

@Test func bindingABusyPortThrowsAReadableError() throws {
    let busy = try ListenSocket.bind(ListenAddress("127.0.0.1:0")!)
    defer { close(busy) }
    let address = try #require(ListenSocket.localAddress(of: busy))
    let server = HTTPServer(configuration: .init(listen: [address]), responder: serverResponder())
    #expect(throws: HTTPServerError.socketFailed(address: address, call: "bind", errno: EADDRINUSE)) {
        try server.start()
    }
    let error = HTTPServerError.socketFailed(address: address, call: "bind", errno: EADDRINUSE)
    #expect(error.description == "cannot listen on \(address): bind failed: Address already in use")
}

@Test func preBoundSocketsAreServed() throws {
    let fd = try ListenSocket.bind(ListenAddress("127.0.0.1:0")!)
    let address = try #require(ListenSocket.localAddress(of: fd))
    let server = HTTPServer(configuration: .init(listenSockets: [fd]), responder: serverResponder())
    try server.start()
    defer { server.stop() }
    #expect(server.boundAddresses == [address])
    #expect(try RawHTTPClient(address: address).send("GET", "/echo/fd").status == 200)
}
