import ForgeCore
import Foundation
import Testing

@testable import ForgeAPI

/// A set replayed into a session is stored once (issue 38 item 8): the original server kept no set
/// `client_id`, so a phone's queued POST after a move carries a new one.
@Suite(.serialized) struct SetReplayTests {
    @Test func theSameSetUnderAnotherClientIDIsADuplicate() async throws {
        try await withTestServer { server in
            let ada = try await server.signIn("ada@example.org")
            let started = try await server.request("POST", "/api/sessions", json: ["date": "2026-12-07"], cookie: ada)
            let sid = try #require(started.json["id"]?.stringValue)
            let set: [String: JSONValue] = ["slug": "back-squat", "set_no": 1, "weight": 100, "reps": 5]
            var first = set
            first["client_id"] = "phone-1"
            let logged = try await server.request(
                "POST", "/api/sessions/\(sid)/sets", json: .object(first), cookie: ada)
            #expect(logged.status == 200 && logged.json["ok"] == true)
            #expect(logged.json["duplicate"] == nil)
            var replay = set
            replay["client_id"] = "phone-after-the-move"
            let again = try await server.request(
                "POST", "/api/sessions/\(sid)/sets", json: .object(replay), cookie: ada)
            #expect(again.status == 200 && again.json["duplicate"] == true)
            #expect(again.json["pbs"]?.arrayValue?.isEmpty == true)
            // Another set number, or other reps, is another set.
            var second = set
            second["set_no"] = 2
            let next = try await server.request(
                "POST", "/api/sessions/\(sid)/sets", json: .object(second), cookie: ada)
            #expect(next.json["duplicate"] == nil)
            let count: Int? = try server.app.db.read {
                try $0.scalar("SELECT COUNT(*) FROM sets WHERE session_id = ?", [sid])
            }
            #expect(count == 2)
        }
    }
}
