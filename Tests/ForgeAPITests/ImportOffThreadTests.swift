import ForgeAPI
import ForgeCore
import Foundation
import Glibc
import Testing

/// A TCP listener on 127.0.0.1 that never accepts: connections to it open
/// (the kernel's backlog) and then nothing ever answers.
final class SilentSite: Sendable {
    let fd: Int32
    let origin: String

    init() throws {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) }
        }
        guard fd >= 0, bound == 0, listen(fd, 64) == 0 else { throw POSIXError(.EADDRINUSE) }
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        self.fd = fd
        origin = "http://127.0.0.1:\(UInt16(bigEndian: address.sin_port))"
    }

    func stop() { close(fd) }
}

/// Issue 16: fetching a page never holds an HTTP worker thread.
@Suite(.serialized) struct ImportOffThreadTests {
    @Test func anImportWhoseSiteNeverAnswersLeavesEveryWorkerFreeAndTimesOut() async throws {
        let site = try SilentSite()
        defer { site.stop() }
        try await withTestServer(allowPrivateFetch: true, transport: .socket) { server in
            let ada = try await server.signIn("ada@example.org")
            let started = ContinuousClock.now
            // As many waiting imports as the server has worker threads (4).
            let imports = (0..<4).map { i in
                Task {
                    try await server.request(
                        "POST", "/api/food/recipes/import",
                        json: ["url": .string(site.origin + "/recipe-\(i)")], cookie: ada)
                }
            }
            try await Task.sleep(for: .milliseconds(500))
            // Every worker is free: other requests answer at once while the imports wait.
            for _ in 0..<3 {
                let before = ContinuousClock.now
                let library = try await server.get("/api/food/recipes", cookie: ada)
                #expect(library.status == 200 && library.json["count"] != nil)
                #expect(ContinuousClock.now - before < .seconds(2))
            }
            #expect(imports.count == 4)
            // Each import then times out cleanly: 502 naming the timeout, nothing stored.
            for task in imports {
                let reply = try await task.value
                #expect(reply.status == 502, "\(String(decoding: reply.data, as: UTF8.self))")
                #expect(reply.detail?.contains("timed out") == true, "\(reply.detail ?? "")")
                #expect(reply.headers["X-Request-Id"] != nil)
            }
            let elapsed = ContinuousClock.now - started
            #expect(elapsed > .seconds(7) && elapsed < .seconds(20))
            let library = try await server.get("/api/food/recipes?q=recipe-", cookie: ada)
            #expect(library.json["count"] == 0)
        }
    }
}
