import ForgeCore
import Foundation
import Testing

@testable import ForgeAPI

/// Imported warm-ups in the session view (issue 38 item 6) and an upload's `unit` (item 1), over HTTP.
@Suite(.serialized) struct ImportedSetKindsTests {
    static func upload(_ csv: String, fields: [String: String]) -> (Data, String) {
        let boundary = "----forge-kinds-5c1"
        var body = Data()
        for (name, value) in fields.sorted(by: { $0.key < $1.key }) {
            body += Data("--\(boundary)\r\nContent-Disposition: form-data; name=\"\(name)\"\r\n\r\n\(value)\r\n".utf8)
        }
        body += Data(
            "--\(boundary)\r\nContent-Disposition: form-data; name=\"file\"; filename=\"strong.csv\"\r\n".utf8)
        body += Data("Content-Type: text/csv\r\n\r\n\(csv)\r\n--\(boundary)--\r\n".utf8)
        return (body, "multipart/form-data; boundary=\(boundary)")
    }

    static let csv = """
        Date,Workout Name,Duration,Exercise Name,Set Order,Weight,Reps,Distance,Seconds,RPE
        2025-03-01 08:00:00,Legs,1h,Squat (Barbell),W,45,10,,,
        2025-03-01 08:00:00,Legs,1h,Squat (Barbell),W,135,5,,,
        2025-03-01 08:00:00,Legs,1h,Squat (Barbell),1,225,5,,,
        2025-03-01 08:00:00,Legs,1h,Squat (Barbell),2,225,5,,,
        2025-03-01 08:00:00,Legs,1h,Squat (Barbell),F,235,3,,,
        2025-03-01 08:00:00,Legs,1h,Squat (Barbell),D,185,8,,,

        """

    @Test func warmUpsAreMarkedAndNumberedApartInTheSessionView() async throws {
        try await withTestServer(transport: .socket) { server in
            let ada = try await server.signIn("ada@example.org")
            let (body, type) = Self.upload(Self.csv, fields: ["kind": "strong", "unit": "lb"])
            let reply = try await server.raw("POST", "/api/import", body: body, contentType: type, cookie: ada)
            #expect(reply.status == 202)
            server.app.imports.drain()
            let id = try #require(reply.json["id"]?.stringValue)
            #expect(try await server.get("/api/import/\(id)", cookie: ada).json["state"] == "done")
            let sessionID: String = try #require(
                try server.app.db.read { try $0.scalar("SELECT id FROM sessions WHERE day = '2025-03-01'") })
            let detail = try await server.get("/api/sessions/\(sessionID)", cookie: ada).json
            let sets = try #require(detail["exercises"]?.arrayValue?.first?["sets"]?.arrayValue)
            #expect(
                sets.map { $0["kind"]?.stringValue } == ["warmup", "warmup", "working", "working", "failure", "drop"])
            #expect(sets.map { $0["set_no"]?.intValue } == [1, 2, 1, 2, 3, 4])
            // Stated lb: 225 lb stored as kg at full precision.
            #expect(sets[2]["weight"]?.doubleValue == 225 * 0.45359237)
        }
    }

    @Test func anUnknownUnitIsRefusedAndAnUnstatedOneCanBeRefusedOnEvidence() async throws {
        try await withTestServer(transport: .socket) { server in
            let ada = try await server.signIn("ada@example.org")
            let (bad, type) = Self.upload(Self.csv, fields: ["kind": "strong", "unit": "stone"])
            let refused = try await server.raw("POST", "/api/import", body: bad, contentType: type, cookie: ada)
            #expect(refused.status == 422 && refused.json["detail"]?.stringValue?.contains("kg or lb") == true)
            // Ada's load unit is her equipment profile's (kg); 24 sets of 135/225/315 say lb.
            var rows = "Date,Workout Name,Duration,Exercise Name,Set Order,Weight,Reps,Distance,Seconds,RPE\n"
            for day in 1...8 {
                for (name, load) in [("Squat (Barbell)", 225), ("Bench Press (Barbell)", 135), ("Deadlift", 315)] {
                    rows += "2025-04-\(String(format: "%02d", day)) 08:00:00,Full,1h,\(name),1,\(load),5,,,\n"
                }
            }
            let (body, _) = Self.upload(rows, fields: ["kind": "strong"])
            let reply = try await server.raw("POST", "/api/import", body: body, contentType: type, cookie: ada)
            server.app.imports.drain()
            let id = try #require(reply.json["id"]?.stringValue)
            let job = try await server.get("/api/import/\(id)", cookie: ada).json
            #expect(job["state"] == "failed")
            #expect(job["error"]?.stringValue?.contains("the loads look like lb, not kg") == true)
            let sets: Int? = try server.app.db.read {
                try $0.scalar("SELECT COUNT(*) FROM sessions WHERE day >= '2025-04-01'")
            }
            #expect(sets == 0)
        }
    }
}
