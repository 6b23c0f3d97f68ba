import ForgeCore
import Foundation
import Testing

@testable import ForgeAPI
@testable import ForgeStore

/// A write refused for lack of space (issue 17, item 3), made real with
/// SQLite's `PRAGMA max_page_count` (the release-binary test uses a full tmpfs).
@Suite struct DiskFullTests {
    @Test func aFullDiskAnswers507AndHealthzIsNotOkUntilAWriteSucceeds() async throws {
        try await withTestServer { server in
            let ada = try await server.signIn("ada@example.org")
            let db = server.app.db
            let metrics = { try db.read { try $0.scalar("SELECT count(*) FROM metrics") as Int? } ?? 0 }
            let pages: Int = try db.read { try $0.scalar("PRAGMA page_count") } ?? 0
            try db.withWriter { try $0.execute("PRAGMA max_page_count = \(pages)") }
            var refused: TestServer.Reply?
            var before = 0
            for _ in 0..<2_000 {
                before = try metrics()
                let reply = try await server.request(
                    "POST", "/api/body", json: ["type": "weight", "value": 70],
                    cookie: ada)
                if reply.status == 507 {
                    refused = reply
                    break
                }
                #expect(reply.status == 200)
            }
            let full = try #require(refused, "no write ran out of pages")
            #expect(full.detail == "disk full: the change was not saved; free space on the server and try again")
            let afterRefusal = try metrics()
            #expect(afterRefusal == before)  // the refused write left nothing behind
            #expect(db.storageFault != nil)
            let health = try await server.get("/healthz")
            #expect(health.status == 503 && health.json["ok"] == false)
            #expect(health.json["reason"]?.stringValue?.hasPrefix("disk full since ") == true)

            // Space returns: the next write succeeds and health is ok again.
            try db.withWriter { try $0.execute("PRAGMA max_page_count = 1073741823") }
            let again = try await server.request(
                "POST", "/api/body", json: ["type": "weight", "value": 71], cookie: ada)
            #expect(again.status == 200 && db.storageFault == nil)
            let healthy = try await server.get("/healthz")
            #expect(healthy.status == 200 && healthy.json["ok"] == true && healthy.json["reason"] == nil)
        }
    }
}
