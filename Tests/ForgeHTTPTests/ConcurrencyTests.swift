import Foundation
import Synchronization
import Testing

@testable import ForgeHTTP

#if canImport(Glibc)
    import Glibc
#endif

private final class Hits: Sendable {
    let count = Atomic<Int>(0)
}

private func counterResponder(_ hits: Hits) -> Responder {
    var router = Router()
    router.post("/count") { request in
        hits.count.add(1, ordering: .relaxed)
        return .text(String(decoding: request.body, as: UTF8.self))
    }
    return router.freeze()
}

@Test func thirtyTwoConcurrentClientsAreAllServed() throws {
    let hits = Hits()
    let results = Mutex<[String]>([])
    try withTestServer(counterResponder(hits)) { _, client in
        let group = DispatchGroup()
        for worker in 0..<32 {
            group.enter()
            Thread.detachNewThread {
                defer { group.leave() }
                for round in 0..<10 {
                    let text = "\(worker)-\(round)"
                    let reply = try? client.send("POST", "/count", body: Data(text.utf8))
                    results.withLock { $0.append(reply?.status == 200 && reply?.text == text ? "ok" : "bad \(text)") }
                }
            }
        }
        group.wait()
    }
    #expect(hits.count.load(ordering: .relaxed) == 320)
    #expect(results.withLock { $0.filter { $0 != "ok" } } == [])
}

@Test func keepAliveConnectionServesSeveralRequests() throws {
    let hits = Hits()
    try withTestServer(counterResponder(hits)) { _, client in
        let fd = try client.connect()
        defer { close(fd) }
        let first = "POST /count HTTP/1.1\r\nHost: x\r\nContent-Length: 3\r\n\r\none"
        let second = "POST /count HTTP/1.1\r\nHost: x\r\nConnection: close\r\nContent-Length: 3\r\n\r\ntwo"
        try client.write(fd, Data((first + second).utf8))
        let text = String(decoding: try client.readAll(fd), as: UTF8.self)
        #expect(text.components(separatedBy: "HTTP/1.1 200").count == 3)
        #expect(text.hasSuffix("two"))
        #expect(text.contains("\r\n\r\none"))
    }
    #expect(hits.count.load(ordering: .relaxed) == 2)
}
