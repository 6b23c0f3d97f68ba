import ForgeAPI
import ForgeCoach
import ForgeCore
import ForgeStore
import ForgeTrain
import Foundation
import Testing

/// Loads as a lifter sees them (issue 14): equipment in kg or lb, every
/// prescription on a weight the profile can load, words in the member's unit.
@Suite(.serialized) struct LoadUnitsTests {
    /// `pounds` in kg, the double nearest the exact decimal product (as a client that converts exactly sends it).
    static func lb(_ pounds: Double) -> Double {
        Double((Decimal(string: "\(pounds)")! * Decimal(string: "0.45359237")!).description)!
    }
    static let lbGym: JSONValue = ["unit": "lb", "bar": 45, "plates": [45, 35, 25, 10, 5, 2.5]]
    static let monday = Instant.parse("2026-07-20T17:00:00.000Z")!

    /// The member's own `Gym` profile id.
    func gymID(_ server: TestServer, _ cookie: String) async throws -> String {
        let list = try await server.get("/api/equipment", cookie: cookie).json
        return try #require(
            list["profiles"]?.arrayValue?.first { $0["name"] == "Gym" && $0["shared"] == false }?["id"]?.stringValue)
    }

    /// Makes `cookie`'s Gym the 45 lb bar with lb plates.
    func useLbGym(_ server: TestServer, _ cookie: String) async throws {
        let id = try await gymID(server, cookie)
        let reply = try await server.request("PATCH", "/api/equipment/\(id)", json: Self.lbGym, cookie: cookie)
        #expect(reply.status == 200 && reply.json == ["ok": true])
    }

    @Test func aProfileIsDescribedInItsOwnUnitAndBadFiguresWriteNothing() async throws {
        try await withTestServer { server in
            let ben = try await server.signIn("ben@example.org")
            let id = try await gymID(server, ben)
            func gym() async throws -> JSONValue {
                try #require(
                    try await server.get("/api/equipment", cookie: ben).json["profiles"]?.arrayValue?.first {
                        $0["id"]?.stringValue == id
                    })
            }
            // §5.2's kg Gym, now also in its own terms; dumbbells not described.
            let seeded = try await gym()
            #expect(seeded["unit"] == "kg" && seeded["bar"]?.doubleValue == 20 && seeded["dumbbells"] == .null)
            #expect(seeded["plates"] == seeded["plates_kg"])

            // Bad figures: 422 naming the field, and nothing written.
            for (body, loc) in [
                (["bar": 0] as JSONValue, ["body", "bar"] as JSONValue),
                (["unit": "st"], ["body", "unit"]),
                (["plates": [45, 25, 45]], ["body", "plates", 2]),
                (["plates": [-5]], ["body", "plates", 0]),
                (["dumbbells": ["min": 10, "max": 5, "step": 5]], ["body", "dumbbells", "max"]),
                ([:], ["body", "items"]),
                // A unit change re-describes the bar and plates: both must come with it.
                (["unit": "lb"], ["body", "bar"]),
                (["unit": "lb", "bar": 45], ["body", "plates"]),
            ] {
                let reply = try await server.request("PATCH", "/api/equipment/\(id)", json: body, cookie: ben)
                #expect(
                    reply.status == 422 && reply.json["detail"]?.arrayValue?.first?["loc"] == loc,
                    "\(body) → \(reply.status) \(reply.json)")
            }
            #expect(try await gym() == seeded)

            // The lb Gym: the contract's members are exact conversions; `items` is not needed.
            let patch = try await server.request(
                "PATCH", "/api/equipment/\(id)",
                json: [
                    "unit": "lb", "bar": 45, "plates": [45, 35, 25, 10, 5, 2.5],
                    "dumbbells": ["min": 5, "max": 50, "step": 5],
                ], cookie: ben)
            #expect(patch.status == 200)
            let lb = try await gym()
            #expect(lb["unit"] == "lb" && lb["bar"]?.doubleValue == 45)
            #expect(lb["plates"]?.arrayValue?.compactMap(\.doubleValue) == [45, 35, 25, 10, 5, 2.5])
            #expect(lb["bar_kg"]?.doubleValue == 20.41165665)
            #expect(lb["plates_kg"]?.arrayValue?.first?.doubleValue == Self.lb(45))
            #expect(["min", "max", "step"].map { lb["dumbbells"]?[$0]?.doubleValue } == [5, 50, 5])
            #expect(lb["db_max_kg"]?.doubleValue == Self.lb(50))
            #expect(lb["items"] == seeded["items"])
            // Items alone still replace the list and leave the loading alone.
            _ = try await server.request(
                "PATCH", "/api/equipment/\(id)", json: ["items": [["name": "Barbell + power rack"]]], cookie: ben)
            let items = try await gym()
            #expect(
                items["items"] == [["name": "Barbell + power rack", "available": true]]
                    && items["bar"]?.doubleValue == 45)
            let missing = try await server.request(
                "PATCH", "/api/equipment/0123456789abcdef0123456789abcdef", json: Self.lbGym, cookie: ben)
            #expect(missing.status == 404)
        }
    }

    @Test func adaOnTheKgGymAndBenOnAnLbGymEachSeeTheirOwnPlatesAndUnits() async throws {
        try await withTestServer(clock: FixedClock(Self.monday)) { server in
            let ada = try await server.signIn("ada@example.org")
            let ben = try await server.signIn("ben@example.org")
            try await server.setLoadUnit("kg", cookie: ada)
            try await server.setLoadUnit("lb", cookie: ben)
            try await useLbGym(server, ben)

            let adaSquat = try #require(
                try await server.get("/api/today?date=2026-07-20", cookie: ada).json["exercises"]?.arrayValue?.first)
            #expect(adaSquat["weight"]?.doubleValue == 60 && adaSquat["plate"] == "Per side: 20")
            // Ben's plan holds 35 kg (77.16 lb): the nearest his plates make is 75 lb.
            let benToday = try await server.get("/api/today?date=2026-07-20", cookie: ben).json
            let benSquat = try #require(benToday["exercises"]?.arrayValue?.first)
            #expect(benSquat["weight"]?.doubleValue == Self.lb(75) && benSquat["plate"] == "Per side: 10 + 5 lb")
            #expect(
                benSquat["loadable"]?["down_kg"]?.doubleValue == Self.lb(75)
                    && benSquat["loadable"]?["up_kg"]?.doubleValue == Self.lb(80))
            #expect(benToday["profile"]?["unit"] == "lb" && benToday["profile"]?["bar"]?.doubleValue == 45)

            // Each logs a set at the prescription; the record details read in each member's unit.
            for (cookie, weight) in [(ada, 60.0), (ben, Self.lb(75))] {
                let sid = try #require(
                    try await server.request("POST", "/api/sessions", json: [:], cookie: cookie).json["id"]?.stringValue
                )
                let fitted = try await server.get("/api/sessions/\(sid)", cookie: cookie).json["fitted"]
                #expect(fitted?["targets"]?.arrayValue?.first?["weight"]?.doubleValue == weight)
                let set = try await server.request(
                    "POST", "/api/sessions/\(sid)/sets",
                    json: ["slug": "back-squat", "set_no": 1, "weight": .double(weight), "reps": 5], cookie: cookie)
                #expect(set.status == 200)
                #expect(
                    try await server.request("POST", "/api/sessions/\(sid)/complete", json: [:], cookie: cookie).status
                        == 200)
            }
            func details(_ cookie: String) async throws -> [String] {
                (try await server.get("/api/records", cookie: cookie).json.arrayValue ?? []).compactMap {
                    $0["detail"]?.stringValue
                }
            }
            #expect(try await details(ada) == ["60 kg × 5", "60 kg × 5"])
            #expect(try await details(ben) == ["75 lb × 5", "75 lb × 5"])
        }
    }

    @Test func twoThirtyThreePoundsRoundTripsUnchanged() async throws {
        try await withTestServer(clock: FixedClock(Self.monday)) { server in
            let ben = try await server.signIn("ben@example.org")
            try await server.setLoadUnit("lb", cookie: ben)
            let sid = try #require(
                try await server.request("POST", "/api/sessions", json: [:], cookie: ben).json["id"]?.stringValue)
            let entered = Self.lb(233)  // what an lb client sends for 233 lb
            func stored() async throws -> Double? {
                try await server.get("/api/sessions/\(sid)", cookie: ben).json["exercises"]?.arrayValue?.first?["sets"]?
                    .arrayValue?.first?["weight"]?.doubleValue
            }
            let body: JSONValue = ["slug": "back-squat", "set_no": 1, "weight": .double(entered), "reps": 5]
            #expect(
                try await server.request("POST", "/api/sessions/\(sid)/sets", json: body, cookie: ben).status == 200)
            let first = try #require(try await stored())
            #expect(first == entered && LoadUnit.lb.text(kg: first) == "233")
            // Saved back unchanged (a correction with the same figures), read again: still 233 lb.
            #expect(
                try await server.request(
                    "PATCH", "/api/sessions/\(sid)/sets",
                    json: ["slug": "back-squat", "set_no": 1, "weight": .double(first), "reps": 5], cookie: ben
                ).status == 200)
            let second = try #require(try await stored())
            #expect(second == entered && LoadUnit.lb.text(kg: second) == "233")
            #expect(
                try await server.request("POST", "/api/sessions/\(sid)/complete", json: [:], cookie: ben).status == 200)
            let records = try await server.get("/api/records", cookie: ben).json.arrayValue ?? []
            #expect(records.compactMap { $0["detail"]?.stringValue } == ["233 lb × 5", "233 lb × 5"])
        }
    }

    @Test func theWholeStarterWeekIsLoadableForAnLbMemberOnTheLbGym() async throws {
        try await withTestServer { server in
            let ada = try await server.signIn("ada@example.org")
            try await server.setLoadUnit("lb", cookie: ada)
            try await useLbGym(server, ada)
            let plates = PlateInventory(unit: .lb, bar: 4500, plates: [4500, 3500, 2500, 1000, 500, 250])
            /// On the 45 lb bar plus whole 5 lb pairs.
            func loadable(_ kg: Double?) -> Bool {
                guard let kg else { return false }
                let steps = LoadUnit.lb.steps(kg: kg)
                return steps >= 4500 && (steps - 4500) % 500 == 0 && LoadUnit.lb.kg(steps: steps) == kg
            }
            var barbellTargets: [String] = []
            var warmUps: [String] = []
            for offset in 0..<7 {
                let date = LocalDate(year: 2026, month: 7, day: 20).adding(days: offset)
                let today = try await server.get("/api/today?date=\(date)", cookie: ada).json
                for e in today["exercises"]?.arrayValue ?? [] where e["kind"] == "bb" {
                    let slug = e["slug"]?.stringValue ?? ""
                    barbellTargets.append("\(slug) \(LoadUnit.lb.text(kg: e["weight"]?.doubleValue ?? 0))")
                    #expect(loadable(e["weight"]?.doubleValue), "\(date) \(slug) \(e["weight"] ?? .null)")
                    let plate = e["plate"]?.stringValue ?? ""
                    #expect(
                        !plate.contains("no plate for") && (plate.hasSuffix(" lb") || plate == "Empty bar (45 lb)"),
                        "\(date) \(slug): \(plate)")
                    #expect(
                        plate == PlateMath.text(weight: e["weight"]?.doubleValue ?? 0, inventory: plates, reader: .lb))
                    for w in e["warmups"]?.arrayValue ?? [] {
                        warmUps.append(LoadUnit.lb.text(kg: w["weight"]?.doubleValue ?? 0))
                        #expect(loadable(w["weight"]?.doubleValue), "\(date) \(slug) warm-up \(w)")
                        let text = PlateMath.text(weight: w["weight"]?.doubleValue ?? 0, inventory: plates, reader: .lb)
                        #expect(!text.contains("no plate for"), "\(text)")
                    }
                }
            }
            // The starter week's 60, 70, 40 and 30 kg become 130, 155, 90 and 65 lb; the squat's ramp
            // (the bench, under 50 kg, has none) is 45, 65, 91 → 90 and 110.5 → 110 lb.
            #expect(
                barbellTargets == ["back-squat 130", "romanian-deadlift 155", "bench-press 90", "landmine-press 65"])
            #expect(warmUps == ["45", "65", "90", "110"])
        }
    }

    @Test func ninetyPercentOfFiftyTwoAndAHalfIsFortySevenAndAHalfOnTodayAndAtIntake() async throws {
        try await withTestServer { server in
            let ada = try await server.signIn("ada@example.org")
            try await server.setLoadUnit("kg", cookie: ada)
            let adaID = try server.userID("ada@example.org")
            func setSquat(_ kg: Double) throws {
                try server.app.db.write { db in
                    try db.execute(
                        """
                        UPDATE plan_revisions SET content = json_set(content, '$.days.0.exercises[0].weight', ?)
                        WHERE status = 'active' AND plan_id = (SELECT id FROM plans WHERE user_id = ?)
                        """, [kg, adaID])
                }
            }
            // Today: a 47.25 kg plan entry is prescribed as 47.5, its plates with no remainder.
            try setSquat(47.25)
            let squat = try #require(
                try await server.get("/api/today?date=2026-07-20", cookie: ada).json["exercises"]?.arrayValue?.first)
            #expect(squat["slug"] == "back-squat" && squat["weight"]?.doubleValue == 47.5)
            #expect(
                squat["loadable"]?["down_kg"]?.doubleValue == 45 && squat["loadable"]?["up_kg"]?.doubleValue == 47.5)
            #expect(squat["plate"] == "Per side: 10 + 2.5 + 1.25")

            // Intake at 90 % ("years" of lifting) of a 52.5 kg squat: 47.5, not the old round-down's 45.
            try setSquat(52.5)
            for text in ["Hi", "Get stronger", "Four days", "Years", "none"] {
                #expect(
                    try await server.request("POST", "/api/chat", json: ["text": .string(text)], cookie: ada).status
                        == 200)
                _ = try await server.waitForReply(ada)
            }
            let proposal = try #require(try server.app.db.read { try ProposalStore.pending(userID: adaID, in: $0) })
            #expect(proposal.content.entry(0, "back-squat")?.weight == 47.5)
        }
    }

    @Test func theOpenAPIDocumentDescribesTheUnitFields() async throws {
        try await withTestServer { server in
            let schemas = try await server.get("/api/openapi.json").json["components"]?["schemas"]
            let profile = try #require(schemas?["EquipmentProfileWire"]?["properties"])
            #expect(profile["unit"]?["description"]?.stringValue?.contains("kg or lb") == true)
            #expect(profile["bar_kg"]?["description"]?.stringValue?.contains("20.41165665") == true)
            #expect(profile["dumbbells"]?["anyOf"]?.arrayValue?.count == 2)
            let patch = try #require(schemas?["EquipmentPatchInput"])
            #expect(patch["required"] == nil || patch["required"] == [])
            #expect(patch["properties"]?["plates"]?["description"]?.stringValue?.contains("Distinct") == true)
            #expect(
                schemas?["LiftTrendWire"]?["properties"]?["status"]?["description"]?.stringValue?.hasPrefix("new")
                    == true)
        }
    }

    @Test func theWeeklyReviewSpeaksInPoundsToAnLbMember() async throws {
        try await withTestServer(clock: FixedClock(Instant.parse("2026-11-29T21:00:00Z")!)) { server in
            let ada = try await server.signIn("ada@example.org")
            try await server.setLoadUnit("lb", cookie: ada)
            try await useLbGym(server, ada)
            let adaID = try server.userID("ada@example.org")
            // 233 lb, as an lb client sends it: five reps where eight were planned.
            try server.logSession(
                adaID, day: "2026-11-23", name: "Lower A", sets: [TestSet("romanian-deadlift", Self.lb(233), 5)])
            let summary = try #require(
                try await server.request("POST", "/api/coach/run-review", cookie: ada).json["summary"]?.stringValue)
            // The plan's 70 kg is held as the 155 lb the proposal carries on the lb Gym; no raw float, no kg.
            #expect(
                summary.contains("Romanian Deadlift 5 at 233 lb: stays at 155 lb (some sets fell short)"), "\(summary)")
            #expect(summary.firstMatch(of: /[0-9]+\.[0-9]{3,}/) == nil && !summary.contains(" kg"), "\(summary)")
            let proposal = try await server.get("/api/proposal", cookie: ada).json["proposal"]
            let content = try JSONCoding.decode(
                PlanContent.self, from: JSONCoding.encode(proposal?["content"] ?? .null))
            #expect(content.entry(0, "romanian-deadlift")?.weight == Self.lb(155))
            #expect(content.entry(0, "back-squat")?.weight == Self.lb(130))
        }
    }
}
