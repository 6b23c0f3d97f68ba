import ForgeCoach
import ForgeTrain
import Testing

/// The built-in coach's progression rules (``Progression``).
struct ProgressionTests {
    static func sets(_ reps: [Int], rpe: Int? = 8, weight: Double = 60) -> [LoggedSet] {
        reps.enumerated().map {
            LoggedSet(
                slug: "x", substitutedFor: nil, setNo: $0.offset + 1, weight: weight,
                reps: $0.element, rpe: rpe, ts: "")
        }
    }
    static let bench = PlanExercise(slug: "bench-press", sets: 3, reps: 8, weight: 60)

    @Test(arguments: [(ExerciseKind.bb, 62.5), (.db, 62.0)])
    func everySetMetAddsTheIncrement(kind: ExerciseKind, expected: Double) {
        #expect(
            Progression.decide(Self.bench, kind: kind, thisWeek: Self.sets([8, 8, 8]), lastWeek: [])
                == .increase(from: 60, to: expected))
    }

    @Test func machinesAndUnloadedEntriesHold() {
        guard
            case .hold(60, _) = Progression.decide(
                Self.bench, kind: .machine, thisWeek: Self.sets([8, 8, 8]), lastWeek: [])
        else {
            Issue.record("machine should hold")
            return
        }
    }

    @Test func anRPENineSetHolds() {
        #expect(
            Progression.decide(Self.bench, kind: .bb, thisWeek: Self.sets([8, 8, 8], rpe: 9), lastWeek: [])
                == .hold(60, reason: "some sets fell short"))
    }

    @Test func aMissedRepHoldsAndASetWithoutRPECountsAsMet() {
        #expect(
            Progression.decide(Self.bench, kind: .bb, thisWeek: Self.sets([8, 8, 7]), lastWeek: [])
                == .hold(60, reason: "some sets fell short"))
        #expect(
            Progression.decide(Self.bench, kind: .bb, thisWeek: Self.sets([8, 8, 8], rpe: nil), lastWeek: [])
                == .increase(from: 60, to: 62.5))
    }

    @Test func nothingLoggedHolds() {
        #expect(
            Progression.decide(Self.bench, kind: .bb, thisWeek: [], lastWeek: Self.sets([8, 8, 8]))
                == .hold(60, reason: "not logged this week"))
    }

    @Test func twoStalledWeeksDeloadAboutTenPercentToPlateable() {
        #expect(
            Progression.decide(Self.bench, kind: .bb, thisWeek: Self.sets([8, 7, 6]), lastWeek: Self.sets([8, 7, 7]))
                == .deload(from: 60, to: 55))
        #expect(Progression.deload(100) == 90)
        #expect(Progression.deload(62.5) == 55)  // 56.25: a tie, half-to-even → 22 steps of 2.5
        #expect(Progression.deload(82.5) == 75)  // 74.25 → 75
    }

    @Test func aLoadedLiftPlannedAtZeroTakesTheTopLoadLogged() {
        let swapped = PlanExercise(slug: "bench-press", sets: 3, reps: 8, weight: 0)
        #expect(!Progression.byReps(swapped, kind: .bb))
        let logged = Self.sets([8, 8], weight: 40) + Self.sets([6], rpe: 9, weight: 42.5)
        for kind in [ExerciseKind.bb, .db, .machine] {
            #expect(Progression.decide(swapped, kind: kind, thisWeek: logged, lastWeek: []) == .adopt(42.5))
        }
        // Logged without a load: nothing to adopt, and never a climb in reps to 20.
        #expect(
            Progression.decide(swapped, kind: .bb, thisWeek: Self.sets([8, 8, 8], weight: 0), lastWeek: [])
                == .hold(0, reason: "no load logged yet"))
        // A body-weight lift at 0 kg still progresses by reps.
        #expect(Progression.byReps(swapped, kind: .bw))
        #expect(
            Progression.decide(swapped, kind: .bw, thisWeek: Self.sets([8, 8, 8], weight: 0), lastWeek: [])
                == .reps(from: 8, to: 10))
    }

    static let kgGym = LoadingKit(
        unit: .kg, plates: PlateInventory(unit: .kg, barKg: 20, platesKg: [25, 20, 15, 10, 5, 2.5, 1.25]),
        dumbbells: nil)
    static let lbGym = LoadingKit(
        unit: .lb, plates: PlateInventory(unit: .lb, bar: 4500, plates: [4500, 3500, 2500, 1000, 500, 250]),
        dumbbells: nil)

    @Test func ninetyPercentOfFiftyTwoAndAHalfIsFortySevenAndAHalf() {
        // 47.25 kg: the nearest the kg Gym loads is 47.5 (not 45, the old round-down).
        #expect(Progression.deload(52.5, kind: .bb, kit: Self.kgGym) == 47.5)
        let squat = PlanExercise(slug: "back-squat", sets: 3, reps: 5, weight: 52.5)
        #expect(
            Progression.decide(
                squat, kind: .bb, thisWeek: Self.sets([5, 4], weight: 52.5), lastWeek: Self.sets([4], weight: 52.5),
                kit: Self.kgGym) == .deload(from: 52.5, to: 47.5))
        // Progression from 45 kg: +2.5 → 47.5.
        let light = PlanExercise(slug: "back-squat", sets: 3, reps: 5, weight: 45)
        #expect(
            Progression.decide(
                light, kind: .bb, thisWeek: Self.sets([5, 5, 5], weight: 45), lastWeek: [], kit: Self.kgGym)
                == .increase(from: 45, to: 47.5))
    }

    @Test func onAPoundGymEveryStepIsPlateable() {
        let lb = { (p: Double) in LoadUnit.lb.kg(steps: Int(p * 100)) }
        let squat = PlanExercise(slug: "back-squat", sets: 3, reps: 5, weight: lb(225))
        #expect(
            Progression.decide(squat, kind: .bb, thisWeek: Self.sets([5, 5, 5]), lastWeek: [], kit: Self.lbGym)
                == .increase(from: lb(225), to: lb(230)))
        // 90 % of 225 lb = 202.5 lb: a tie between 200 and 205 → 205 (32 pairs of 5 lb above the bar, even).
        #expect(Progression.deload(lb(225), kind: .bb, kit: Self.lbGym) == lb(205))
    }
}
