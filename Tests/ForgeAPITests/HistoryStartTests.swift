import ForgeCore
import ForgeHousehold
import Foundation
import Testing

@testable import ForgeAPI

/// After an import, the plan starts from the history (issue 38 item 5): a proposal, active at once with
/// `coach_approval: auto`, and `/api/today` prescribes from it.
@Suite(.serialized) struct HistoryStartTests {
    /// Sunday 6 December 2026, noon UTC: the history's last session is a week old.
    static let clock = FixedClock(Date(timeIntervalSince1970: 1_796_558_400))

    static let csv = """
        Date,Workout Name,Duration,Exercise Name,Set Order,Weight,Reps,Distance,Seconds,RPE
        2026-11-23 08:00:00,Legs,1h,Squat (Barbell),W,60,5,,,
        2026-11-23 08:00:00,Legs,1h,Squat (Barbell),1,95,5,,,
        2026-11-23 08:00:00,Legs,1h,Squat (Barbell),2,95,5,,,
        2026-11-30 08:00:00,Legs,1h,Squat (Barbell),W,140,1,,,
        2026-11-30 08:00:00,Legs,1h,Squat (Barbell),1,100,5,,,
        2026-11-30 08:00:00,Legs,1h,Squat (Barbell),2,100,5,,,
        2026-11-30 08:00:00,Legs,1h,Squat (Barbell),3,100,4,,,

        """

    static func importHistory(_ server: TestServer, cookie: String) async throws -> JSONValue {
        let body = Data(Self.csv.utf8)
        let reply = try await server.raw(
            "POST", "/api/import?kind=strong&unit=kg&name=strong.csv", body: body, contentType: "text/csv",
            cookie: cookie)
        #expect(reply.status == 202)
        server.app.imports.drain()
        let id = try #require(reply.json["id"]?.stringValue)
        return try await server.get("/api/import/\(id)", cookie: cookie).json
    }

    /// Monday 7 December 2026 is Lower A, whose squat the starter plan sets at 60 kg × 5.
    static func mondaySquat(_ server: TestServer, cookie: String) async throws -> Double? {
        let today = try await server.get("/api/today?date=2026-12-07", cookie: cookie).json
        return today["exercises"]?.arrayValue?.first { $0["slug"] == "back-squat" }?["weight"]?.doubleValue
    }

    @Test func withAutoApprovalTodayPrescribesFromTheImportedHistory() async throws {
        try await withTestServer(clock: Self.clock) { server in
            let ada = try await server.signIn("ada@example.org")
            #expect(try await Self.mondaySquat(server, cookie: ada) == 60)
            let patch = try await server.raw(
                "PATCH", "/api/prefs", body: Data(#"{"prefs": {"coach_approval": "auto"}}"#.utf8), cookie: ada)
            #expect(patch.status == 200)
            let job = try await Self.importHistory(server, cookie: ada)
            #expect(job["state"] == "done")
            let proposal = job["report"]?["lists"]?["plan_proposal"]?.arrayValue?.compactMap(\.stringValue) ?? []
            #expect(proposal.first?.hasSuffix("is the plan now (auto-approve)") == true)
            // The latest session's heaviest working set at the plan's 5 reps: 100 kg (not the 140 kg warm-up).
            #expect(
                proposal.contains { $0.hasPrefix("Back Squat 60 kg → 100 kg (your history: 100 kg × 5 on 2026-11-30") })
            #expect(try await Self.mondaySquat(server, cookie: ada) == 100)
        }
    }

    @Test func withoutAutoApprovalTheStartWaitsAsAProposal() async throws {
        try await withTestServer(clock: Self.clock) { server in
            let ada = try await server.signIn("ada@example.org")
            let job = try await Self.importHistory(server, cookie: ada)
            let proposal = job["report"]?["lists"]?["plan_proposal"]?.arrayValue?.compactMap(\.stringValue) ?? []
            #expect(proposal.first?.hasSuffix("waits for approval") == true, "\(job)")
            #expect(try await Self.mondaySquat(server, cookie: ada) == 60)
            let pending = try await server.get("/api/proposal", cookie: ada).json
            #expect(
                pending["proposal"]?["rationale"]?.stringValue?.hasPrefix("Loads start from the history you imported")
                    == true)
        }
    }
}
