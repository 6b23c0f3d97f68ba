import ForgeAPI
import ForgeCore
import Foundation
import Testing

/// `POST /ingest` metrics (docs/contract.md §3.14, §4.14): tokens, conversion, sleep, idempotency.
@Suite(.serialized) struct IngestMetricTests {
    static let payload: JSONValue = [
        "data": [
            "metrics": [
                [
                    "name": "weight_body_mass", "units": "lb",
                    "data": [["date": "2031-03-05 07:00:00 +0100", "qty": 180]],
                ],  // 180 × 0.45359237 = 81.6466… → 81.65 kg
                [
                    "name": "sleep_analysis", "units": "hr",
                    "data": [["date": "2031-03-05 06:30:00 +0100", "core": 4.2, "deep": 1.1, "rem": 1.6, "asleep": 9]],
                ],  // 4.2+1.1+1.6 = 6.9 h
                [
                    "name": "Sleep_Analysis", "units": "min",
                    "data": [["sleepStart": "2031-03-04T06:30:00Z", "asleep": 420]],
                ],  // no stages: 420 min / 60 = 7 h
                [
                    "name": "body_fat_percentage", "units": "%",
                    "data": [["date": "2031-03-05T07:00:00+01:00", "qty": 18.456]],
                ],
                ["name": "VO2 Max", "data": [["date": "2031-03-05 07:00:00 +0100", "Avg": 47.5]]],
                ["name": "cardio_fitness", "data": [["date": "2031-03-06 07:00:00 +0100", "avg": "48.1"]]],
                // 180 cm
                ["name": "height", "units": "m", "data": [["date": "2031-03-05 07:00:00 +0100", "qty": 1.8]]],
                // unknown: ignored
                ["name": "blood_glucose", "data": [["date": "2031-03-05 07:00:00 +0100", "qty": 5]]],
                [
                    "name": "resting_heart_rate",
                    "data": [
                        ["date": "yesterday", "qty": 50],  // unusable: skipped
                        ["date": "2031-03-05 07:00:00 +0100", "qty": .null],
                    ],
                ],  // unusable: skipped
            ]
        ]
    ]

    @Test func metricsAreConvertedStoredOnceAndCounted() async throws {
        try await withTestServer { server in
            let token = try server.ingestToken("ada@example.org")
            let first = try await server.ingest(Self.payload, token: token)
            #expect(first.status == 200)
            #expect(first.json == ["ok": true, "stored": 7, "skipped": 2])
            #expect(try server.metricValues("ada@example.org", "weight") == [81.65])
            #expect(try server.metricValues("ada@example.org", "sleep_h") == [7.0, 6.9])
            #expect(try server.metricValues("ada@example.org", "body_fat_pct") == [18.46])
            #expect(try server.metricValues("ada@example.org", "vo2max") == [47.5, 48.1])
            #expect(try server.metricValues("ada@example.org", "height") == [180])
            #expect(try server.metricValues("ada@example.org", "blood_glucose").isEmpty)

            // The same payload again: every sample is a repeat of its natural key.
            let second = try await server.ingest(Self.payload, token: token)
            #expect(second.json == ["ok": true, "stored": 0, "skipped": 9])
            #expect(try server.metricValues("ada@example.org", "weight") == [81.65])

            let ada = try await server.signIn("ada@example.org")
            let apple = try await server.get("/api/connections", cookie: ada).json["apple_health"]
            #expect(apple?["samples"] == 7)
            #expect(apple?["configured"] == true)
            #expect(apple?["last_push"]?.stringValue?.hasSuffix("+00:00") == true)
            #expect(apple?["token_masked"]?.stringValue == String(token.prefix(8)) + "…" + String(token.suffix(4)))
            let history = try await server.get("/api/metrics/weight/history", cookie: ada)
            #expect(history.json["points"]?.arrayValue?.first?["v"] == 81.65)
        }
    }

    @Test func tokenIsAcceptedAsBearerBareOrQueryAndUnknownOnesStoreNothing() async throws {
        try await withTestServer { server in
            let token = try server.ingestToken("ada@example.org")
            func weight(_ day: Int) -> JSONValue {
                [
                    "metrics": [
                        [
                            "name": "body_mass", "units": "kg",
                            "data": [["date": .string("2031-03-0\(day) 07:00:00 +0000"), "qty": 80]],
                        ]
                    ]
                ]
            }
            let bare = try await server.request("POST", "/ingest", json: weight(1), headers: ["Authorization": token])
            #expect(bare.json["stored"] == 1)
            let query = try await server.request("POST", "/ingest?token=\(token)", json: weight(2))
            #expect(query.json["stored"] == 1)
            let unknown = try await server.ingest(weight(3), token: "fg_not-a-token")
            #expect(unknown.status == 401 && unknown.detail == "unknown ingest token")
            let none = try await server.request("POST", "/ingest", json: weight(4))
            #expect(none.status == 401 && none.detail == "unknown ingest token")
            let notJSON = try await server.raw(
                "POST", "/ingest", body: Data("weight=80".utf8), contentType: "text/plain",
                headers: ["Authorization": "Bearer \(token)"])
            #expect(notJSON.status == 400 && notJSON.detail == "body must be JSON")
            #expect(try server.metricValues("ada@example.org", "weight").count == 2)
            let samples: Int? = try server.app.db.read {
                try $0.scalar("SELECT samples FROM ingest_tokens WHERE token = ?", [token])
            }
            #expect(samples == 2)
        }
    }

    @Test func rotatingTheTokenKillsTheOldOneAtOnce() async throws {
        try await withTestServer { server in
            let ada = try await server.signIn("ada@example.org")
            let old = try server.ingestToken("ada@example.org")
            let shown = try await server.get("/api/connections/token", cookie: ada)
            #expect(shown.json["token"]?.stringValue == old)
            let payload: JSONValue = [
                "metrics": [["name": "step_count", "data": [["date": "2031-03-05 07:00:00 +0000", "qty": 9000]]]]
            ]
            #expect(try await server.ingest(payload, token: old).json["stored"] == 1)

            let rotated = try await server.request("POST", "/api/connections/rotate-token", cookie: ada)
            let new = try #require(rotated.json["token"]?.stringValue)
            #expect(new != old && new.hasPrefix("fg_") && new.count == 35)
            let refused = try await server.ingest(payload, token: old)
            #expect(refused.status == 401 && refused.detail == "unknown ingest token")
            let apple = try await server.get("/api/connections", cookie: ada).json["apple_health"]
            #expect(apple?["samples"] == 0 && apple?["last_push"] == .null)
            #expect(try await server.get("/api/connections/token", cookie: ada).json["token"]?.stringValue == new)
            #expect(try await server.ingest(payload, token: new).json == ["ok": true, "stored": 0, "skipped": 1])

            try server.app.db.write { db in try db.execute("DELETE FROM ingest_tokens") }
            let missing = try await server.get("/api/connections/token", cookie: ada)
            #expect(missing.status == 404)
        }
    }

    @Test func bensTokenNeverWritesToAda() async throws {
        try await withTestServer { server in
            let payload: JSONValue = [
                "data": [
                    "metrics": [
                        [
                            "name": "weight_body_mass", "units": "kg",
                            "data": [["date": "2031-03-05 07:00:00 +0100", "qty": 70]],
                        ]
                    ]
                ]
            ]
            #expect(try await server.ingest(payload, token: server.ingestToken("ben@example.org")).json["stored"] == 1)
            #expect(try server.metricValues("ben@example.org", "weight") == [70])
            #expect(try server.metricValues("ada@example.org", "weight").isEmpty)
            // The same natural key under Ada's token is Ada's own first sample, not a repeat of Ben's.
            #expect(try await server.ingest(payload, token: server.ingestToken("ada@example.org")).json["stored"] == 1)
            let ben = try await server.signIn("ben@example.org")
            #expect(try await server.get("/api/connections", cookie: ben).json["apple_health"]?["samples"] == 1)
        }
    }

    @Test func aFailureMidRequestLeavesNothingHalfWritten() async throws {
        try await withTestServer { server in
            let token = try server.ingestToken("ada@example.org")
            // Make the last write of the request (the workout's traces) fail inside the transaction.
            try server.app.db.write { db in
                try db.execute(
                    """
                    CREATE TRIGGER test_refuse_traces BEFORE INSERT ON cardio_traces
                    BEGIN SELECT RAISE(ABORT, 'refused by test'); END
                    """)
            }
            let payload: JSONValue = [
                "data": [
                    "metrics": [
                        [
                            "name": "body_mass", "units": "kg",
                            "data": [["date": "2031-03-05 07:00:00 +0100", "qty": 80]],
                        ]
                    ],
                    "workouts": [["name": "Run", "start": "2031-03-05 08:00:00 +0100", "heartRateData": [120, 130]]],
                ]
            ]
            let reply = try await server.ingest(payload, token: token)
            #expect(reply.status == 500)
            #expect(try server.metricValues("ada@example.org", "weight").isEmpty)
            let rows: (Int?, Int?, String?) = try server.app.db.read { db in
                (
                    try db.scalar("SELECT COUNT(*) FROM sessions WHERE kind = 'cardio'"),
                    try db.scalar("SELECT samples FROM ingest_tokens WHERE token = ?", [token]),
                    try db.scalar("SELECT last_push FROM ingest_tokens WHERE token = ?", [token])
                )
            }
            #expect(rows.0 == 0 && rows.1 == 0 && rows.2 == nil)
        }
    }
}
