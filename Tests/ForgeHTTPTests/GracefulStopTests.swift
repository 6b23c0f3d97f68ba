import Dispatch
import Foundation
import Synchronization
import Testing

@testable import ForgeHTTP

#if canImport(Glibc)
    import Glibc
#endif

@Test func stopLetsAnInFlightRequestFinishButRefusesNewConnections() throws {
    let entered = DispatchSemaphore(value: 0)
    let release = DispatchSemaphore(value: 0)
    var router = Router()
    router.get("/slow") { _ in
        entered.signal()
        release.wait()
        return .text("finished")
    }
    let server = HTTPServer(
        configuration: .init(listen: [ListenAddress("127.0.0.1:0")!], threadPoolSize: 2),
        responder: router.freeze())
    try server.start()
    let client = RawHTTPClient(address: server.boundAddresses[0])

    let reply = Mutex<RawHTTPClient.Reply?>(nil)
    let requestDone = DispatchSemaphore(value: 0)
    Thread.detachNewThread {
        let answer = try? client.send("GET", "/slow")
        reply.withLock { $0 = answer }
        requestDone.signal()
    }
    entered.wait()
    let stopped = DispatchSemaphore(value: 0)
    Thread.detachNewThread {
        server.stop()
        stopped.signal()
    }
    // Wait until the listening socket is gone, while the handler is still blocked.
    var refused = false
    for _ in 0..<2_000 where !refused {
        if let fd = try? client.connect() {
            close(fd)
            usleep(1_000)
        } else {
            refused = true
        }
    }
    #expect(refused)
    release.signal()
    requestDone.wait()
    stopped.wait()
    #expect(reply.withLock { $0?.status } == 200)
    #expect(reply.withLock { $0?.text } == "finished")
    #expect(server.inFlightRequests == 0)
}
