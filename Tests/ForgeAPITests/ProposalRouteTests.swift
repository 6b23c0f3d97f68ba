import ForgeAPI
import ForgeCoach
import ForgeCore
import ForgeStore
import ForgeTrain
import Foundation
import Testing

/// `GET /api/proposal`, approve and reject (docs/contract.md §3.13, §4.16).
struct ProposalRouteTests {
    /// The member's active content with Friday's first lift 2.5 kg heavier and a note.
    static func proposal(_ server: TestServer, _ userID: String, note: String) throws -> JSONValue {
        var content = try #require(try server.activePlan(userID))
        guard case .strength(var friday) = content.days[4]! else { throw TestFailure("no Friday") }
        friday.exercises[0].weight += 2.5
        friday.why = note
        content.days[4] = .strength(friday)
        return try .encoded(content)
    }

    static func statuses(_ server: TestServer, _ userID: String) throws -> [String] {
        try server.app.db.read { db in
            try db.query(
                """
                SELECT r.status FROM plan_revisions r JOIN plans p ON p.id = r.plan_id WHERE p.user_id = ? ORDER BY r.num
                """, [userID]
            ).map { try $0.get("status") }
        }
    }

    @Test func oneProposalPendingApproveActivatesRejectKeeps() async throws {
        try await withTestServer { server in
            let ada = try await server.signIn("ada@example.org")
            let ben = try await server.signIn("ben@example.org")
            let adaID = try server.userID("ada@example.org")
            let member = try server.member(adaID)
            let first = try server.app.db.write {
                try ProposalStore.propose(
                    member: member, content: try Self.proposal(server, adaID, note: "Bench a step up"),
                    rationale: "A small step on the bench.", now: Date(), in: $0)
            }
            let second = try server.app.db.write {
                try ProposalStore.propose(
                    member: member, content: try Self.proposal(server, adaID, note: "Press a notch up"),
                    rationale: "A smaller step.", now: Date(), in: $0)
            }
            #expect(try Self.statuses(server, adaID) == ["active", "superseded", "proposed"])
            let shown = try await server.get("/api/proposal", cookie: ada).json["proposal"]
            #expect(shown?["id"]?.stringValue == second.id && shown?["num"] == 3)
            #expect(shown?["created_at"]?.stringValue?.hasSuffix("+00:00") == true)

            // The superseded one and the other member's cannot be decided.
            #expect(
                try await server.request("POST", "/api/proposal/\(first.id)/approve", cookie: ada).detail
                    == "proposal not found")
            let foreign = try await server.request("POST", "/api/proposal/\(second.id)/approve", cookie: ben)
            #expect(foreign.status == 404)

            let reject = try await server.request("POST", "/api/proposal/\(second.id)/reject", cookie: ada)
            #expect(reject.status == 200)
            #expect(try Self.statuses(server, adaID) == ["active", "superseded", "superseded"])
            #expect(try await server.get("/api/proposal", cookie: ada).json["proposal"] == .null)

            let third = try server.app.db.write {
                try ProposalStore.propose(
                    member: member, content: try Self.proposal(server, adaID, note: "Heavier Friday"),
                    rationale: "Step up.", now: Date(), in: $0)
            }
            let approve = try await server.request("POST", "/api/proposal/\(third.id)/approve", cookie: ada)
            #expect(approve.json["revision"] == 4)
            #expect(try Self.statuses(server, adaID) == ["superseded", "superseded", "superseded", "active"])
        }
    }

    @Test func autoApprovalActivatesAtOnceAndBadContentWritesNothing() async throws {
        try await withTestServer { server in
            let adaID = try server.userID("ada@example.org")
            try server.app.db.write {
                try $0.execute(
                    "UPDATE users SET prefs = json_set(prefs, '$.coach_approval', 'auto') WHERE id = ?", [adaID])
            }
            let member = try server.member(adaID)
            let rev = try server.app.db.write {
                try ProposalStore.propose(
                    member: member, content: try Self.proposal(server, adaID, note: "Bench a step up"),
                    rationale: "Heavier pressing this week.", now: Date(), in: $0)
            }
            #expect(rev.status == "active")
            #expect(try Self.statuses(server, adaID) == ["superseded", "active"])
            #expect(throws: ProposalFailure.self) {
                try server.app.db.write {
                    try ProposalStore.propose(
                        member: member, content: ["days": ["9": [:]]], rationale: "x", now: Date(), in: $0)
                }
            }
            #expect(try Self.statuses(server, adaID) == ["superseded", "active"])
        }
    }

    @Test func storedEscapesAreRepairedAndPersistedBeforeTheFirstRead() async throws {
        try await withTestServer { server in
            let ada = try await server.signIn("ada@example.org")
            let adaID = try server.userID("ada@example.org")
            // A proposal written by something other than forged's validator (an older database).
            let content = try JSONCoding.string(try Self.proposal(server, adaID, note: "Caf\\u00e9 bench day"))
            try server.app.db.write { db in
                let planID: String = try db.scalar("SELECT id FROM plans WHERE user_id = ?", [adaID])!
                try db.execute(
                    """
                    INSERT INTO plan_revisions (id, plan_id, num, status, rationale, content, created_at)
                    VALUES ('rev-escaped', ?, 9, 'proposed', 'Bench \\u2192 heavier', ?, '2026-07-19T10:00:00.000Z')
                    """, [planID, content])
            }
            #expect(content.contains("\\u00e9"))
            try server.app.prepare()  // the startup procedure, as at the next boot
            let stored: String? = try server.app.db.read {
                try $0.scalar("SELECT rationale || content FROM plan_revisions WHERE id = 'rev-escaped'")
            }
            #expect(stored?.contains("\\u") == false)
            #expect(stored?.hasPrefix("Bench → heavier") == true)
            let shown = try await server.get("/api/proposal", cookie: ada).json["proposal"]
            #expect(shown?["content"]?["days"]?["4"]?["why"] == "Café bench day")
        }
    }
}
