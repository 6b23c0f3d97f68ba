import ForgeCoach
import ForgeCore
import ForgeTrain
import Foundation
import Testing

/// Each rule of docs/contract.md §4.16 (and forged's equipment and niggle rules) rejects its own bad proposal.
struct PlanProposalValidatorTests {
    static let starter = StarterPlan.content(scale: 1)
    static let gym: Set<String> = [
        "Barbell + power rack", "Bench", "Dumbbells", "Cable stack", "Pull-up bar", "Leg press",
    ]

    static func validator(
        available: Set<String>? = gym, niggles: [NiggleInfo] = [],
        active: PlanContent? = starter
    ) -> PlanProposalValidator {
        PlanProposalValidator(library: .seed, available: available, niggles: niggles, active: active)
    }

    /// The starter content as JSON, edited by `edit`.
    static func content(_ edit: (inout [String: JSONValue]) -> Void = { _ in }) throws -> JSONValue {
        var days = try JSONValue.encoded(starter)["days"]!.objectValue!
        edit(&days)
        return ["days": .object(days)]
    }

    static func set(_ days: inout [String: JSONValue], _ key: String, _ field: String, _ value: JSONValue) {
        var day = days[key]!.objectValue!
        day[field] = value
        days[key] = .object(day)
    }

    static func exercises(_ days: [String: JSONValue], _ key: String) -> [JSONValue] {
        days[key]!["exercises"]!.arrayValue!
    }

    static func failure(
        _ content: JSONValue, rationale: String = "A steady block.",
        validator: PlanProposalValidator = validator()
    ) -> String? {
        do {
            _ = try validator.validate(content: content, rationale: rationale)
            return nil
        } catch { return error.message }
    }

    @Test func theUnchangedStarterPasses() throws {
        #expect(Self.failure(try Self.content()) == nil)
    }

    @Test func ruleOneRepairsEscapesBeforeChecking() throws {
        let (_, rationale) = try Self.validator().validate(
            content: try Self.content(), rationale: "Caf\\u00e9 strength \\u2014 steady")
        #expect(rationale == "Café strength — steady")
    }

    @Test func ruleTwoDays() throws {
        #expect(Self.failure(["days": [:]]) == "days must be a non-empty object")
        #expect(Self.failure(try Self.content { $0["7"] = $0["0"] })?.hasPrefix("day keys must be") == true)
    }

    @Test func ruleThreeKinds() throws {
        #expect(
            Self.failure(try Self.content { Self.set(&$0, "0", "kind", "yoga") })
                == "day 0: kind must be strength or cardio")
        #expect(
            Self.failure(try Self.content { Self.set(&$0, "2", "cardio", .null) })
                == "day 2: a cardio day needs a cardio object")
    }

    @Test func ruleFourStrengthDays() throws {
        #expect(
            Self.failure(try Self.content { Self.set(&$0, "0", "exercises", []) })
                == "day 0: a strength day needs exercises")
        let twoMains = try Self.content { days in
            var list = Self.exercises(days, "0")
            var second = list[1].objectValue!
            second["priority"] = 1
            list[1] = .object(second)
            Self.set(&days, "0", "exercises", .array(list))
        }
        #expect(Self.failure(twoMains) == "day 0: exactly one exercise must have priority 1 (found 2)")
        func replacing(_ field: String, _ value: JSONValue) throws -> JSONValue {
            try Self.content { days in
                var list = Self.exercises(days, "0")
                var last = list[3].objectValue!
                last[field] = value
                list[3] = .object(last)
                Self.set(&days, "0", "exercises", .array(list))
            }
        }
        #expect(Self.failure(try replacing("slug", "moon-press")) == "day 0: unknown exercise \"moon-press\"")
        #expect(Self.failure(try replacing("slug", "hamstring-stretch"))?.contains("is a mobility item") == true)
        #expect(Self.failure(try replacing("sets", 2.5)) == "day 0: hanging-leg-raise sets must be an integer")
        #expect(Self.failure(try replacing("reps", "ten")) == "day 0: hanging-leg-raise reps must be an integer")
        #expect(
            Self.failure(try Self.content { Self.set(&$0, "4", "cooldown", []) })
                == "day 4: a strength day needs a cooldown")
        #expect(
            Self.failure(try Self.content { Self.set(&$0, "4", "cooldown", [["slug": "plank"]]) })
                == "day 4: cooldown item \"plank\" must be a mobility exercise")
    }

    @Test func equipmentOfTheActiveProfile() throws {
        let noBarbell = Self.validator(available: Self.gym.subtracting(["Barbell + power rack"]))
        #expect(
            Self.failure(try Self.content(), validator: noBarbell)
                == "day 0: back-squat needs Barbell + power rack, which the active equipment profile lacks")
    }

    @Test func activeNigglesRuleOutTheirPatterns() throws {
        let knee = NiggleInfo(bodyPart: "Left knee", status: "active", avoidPatterns: ["lunge"])
        #expect(
            Self.failure(try Self.content(), validator: Self.validator(niggles: [knee]))
                == "day 0: split-squat loads lunge, which the left knee niggle avoids")
        let cleared = NiggleInfo(bodyPart: "Left knee", status: "cleared", avoidPatterns: ["lunge"])
        #expect(Self.failure(try Self.content(), validator: Self.validator(niggles: [cleared])) == nil)
    }

    @Test func ruleFiveRationaleVoice() throws {
        #expect(
            Self.failure(try Self.content(), rationale: "  Next week we push the squat.")?.contains("next week") == true
        )
        #expect(
            Self.failure(try Self.content(), rationale: "This block builds on next week’s deload.")?.contains(
                "next week") == true)
    }

    /// A copy of the starter with Monday's squat 2.5 kg heavier and the given note.
    static func heavierMonday(note: JSONValue?) throws -> JSONValue {
        try content { days in
            var list = exercises(days, "0")
            var squat = list[0].objectValue!
            squat["weight"] = 62.5
            list[0] = .object(squat)
            set(&days, "0", "exercises", .array(list))
            if let note { set(&days, "0", "why", note) }
        }
    }

    @Test func ruleSixDayNotes() throws {
        #expect(Self.failure(try Self.heavierMonday(note: nil)) == "Monday changed: add a note (why) for it")
        #expect(Self.failure(try Self.heavierMonday(note: "Squat up a step.")) == nil)
        let shared = try Self.content { days in
            Self.set(&days, "0", "why", "Keep it crisp")
            Self.set(&days, "4", "why", "keep it crisp!")
        }
        #expect(Self.failure(shared) == "Monday and Friday share the same note")
        #expect(
            Self.failure(try Self.heavierMonday(note: "squat up"), rationale: "Squat up, bench steady.")
                == "Monday's note repeats the rationale: say what is special about the day")
        var active = Self.starter
        if case .strength(var monday) = active.days[0]! {
            monday.why = "Squat up a step"
            active.days[0] = .strength(monday)
        }
        #expect(
            Self.failure(try Self.heavierMonday(note: "squat UP a step"), validator: Self.validator(active: active))
                == "Monday changed but keeps last week's note: write a new one")
    }

    @Test func withoutAnActivePlanEveryDayNeedsANote() throws {
        #expect(
            Self.failure(try Self.content(), validator: Self.validator(active: nil))
                == "Monday changed: add a note (why) for it")
    }

    @Test func loadsAreRepairedToWhatTheProfileCanLoad() throws {
        let kit = LoadingKit(
            unit: .kg, plates: PlateInventory(unit: .kg, barKg: 20, platesKg: [25, 20, 15, 10, 5, 2.5, 1.25]),
            dumbbells: nil)
        let validator = PlanProposalValidator(
            library: .seed, available: Self.gym, niggles: [], active: Self.starter, kit: kit)
        let content = try Self.content { days in
            var list = Self.exercises(days, "0")
            var squat = list[0].objectValue!
            squat["weight"] = 47.25  // 90 % of 52.5
            list[0] = .object(squat)
            Self.set(&days, "0", "exercises", .array(list))
            Self.set(&days, "0", "why", "Monday: squat eased")
        }
        let out = try validator.validate(content: content, rationale: "A steady block.")
        #expect(out.content.days[0]?.strength?.exercises[0].slug == "back-squat")
        #expect(out.content.days[0]?.strength?.exercises[0].weight == 47.5)
        // Without a profile, loads are kept as written.
        #expect(
            try Self.validator().validate(content: content, rationale: "A steady block.").content.days[0]?.strength?
                .exercises[0].weight == 47.25)
    }
}
