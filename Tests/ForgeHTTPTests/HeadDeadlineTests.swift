import Foundation
import Synchronization
import Testing

// SPDX-License-Identifier: Apache-2.0
@testable import ForgeHTTP

#if canImport(Glibc)
    import Glibc
#endif

/// A connection closed for a late head is reported with its peer's address.
@Test func aLateHeadIsClosedAndReportedWithThePeer() throws {
    let peers = Mutex<[String]>([])
    var router = Router()
    router.get("/n") { _ in .text("ok") }
    var configuration = HTTPServer.Configuration(listen: [ListenAddress("127.0.0.1:0")!], threadPoolSize: 2)
    configuration.headTimeoutSeconds = 0.5
    let server = HTTPServer(
        configuration: configuration, responder: router.freeze(),
        onHeadTimeout: { peer in peers.withLock { $0.append(peer) } })
    try server.start()
    defer { server.stop() }
    let client = RawHTTPClient(address: server.boundAddresses[0])
    let fd = try client.connect()
    defer { close(fd) }
    try client.write(fd, Data("GET /n HTTP/1.1\r\nHost: a\r\n".utf8))  // never finished
    let started = Date()
    let reply = try client.readAll(fd)
    let waited = Date().timeIntervalSince(started)
    #expect(reply.isEmpty, "a late head gets no answer")
    #expect(waited >= 0.4 && waited < 3, "closed after \(waited) s")
    // The report follows the close; give the sweeper a moment under load.
    for _ in 0..<40 where peers.withLock({ $0.isEmpty }) { usleep(50_000) }
    #expect(peers.withLock { $0 } == ["127.0.0.1"])
}
