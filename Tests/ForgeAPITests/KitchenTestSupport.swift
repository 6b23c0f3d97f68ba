import ForgeCook
import ForgeCore
import ForgeHousehold
import ForgeStore
import Foundation

@testable import ForgeAPI

#if canImport(Glibc)
    import Glibc
#endif

extension TestServer {
    /// Starts the cook services (scheduler thread, live feed; no socket) for
    /// the body and stops them after.
    func withCookServices(_ body: () async throws -> Void) async throws {
        try app.cook.start(runtimeDir: nil)
        defer { app.cook.stop() }
        try await body()
    }

    /// A seeded recipe with at least three method steps.
    func cookableRecipe() throws -> Recipe {
        try app.db.read { try RecipeStore.all(in: $0) }.first { $0.steps.count >= 3 }!
    }

    /// Pairs a display through the API and returns its `Cookie` header value.
    func pairDisplay(name: String = "Kitchen") async throws -> String {
        let code = try app.db.write { try DisplayStore.create(name: name, now: Date(), in: $0) }.code
        let reply = try await request("POST", "/kitchen/pair", json: ["code": .string(code)])
        guard reply.status == 200, let cookie = reply.header("Set-Cookie") else {
            throw TestFailure("pairing failed: \(reply.status)")
        }
        return String(cookie.split(separator: ";")[0])
    }

    /// The socket server's port; 0 in process, where no socket answers (a suite that reads
    /// Server-Sent Events runs with `transport: .socket`).
    var port: UInt16 { UInt16(server?.boundAddresses[0].port ?? 0) }
}

/// A raw HTTP/1.1 client reading one Server-Sent Events response (chunked),
/// frame by frame, with a read timeout.
final class SSEClient {
    struct Frame {
        var id: String?
        var event: String
        var data: String
        var json: JSONValue { (try? JSONCoding.decode(JSONValue.self, from: Data(data.utf8))) ?? .null }
    }

    let fd: Int32
    private var raw: [UInt8] = []
    private var body: [UInt8] = []
    var status = 0

    init(port: UInt16, cookie: String, lastEventID: String? = nil, timeout: Int = 3) throws {
        fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let ok = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard ok == 0 else { throw TestFailure("connect failed") }
        var tv = timeval(tv_sec: timeout, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, socklen_t(MemoryLayout<timeval>.size))
        var request =
            "GET /api/events HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\nCookie: \(cookie)\r\n"
        if let lastEventID { request += "Last-Event-ID: \(lastEventID)\r\n" }
        request += "\r\n"
        _ = request.withCString { send(fd, $0, strlen($0), 0) }
        // Status line and headers.
        while !containsHeaderEnd() { guard fill() else { throw TestFailure("no headers") } }
        let end = headerEnd()!
        let head = String(decoding: raw[..<end], as: UTF8.self)
        status = Int(head.split(separator: " ")[1]) ?? 0
        raw.removeSubrange(..<(end + 4))
    }

    deinit { close(fd) }

    private func headerEnd() -> Int? {
        guard raw.count >= 4 else { return nil }
        for i in 0...(raw.count - 4) where raw[i] == 13 && raw[i + 1] == 10 && raw[i + 2] == 13 && raw[i + 3] == 10 {
            return i
        }
        return nil
    }
    private func containsHeaderEnd() -> Bool { headerEnd() != nil }

    private func fill() -> Bool {
        var chunk = [UInt8](repeating: 0, count: 8192)
        let n = recv(fd, &chunk, chunk.count, 0)
        guard n > 0 else { return false }
        raw += chunk[..<n]
        return true
    }

    /// Moves complete chunks from `raw` to `body`.
    private func dechunk() {
        while let lineEnd = raw.firstIndex(of: 10), lineEnd > 0 {
            let sizeText = String(decoding: raw[..<(lineEnd - 1)], as: UTF8.self)
            guard let size = Int(sizeText, radix: 16) else { return }
            guard raw.count >= lineEnd + 1 + size + 2 else { return }
            body += raw[(lineEnd + 1)..<(lineEnd + 1 + size)]
            raw.removeSubrange(..<(lineEnd + 1 + size + 2))
        }
    }

    /// The next frame with an `event:` line (skips bare `retry`), or nil on timeout/EOF.
    func next() -> Frame? {
        while true {
            dechunk()
            if let end = findFrameEnd() {
                let text = String(decoding: body[..<end], as: UTF8.self)
                body.removeSubrange(..<(end + 2))
                var frame = Frame(id: nil, event: "", data: "")
                for line in text.split(separator: "\n") {
                    if line.hasPrefix("id: ") { frame.id = String(line.dropFirst(4)) }
                    if line.hasPrefix("event: ") { frame.event = String(line.dropFirst(7)) }
                    if line.hasPrefix("data: ") { frame.data = String(line.dropFirst(6)) }
                }
                if !frame.event.isEmpty { return frame }
                continue
            }
            guard fill() else { return nil }
        }
    }

    /// The next frame named `event`, skipping others (heartbeats).
    func next(_ event: String) -> Frame? {
        while let frame = next() { if frame.event == event { return frame } }
        return nil
    }

    private func findFrameEnd() -> Int? {
        guard body.count >= 2 else { return nil }
        for i in 0...(body.count - 2) where body[i] == 10 && body[i + 1] == 10 { return i }
        return nil
    }
}
