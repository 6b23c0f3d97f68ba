import Foundation
import Testing

@testable import ForgeCore

@Suite struct WireCodingTests {
    struct Loadable: Codable, Equatable {
        var downKg: Double
        var upKg: Double
    }
    struct Target: Codable, Equatable {
        var slug: String
        var baseSets: Int
        var weight: Double
        @Nullable var rpe: Int?
        var plate: String?
        var loadable: Loadable?
        var prefs: [String: JSONValue]
        var e1rm: OrderedMap<Double>
    }
    enum Kind: String, Codable, CaseIterable, WireEnumeration { case bb, db, bw }
    struct Input: Codable {
        var slug: String
        var reps: Int
        var weight: Double?
        var kind: Kind?
        var on: LocalDate?
    }

    @Test func fieldsInDeclarationOrderWithNumbersByType() throws {
        var e1rm = OrderedMap<Double>()
        e1rm["squat"] = 100
        e1rm["bench"] = 80.5
        e1rm["deadlift"] = 140
        let t = Target(
            slug: "squat", baseSets: 5, weight: 60, rpe: nil, plate: nil,
            loadable: Loadable(downKg: 60, upKg: 62.5), prefs: ["unitLoad": "lb", "a_b": 1], e1rm: e1rm)
        #expect(
            try WireEncoder.string(t) == #"{"slug":"squat","base_sets":5,"weight":60.0,"rpe":null,"#
                + #""loadable":{"down_kg":60.0,"up_kg":62.5},"prefs":{"a_b":1,"unitLoad":"lb"},"#
                + #""e1rm":{"squat":100.0,"bench":80.5,"deadlift":140.0}}"#)
    }

    @Test(arguments: [
        ("downKg", "down_kg"), ("zone2Min", "zone2_min"), ("sourceURL", "source_url"),
        ("e1rm", "e1rm"), ("content-state", "content-state"), ("pctInZone", "pct_in_zone"),
    ])
    func snakeCase(_ pair: (String, String)) { #expect(WireKeys.snakeCase(pair.0) == pair.1) }

    @Test func laxDecodingAndErrorsNameTheField() throws {
        let ok = try WireDecoder.decode(
            Input.self,
            from: [
                "slug": "squat", "reps": "5", "weight": 60, "kind": "db",
                "on": "2026-07-20", "unknown": true,
            ])
        #expect(ok.reps == 5 && ok.weight == 60.0 && ok.kind == .db && ok.on == LocalDate("2026-07-20"))
        let cases: [(JSONValue, [JSONValue], String)] = [
            (["slug": 123, "reps": 5], ["slug"], "string_type"),
            (["slug": "x"], ["reps"], "missing"),
            (["slug": "x", "reps": 5.5], ["reps"], "int_from_float"),
            (["slug": "x", "reps": 5, "weight": "1e999"], ["weight"], "finite_number"),
            (["slug": "x", "reps": 5, "kind": "kettlebell"], ["kind"], "enum"),
            (["slug": "x", "reps": 5, "on": "20-07-2026"], ["on"], "value_error"),
            ("text", [], "model_attributes_type"),
        ]
        for (input, loc, type) in cases {
            let error = #expect(throws: WireDecodingError.self) { try WireDecoder.decode(Input.self, from: input) }
            #expect(error?.loc == loc && error?.type == type, "\(input)")
        }
    }

    @Test func roundTripsThroughItsOwnDecoder() throws {
        let t = Target(
            slug: "x", baseSets: 1, weight: 2.5, rpe: 8, plate: "Per side: 20", loadable: nil,
            prefs: [:], e1rm: OrderedMap([("a", 1.0)]))
        let back = try WireDecoder.decode(Target.self, from: try WireEncoder.data(t))
        #expect(back == t)
    }

    @Test func schemaReadFromTheType() throws {
        var reader = WireSchema()
        let ref = reader.schema(for: Target.self)
        #expect(ref == ["$ref": "#/components/schemas/Target"])
        let s = try #require(reader.components["Target"])
        #expect(s["required"] == ["slug", "base_sets", "weight", "rpe", "prefs", "e1rm"])
        #expect(s["properties"]?["rpe"] == ["anyOf": [["type": "integer"], ["type": "null"]]])
        // k?: T is absent, never null
        #expect(s["properties"]?["loadable"] == ["$ref": "#/components/schemas/Loadable"])
        #expect(s["properties"]?["e1rm"] == ["type": "object", "additionalProperties": ["type": "number"]])
        #expect(s["properties"]?["prefs"] == ["type": "object", "additionalProperties": [:]])
        let input = reader.schema(for: Input.self)
        #expect(reader.components["Input"]?["properties"]?["kind"] == ["type": "string", "enum": ["bb", "db", "bw"]])
        #expect(reader.components["Input"]?["required"] == ["slug", "reps"])
        #expect(input != [:])
    }
}
