import ForgeAPI
import ForgeCore
import Foundation
import Testing

/// `POST /ingest` never fails on odd shapes (docs/contract.md §3.14, §4.14), but an
/// impossible sample — a negative mass or duration, HR outside 20–250, a
/// non-finite value — is skipped one by one, counted, and never stored.
@Suite(.serialized) struct IngestImpossibleTests {
    static let day = "2031-03-05 07:00:00 +0100"

    @Test func impossibleMetricSamplesAreSkippedAndCounted() async throws {
        try await withTestServer { server in
            let token = try server.ingestToken("ada@example.org")
            func sample(_ date: String, _ qty: JSONValue) -> JSONValue { ["date": .string(date), "qty": qty] }
            let payload: JSONValue = [
                "data": [
                    "metrics": [
                        [
                            "name": "body_mass", "units": "lb",
                            "data": [
                                sample("2031-03-05 07:00:00 +0100", -180),  // negative mass
                                sample("2031-03-06 07:00:00 +0100", 0),  // a body weighs something
                                sample("2031-03-07 07:00:00 +0100", "1e999"),  // non-finite
                                sample("2031-03-08 07:00:00 +0100", "NaN"),  // non-finite
                                sample("2031-03-09 07:00:00 +0100", 180),  // stored: 81.65 kg
                            ],
                        ],
                        [
                            "name": "resting_heart_rate",
                            "data": [
                                sample(Self.day, 300), sample("2031-03-06 07:00:00 +0100", 10),
                                sample("2031-03-07 07:00:00 +0100", 52),
                            ],
                        ],
                        ["name": "body_fat_percentage", "data": [sample(Self.day, 150)]],
                        ["name": "step_count", "data": [sample(Self.day, -5)]],
                        ["name": "height", "units": "m", "data": [sample(Self.day, -1.8)]],
                        [
                            "name": "sleep_analysis", "units": "hr",
                            "data": [["date": .string(Self.day), "asleep": -7]],
                        ],
                    ]
                ]
            ]
            let reply = try await server.ingest(payload, token: token)
            #expect(reply.status == 200)
            #expect(reply.json == ["ok": true, "stored": 2, "skipped": 10])
            #expect(String(decoding: reply.data, as: UTF8.self) == #"{"ok":true,"stored":2,"skipped":10}"#)
            #expect(try server.metricValues("ada@example.org", "weight") == [81.65])
            #expect(try server.metricValues("ada@example.org", "resting_hr") == [52])
            for type in ["body_fat_pct", "steps", "height", "sleep_h"] {
                #expect(try server.metricValues("ada@example.org", type).isEmpty, "\(type)")
            }
            let ada = try await server.signIn("ada@example.org")
            #expect(try await server.get("/api/connections", cookie: ada).json["apple_health"]?["samples"] == 2)
        }
    }

    @Test func impossibleWorkoutsAreSkippedAndImpossibleHRPointsLeftOut() async throws {
        try await withTestServer { server in
            let token = try server.ingestToken("ada@example.org")
            func workout(_ start: String, _ extra: [String: JSONValue]) -> JSONValue {
                var w: [String: JSONValue] = ["name": "Outdoor Run", "start": .string(start), "duration": 1800]
                for (k, v) in extra { w[k] = v }
                return .object(w)
            }
            let payload: JSONValue = [
                "data": [
                    "workouts": [
                        workout("2031-03-04 07:00:00 +0100", ["duration": -600]),  // negative duration
                        // negative, in minutes
                        workout("2031-03-05 07:00:00 +0100", ["duration": ["qty": -10, "units": "min"]]),
                        // HR above 250
                        workout("2031-03-06 07:00:00 +0100", ["avgHeartRate": ["qty": 400, "units": "bpm"]]),
                        workout("2031-03-07 07:00:00 +0100", ["maxHeartRate": 5]),  // HR below 20
                        workout("2031-03-08 07:00:00 +0100", ["distance": "1e999"]),  // non-finite
                        workout("2031-03-09 07:00:00 +0100", ["activeEnergyBurned": -300]),  // negative energy
                        workout(
                            "2031-03-10 07:00:00 +0100",
                            [  // stored, 2 points left out
                                "heartRateData": [
                                    ["date": "2031-03-10 07:00:00 +0100", "Avg": 120],
                                    ["date": "2031-03-10 07:00:10 +0100", "Avg": 300],
                                    ["date": "2031-03-10 07:00:20 +0100", "Avg": 130],
                                    ["date": "2031-03-10 07:00:30 +0100", "Avg": -1],
                                ]
                            ]),
                    ]
                ]
            ]
            let reply = try await server.ingest(payload, token: token)
            #expect(reply.status == 200)
            #expect(reply.json == ["ok": true, "stored": 1, "skipped": 8])
            let stored = try server.app.db.read { db in
                try db.query(
                    """
                    SELECT s.day, s.stats, t.hr FROM sessions s JOIN users u ON u.id = s.user_id
                    LEFT JOIN cardio_traces t ON t.session_id = s.id
                    WHERE u.email = ? AND s.kind = 'cardio' ORDER BY s.started_at
                    """, ["ada@example.org"]
                ).map { row -> (String, String, String?) in
                    (try row.get("day"), try row.get("stats"), try row.get("hr"))
                }
            }
            #expect(stored.count == 1)
            #expect(stored.first?.0 == "2031-03-10")
            let hr = try JSONCoding.decode(JSONValue.self, from: Data((stored.first?.2 ?? "[]").utf8))
            #expect(hr.arrayValue?.compactMap { $0.arrayValue?.last?.doubleValue } == [120, 130])
            let stats = try JSONCoding.decode(JSONValue.self, from: Data((stored.first?.1 ?? "{}").utf8))
            #expect(stats["duration_s"] == 1800)
            #expect(stats["hr_samples"] == 2)
        }
    }

    @Test func aNumberTooLargeForADoubleInTheRawBodyIsNotStored() async throws {
        try await withTestServer { server in
            let token = try server.ingestToken("ada@example.org")
            let body = Data(
                #"{"data":{"metrics":[{"name":"body_mass","units":"kg","data":[{"date":"2031-03-05 07:00:00 +0100","qty":1e999},{"date":"2031-03-06 07:00:00 +0100","qty":80}]}]}}"#
                    .utf8)
            let reply = try await server.raw(
                "POST", "/ingest", body: body, headers: ["Authorization": "Bearer \(token)"])
            #expect(reply.status == 200, "\(reply.status) \(String(decoding: reply.data, as: UTF8.self))")
            #expect(reply.json == ["ok": true, "stored": 1, "skipped": 1])
            #expect(try server.metricValues("ada@example.org", "weight") == [80])
            let broken = try await server.raw(
                "POST", "/ingest", body: Data(#"{"data":{"metrics":[1e999"#.utf8),
                headers: ["Authorization": "Bearer \(token)"])
            #expect(broken.status == 400 && broken.detail == "body must be JSON")
        }
    }
}
