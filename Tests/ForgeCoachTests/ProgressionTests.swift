import ForgeCoach
import ForgeTrain
import Testing

/// The built-in coach's progression rules (``Progression``).
struct ProgressionTests {
    static func sets(_ reps: [Int], rpe: Int? = 8, weight: Double = 60) -> [LoggedSet] {
        reps.enumerated().map { LoggedSet(slug: "x", substitutedFor: nil, setNo: $0.offset + 1, weight: weight,
                                          reps: $0.element, rpe: rpe, ts: "") }
    }
    static let bench = PlanExercise(slug: "bench-press", sets: 3, reps: 8, weight: 60)

    @Test(arguments: [(ExerciseKind.bb, 62.5), (.db, 62.0)])
    func everySetMetAddsTheIncrement(kind: ExerciseKind, expected: Double) {
        #expect(Progression.decide(Self.bench, kind: kind, thisWeek: Self.sets([8, 8, 8]), lastWeek: [])
                == .increase(from: 60, to: expected))
    }

    @Test func machinesAndUnloadedEntriesHold() {
        guard case .hold(60, _) = Progression.decide(Self.bench, kind: .machine, thisWeek: Self.sets([8, 8, 8]), lastWeek: [])
        else { Issue.record("machine should hold"); return }
    }

    @Test func anRPENineSetHolds() {
        #expect(Progression.decide(Self.bench, kind: .bb, thisWeek: Self.sets([8, 8, 8], rpe: 9), lastWeek: [])
                == .hold(60, reason: "some sets fell short"))
    }

    @Test func aMissedRepHoldsAndASetWithoutRPECountsAsMet() {
        #expect(Progression.decide(Self.bench, kind: .bb, thisWeek: Self.sets([8, 8, 7]), lastWeek: [])
                == .hold(60, reason: "some sets fell short"))
        #expect(Progression.decide(Self.bench, kind: .bb, thisWeek: Self.sets([8, 8, 8], rpe: nil), lastWeek: [])
                == .increase(from: 60, to: 62.5))
    }

    @Test func nothingLoggedHolds() {
        #expect(Progression.decide(Self.bench, kind: .bb, thisWeek: [], lastWeek: Self.sets([8, 8, 8]))
                == .hold(60, reason: "not logged this week"))
    }

    @Test func twoStalledWeeksDeloadAboutTenPercentToPlateable() {
        #expect(Progression.decide(Self.bench, kind: .bb, thisWeek: Self.sets([8, 7, 6]), lastWeek: Self.sets([8, 7, 7]))
                == .deload(from: 60, to: 55))
        #expect(Progression.deload(100) == 90)
        #expect(Progression.deload(62.5) == 55)     // 56.25: a tie, half-to-even → 22 steps of 2.5
        #expect(Progression.deload(82.5) == 75)     // 74.25 → 75
    }
}
