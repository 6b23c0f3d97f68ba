import ForgeCore
import Foundation
import Testing

@testable import ForgeTrain

@Suite struct PlanContentCodingTests {
    static let stored = """
        {"days":{"0":{"name":"Lower A","kind":"strength","focus":["Quads"],"why":"fresh legs",
          "exercises":[{"slug":"back-squat","sets":3,"reps":5,"weight":60,"rest":120,"priority":1,"min_sets":3,"tempo":"3-1-1"},
                       {"slug":"split-squat","sets":"3","reps":10.0}],
          "cooldown":[{"slug":"walk-easy","hold":"2 min easy"}],"colour":"red"},
         "2":{"name":"Zone 2 run","kind":"cardio","focus":["Aerobic base"],
          "cardio":{"type":"run","minutes":40,"hr_low":125,"hr_high":140,"surface":"trail"}},
         "3":null},
         "changes":[{"sign":"+","what":"added split squats","why":"single-leg work"}],
         "author":"coach","version":2}
        """

    func decode(_ text: String) throws -> PlanContent {
        try JSONCoding.decode(PlanContent.self, from: Data(text.utf8))
    }

    @Test func decodesWithDefaultsAndLaxNumbers() throws {
        let plan = try decode(Self.stored)
        #expect(plan.weekdays == [0, 2])
        let lower = try #require(plan.day(0)?.strength)
        #expect(lower.why == "fresh legs")
        let split = lower.exercises[1]
        #expect(split.sets == 3 && split.reps == 10)
        #expect(split.weight == 0 && split.rest == 90 && split.priority == 2 && split.minSets == 0)
        #expect(split.note == "" && split.name == nil && split.label == "split-squat")
        #expect(lower.exercises[0].extra["tempo"] == .string("3-1-1"))
        #expect(lower.extra["colour"] == .string("red"))
        #expect(plan.day(2)?.cardio?.cardio.extra["surface"] == .string("trail"))
        #expect(plan.day(2)?.cardio?.cardio.note == nil)
        #expect(plan.changes == [PlanChange(sign: "+", what: "added split squats", why: "single-leg work")])
        #expect(plan.extra["author"] == .string("coach"))
        #expect(plan.extra["version"] == .int(2))
    }

    @Test func roundTripsIncludingExtraKeys() throws {
        let plan = try decode(Self.stored)
        let encoded = try JSONCoding.string(plan)
        #expect(try decode(encoded) == plan)
        let json = try JSONCoding.decode(JSONValue.self, from: Data(encoded.utf8))
        #expect(json["author"] == .string("coach"))
        #expect(json["days"]?["0"]?["kind"] == .string("strength"))
        #expect(json["days"]?["0"]?["exercises"]?.arrayValue?[0]["tempo"] == .string("3-1-1"))
        #expect(json["days"]?["0"]?["exercises"]?.arrayValue?[1]["min_sets"] == .int(0))
        #expect(json["days"]?["2"]?["cardio"]?["hr_low"] == .int(125))
        #expect(json["days"]?["3"] == nil)
    }

    @Test func starterPlanRoundTrips() throws {
        let plan = StarterPlan.content(scale: 0.6)
        #expect(try decode(JSONCoding.string(plan)) == plan)
    }

    @Test(arguments: [
        #"{"days":{"7":{"name":"x","kind":"strength","exercises":[],"cooldown":[]}}}"#,
        #"{"days":{"mon":{"name":"x","kind":"strength","exercises":[],"cooldown":[]}}}"#,
        #"{"days":{"0":{"name":"x","kind":"yoga"}}}"#,
        #"{"days":{"0":{"name":"x","kind":"cardio"}}}"#,
        #"{"days":{"0":{"name":"x","kind":"strength","exercises":[{"slug":"a","sets":2.5,"reps":5}]}}}"#,
        #"{"days":{"0":{"name":"x","kind":"strength","exercises":[{"slug":"a","reps":5}]}}}"#,
    ])
    func rejectsMalformedContent(text: String) {
        // Each malformed document is refused with the member that is wrong named in the path.
        let error = #expect(throws: WireDecodingError.self) { try decode(text) }
        #expect(error?.path.first == .key("days"))
    }

    @Test func missingKindFollowsTheMembers() throws {
        let plan = try decode(
            #"{"days":{"1":{"name":"Run","cardio":{"type":"run","minutes":20,"hr_low":120,"hr_high":135}},"4":{"name":"Lift","exercises":[]}}}"#
        )
        #expect(plan.day(1)?.kind == .cardio)
        #expect(plan.day(4)?.kind == .strength)
    }
}
