import ForgeAPI
import ForgeCore
import Foundation
import Testing

/// `POST /ingest` workouts: sessions, stats, traces, reconciliation (docs/contract.md
/// §4.9, §4.13, §4.14) and zone time by the gaps between samples (docs/architecture.md §16.9).
@Suite(.serialized) struct IngestWorkoutTests {
    /// Thursday 2031-03-06 12:00 UTC: the current week is Mon 3 … Sun 9 March.
    static let now = Date(timeIntervalSince1970: 1_930_564_800)

    /// A run starting at 00:15 +0100 on Wednesday 5 March (23:15 UTC on the 4th).
    /// HR at t = 0, 10, 20, 60, 70 s with 120, 133, 150, 135, 100 bpm.
    static func run(
        name: String = "Outdoor Run", start: String = "2031-03-05 00:15:00 +0100",
        withTraces: Bool = true
    ) -> JSONValue {
        var w: [String: JSONValue] = [
            "name": .string(name), "start": .string(start), "end": "2031-03-05 00:25:00 +0100",
            "duration": ["qty": 10, "units": "min"], "distance": ["qty": 1.25, "units": "mi"],
            "avgHeartRate": ["qty": 128, "units": "bpm"], "maxHeartRate": 150,
            "activeEnergyBurned": ["qty": 400, "units": "kJ"],
        ]
        if withTraces {
            let times = ["00:15:00", "00:15:10", "00:15:20", "00:16:00", "00:16:10"]
            let bpm = [120, 133, 150, 135, 100]
            w["heartRateData"] = .array(
                zip(times, bpm).map { ["date": .string("2031-03-05 \($0) +0100"), "Avg": .int($1)] })
            w["route"] = [
                ["lat": 51.5007291234, "lon": -0.1246], ["latitude": 51.5010, "longitude": -0.1250],
                ["lat": "x"], ["lat": 95, "lon": 0],
            ]
        }
        return ["data": ["workouts": [.object(w)]]]
    }

    static func sessions(_ server: TestServer, _ email: String) throws -> [(
        id: String, day: String, name: String, status: String
    )] {
        try server.app.db.read { db in
            try db.query(
                """
                SELECT s.id, s.day, s.name, s.status FROM sessions s JOIN users u ON u.id = s.user_id
                WHERE u.email = ? AND s.kind = 'cardio' ORDER BY s.started_at
                """, [email]
            ).map { (try $0.get("id"), try $0.get("day"), try $0.get("name"), try $0.get("status")) }
        }
    }

    @Test func aRunIsFiledOnItsLocalDayMatchedAndZoned() async throws {
        try await withTestServer(clock: FixedClock(Self.now)) { server in
            let token = try server.ingestToken("ada@example.org")
            let reply = try await server.ingest(Self.run(), token: token)
            #expect(reply.json == ["ok": true, "stored": 1, "skipped": 0])
            let list = try Self.sessions(server, "ada@example.org")
            #expect(list.count == 1)
            // 23:15 UTC on the 4th, but the payload's own offset puts it on Wednesday the 5th: the Zone 2 run.
            #expect(list[0].day == "2031-03-05" && list[0].status == "completed" && list[0].name == "Zone 2 run")

            let ada = try await server.signIn("ada@example.org")
            let detail = try await server.get("/api/sessions/\(list[0].id)", cookie: ada).json
            let stats = try #require(detail["stats"])
            #expect(stats["duration_s"]?.doubleValue == 600)
            #expect(stats["distance"]?.doubleValue == 2.012)  // 1.25 mi × 1.609344 = 2.01168 → 2.012 km
            #expect(stats["kcal"]?.doubleValue == 95.602)  // 400 kJ × 0.2390057 = 95.60228
            #expect(stats["pace_min_km"]?.doubleValue == 4.97)  // 600 / 60 / 2.012 = 4.970… min/km
            #expect(stats["hr_samples"] == 5)
            // Credited seconds (gap to the next sample, capped at 30 s, to the earlier sample):
            // 120:10, 133:10, 150:min(40,30)=30, 135:10, 100:0 (last).
            // zone 2 (110–145 inclusive): 10 + 10 + 10 = 30 s = 0.5 min.
            #expect(stats["zone2_min"]?.doubleValue == 0.5)
            // plan band 125–140: 133 and 135 → 20 s = 0.333 min → 0.3; pct = round(100 × 0.333 / 10) = 3.
            #expect(stats["zone_min"]?.doubleValue == 0.3)
            #expect(stats["pct_in_zone"] == 3)
            #expect(stats["target"] == ["type": "run", "minutes": 40, "hr_low": 125, "hr_high": 140])
            #expect(detail["fitted"]?["source"] == "watch" && detail["fitted"]?["matched_day"] == "2")
            #expect(detail["fitted"]?["target"]?["hr_high"] == 140)

            // Traces: t from the timestamps; invalid route entries skipped; 6 dp.
            #expect(numbers(detail["series"]?["hr"]) == [[0, 120], [10, 133], [20, 150], [60, 135], [70, 100]])
            #expect(numbers(detail["series"]?["route"]) == [[51.500729, -0.1246], [51.501, -0.125]])
            // Five zones, hr_max = max(190, 150) = 190 (estimated); bounds round(190 × .6/.7/.8/.9) = 114/133/152/171.
            // 133 sits on the Z2/Z3 boundary and belongs to Z3: Z2 = 10 s (120) → 0.2; Z3 = 10 + 30 + 10 = 50 s → 0.8.
            let zones = try #require(detail["zones"])
            #expect(zones["hr_max"] == 190 && zones["estimated"] == true)
            #expect(zones["zones"]?.arrayValue?.map { $0["min"]?.doubleValue } == [0, 0.2, 0.8, 0, 0])
            #expect(zones["zones"]?.arrayValue?.map { $0["low"] } == [0, 114, 133, 152, 171])
            #expect(zones["zones"]?.arrayValue?.last?["high"] == .null)

            // Zone-2 weekly minutes count the run in the week of its local day.
            let progress = try await server.get("/api/progress", cookie: ada).json
            #expect(progress["zone2"]?["done"]?.doubleValue == 0)  // round0(0.5) half-even = 0
            #expect(progress["zone2"]?["target"] == 40)
            let dashboard = try await server.get("/api/dashboard", cookie: ada).json
            #expect(dashboard["zone2_weekly"]?.arrayValue?.last?["week"] == "2031-03-03")
            #expect(dashboard["zone2_weekly"]?.arrayValue?.last?["v"]?.doubleValue == 0.5)
        }
    }

    /// Issue 41 items 6 and 7: a Health Auto Export run with heart rate once a minute and no stated
    /// average or maximum gets both from the series, and about 40 zone-2 minutes for 40 minutes.
    @Test func aRunSampledOnceAMinuteGetsItsHeartRateAndItsMinutes() async throws {
        try await withTestServer(clock: FixedClock(Self.now)) { server in
            let token = try server.ingestToken("ada@example.org")
            let bpm = (0...40).map { 128 + $0 % 7 }
            let samples: [JSONValue] = bpm.enumerated().map { minute, value in
                ["date": .string(String(format: "2031-03-04 07:%02ld:00 +0000", minute)), "Avg": .int(value)]
            }
            let run: JSONValue = [
                "name": "Outdoor Run", "start": "2031-03-04 07:00:00 +0000", "end": "2031-03-04 07:40:00 +0000",
                "duration": ["qty": 40, "units": "min"], "heartRateData": .array(samples),
            ]
            let reply = try await server.ingest(["data": ["workouts": [run]]], token: token)
            #expect(reply.json == ["ok": true, "stored": 1, "skipped": 0])
            let id = try #require(try Self.sessions(server, "ada@example.org").first?.id)
            let ada = try await server.signIn("ada@example.org")
            let stats = try #require(try await server.get("/api/sessions/\(id)", cookie: ada).json["stats"])
            let mean = Double(bpm.reduce(0, +)) / Double(bpm.count)
            #expect(stats["avg_hr"]?.doubleValue == Rounding.halfEven(mean, places: 3), "\(stats)")
            #expect(stats["max_hr"]?.doubleValue == 134, "\(stats)")
            #expect(stats["hr_samples"] == 41)
            #expect(stats["zone2_min"]?.doubleValue == 40, "\(stats)")
            let progress = try await server.get("/api/progress", cookie: ada).json
            #expect(progress["zone2"]?["done"]?.doubleValue == 40, "\(progress)")
        }
    }

    @Test func repeatsAreSkippedAndTheDayIsClaimedOnce() async throws {
        try await withTestServer(clock: FixedClock(Self.now)) { server in
            let token = try server.ingestToken("ada@example.org")
            #expect(try await server.ingest(Self.run(), token: token).json["stored"] == 1)
            #expect(try await server.ingest(Self.run(), token: token).json == ["ok": true, "stored": 0, "skipped": 1])
            // A second run the same local day: the day is already claimed → unplanned, own name.
            let second = try await server.ingest(
                Self.run(name: "Evening Run", start: "2031-03-05 19:00:00 +0100"), token: token)
            #expect(second.json["stored"] == 1)
            // A ride on Friday (an Intervals *run* day) does not match the type.
            _ = try await server.ingest(Self.run(name: "Cycling", start: "2031-03-07 08:00:00 +0100"), token: token)
            let list = try Self.sessions(server, "ada@example.org")
            #expect(list.map(\.status) == ["completed", "unplanned", "unplanned"])
            #expect(list.map(\.name) == ["Zone 2 run", "Evening Run", "Cycling"])
            let ada = try await server.signIn("ada@example.org")
            let fitted = try await server.get("/api/sessions/\(list[1].id)", cookie: ada).json["fitted"]
            #expect(fitted == ["source": "watch"])
            // Ben sees none of it.
            #expect(try Self.sessions(server, "ben@example.org").isEmpty)
        }
    }

    @Test func aResentWorkoutBackFillsItsTraces() async throws {
        try await withTestServer(clock: FixedClock(Self.now)) { server in
            let token = try server.ingestToken("ada@example.org")
            #expect(try await server.ingest(Self.run(withTraces: false), token: token).json["stored"] == 1)
            let id = try #require(try Self.sessions(server, "ada@example.org").first?.id)
            let ada = try await server.signIn("ada@example.org")
            let bare = try await server.get("/api/sessions/\(id)", cookie: ada).json
            #expect(bare["series"] == nil && bare["stats"]?["zone2_min"] == nil)
            #expect(bare["stats"]?["target"]?["hr_low"] == 125)

            #expect(try await server.ingest(Self.run(), token: token).json == ["ok": true, "stored": 1, "skipped": 0])
            let filled = try await server.get("/api/sessions/\(id)", cookie: ada).json
            #expect(filled["series"]?["hr"]?.arrayValue?.count == 5)
            #expect(filled["stats"]?["zone2_min"]?.doubleValue == 0.5 && filled["stats"]?["pct_in_zone"] == 3)
            #expect(try await server.ingest(Self.run(), token: token).json["skipped"] == 1)

            // Deleting the session removes its traces.
            _ = try await server.request("DELETE", "/api/sessions/\(id)", cookie: ada)
            let traces: Int? = try server.app.db.read { try $0.scalar("SELECT COUNT(*) FROM cardio_traces") }
            #expect(traces == 0)
        }
    }

    @Test func longTracesAreDownsampledToTheCaps() async throws {
        try await withTestServer(clock: FixedClock(Self.now)) { server in
            // 1500 untimed samples over 1500 s (spread evenly: t_i = i × 1500 / 1499) and 2000 route points.
            let hr: [JSONValue] = (0..<1500).map { .int(110 + $0 % 40) }
            let route: [JSONValue] = (0..<2000).map { ["lat": .double(51 + Double($0) / 10000), "lon": 0] }
            let payload: JSONValue = [
                "workouts": [
                    [
                        "name": "Run", "start": "2031-03-04T07:00:00Z", "duration": 1500,
                        "heartRateData": .array(hr), "route": .array(route),
                    ]
                ]
            ]
            #expect(try await server.ingest(payload, token: server.ingestToken("ada@example.org")).json["stored"] == 1)
            let s = try #require(try Self.sessions(server, "ada@example.org").first)
            let ada = try await server.signIn("ada@example.org")
            let detail = try await server.get("/api/sessions/\(s.id)", cookie: ada).json
            let hrOut = try #require(detail["series"]?["hr"]?.arrayValue)
            let routeOut = try #require(detail["series"]?["route"]?.arrayValue)
            #expect(hrOut.count == 600 && routeOut.count == 800)
            // the true last point: t = 1499 × 1500/1499, 110 + 1499 % 40 = 129
            #expect(numbers(hrOut.last.map { .array([$0]) }) == [[1500, 129]])
            // step 1500/600 = 2.5; floor(1 × 2.5) = 2: t = round1(2 × 1500/1499) = 2.0
            #expect(numbers(.array([hrOut[1]])) == [[2, 112]])
            #expect(numbers(.array([routeOut.last ?? .null])) == [[51.1999, 0]])
            #expect(detail["stats"]?["hr_samples"] == 1500)
        }
    }

    @Test func connectionsAndMapConfigFollowTheSettings() async throws {
        try await withTestServer { server in
            let ada = try await server.signIn("ada@example.org")
            let ben = try await server.signIn("ben@example.org")
            var doc = try await server.get("/api/connections", cookie: ada).json
            #expect(doc["withings"]?["configured"] == false && doc["withings"]?["status"] == .null)
            #expect(doc["coach_mcp"]?["active"] == false)
            #expect(doc["mcp_clients"] == [])
            #expect(try await server.get("/api/map/config", cookie: ada).json == ["enabled": false, "key": ""])

            let grant = "g" + Identifier.make()
            try server.app.db.write { db in
                let now = "2031-03-05T10:00:00.000Z"
                try db.execute(
                    "INSERT INTO app_settings (key, value, updated_at) VALUES ('maptiler_key', 'pk.abc', ?), ('anthropic_api_key', 'sk-x', ?)",
                    [now, now])
                try db.execute(
                    "INSERT INTO oauth_clients (client_id, client_name, redirect_uris, created_at) VALUES ('c1', 'Claude', '[]', ?)",
                    [now])
                try db.execute(
                    """
                    INSERT INTO oauth_grants (id, user_id, client_id, access_hash, access_expires_at, refresh_hash, refresh_expires_at, created_at)
                    VALUES (?, (SELECT id FROM users WHERE email = 'ada@example.org'), 'c1', 'a', ?, 'r', ?, ?)
                    """, [grant, now, now, now])
            }
            doc = try await server.get("/api/connections", cookie: ada).json
            #expect(doc["coach_mcp"] == ["active": true, "note": "agent live"])
            #expect(
                doc["mcp_clients"] == [
                    [
                        "id": .string(grant), "name": "Claude", "connected_at": "2031-03-05T10:00:00.000+00:00",
                        "last_used_at": .null,
                    ]
                ])
            #expect(try await server.get("/api/map/config", cookie: ada).json == ["enabled": true, "key": "pk.abc"])
            #expect(try await server.get("/api/connections", cookie: ben).json["mcp_clients"] == [])
            let foreign = try await server.request("DELETE", "/api/connections/mcp/\(grant)", cookie: ben)
            #expect(foreign.status == 404 && foreign.detail == "grant not found")
            #expect(
                try await server.request("DELETE", "/api/connections/mcp/\(grant)", cookie: ada).json == ["ok": true])
            #expect(try await server.get("/api/connections", cookie: ada).json["mcp_clients"] == [])
        }
    }
}

/// `[[Double]]` from a JSON array of number pairs (ints and doubles alike).
func numbers(_ v: JSONValue?) -> [[Double]] {
    (v?.arrayValue ?? []).map { ($0.arrayValue ?? []).compactMap(\.doubleValue) }
}
