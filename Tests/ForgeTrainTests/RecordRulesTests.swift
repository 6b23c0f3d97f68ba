import ForgeCore
import Testing

@testable import ForgeTrain

struct RecordRulesTests {
    @Test(arguments: [
        (100.0, 5, 116.7),  // 100 × (1 + 5/30) = 116.666… → 116.7
        (60.0, 5, 70.0),  // 60 × 7/6 = 70
        (62.5, 5, 72.9),  // 72.9166…
        (102.5, 1, 102.5),  // a single is its own e1RM
        (80.0, 8, 101.3),  // 101.333…
        (80.0, 0, 0.0),  // no reps, no e1RM
        (0.0, 10, 0.0),  // no load, no e1RM
    ])
    func epleyOneRepMax(weight: Double, reps: Int, expected: Double) {
        #expect(OneRepMax.epley(weight: weight, reps: reps) == expected)
    }

    @Test func aLoadedSetCandidatesForBothKindsAndABodyweightSetForNone() {
        let loaded = RecordCandidate.of(weight: 65, reps: 5)
        #expect(loaded.map(\.kind) == [.e1rm, .bestSet])
        #expect(loaded.map(\.value) == [75.8, 65])
        #expect(RecordCandidate.of(weight: 0, reps: 12).isEmpty)
        // best_set needs a load only (§4.4), e1RM needs reps too.
        #expect(RecordCandidate.of(weight: 40, reps: 0).map(\.kind) == [.bestSet])
        // Records never regress: an equal value is not a PB.
        #expect(!loaded[0].beats(75.8) && loaded[0].beats(75.7))
    }

    @Test func detailIsWrittenInTheMembersUnit() {
        let kg = 162.5 * LoadUnit.kgPerLb
        #expect(RecordDetail.text(weightKg: kg, reps: 5, unit: .lb) == "162.5 lb × 5")
        #expect(RecordDetail.text(weightKg: kg, reps: 5, unit: .kg) == "73.71 kg × 5")
        #expect(RecordDetail.text(weightKg: 80, reps: 8, unit: .kg) == "80 kg × 8")
        let prefs: [String: JSONValue] = ["unit_load": "kg", "load_units": ["deadlift": "lb"]]
        #expect(LoadUnit.preferred(prefs: prefs, slug: "deadlift") == .lb)
        #expect(LoadUnit.preferred(prefs: prefs, slug: "back-squat") == .kg)
        #expect(LoadUnit.preferred(prefs: [:], slug: "back-squat") == .lb)  // the contract's default
    }

    @Test(arguments: [233.0, 162.5, 135.0, 45.0, 317.5])
    func poundsRoundTripThroughFullPrecisionKilograms(lb: Double) {
        let stored = LoadUnit.lb.toKg(lb)  // what a client sends and forged stores, unrounded
        #expect(LoadUnit.lb.text(kg: stored) == NumberText.shortest(lb))
        #expect(abs(LoadUnit.lb.fromKg(stored) - lb) < 1e-9)
    }

    @Test(arguments: [
        (62.27, 60.0, 62.5),  // between two plateable loads
        (60.0, 60.0, 60.0),  // exactly plateable
        (101.0, 100.0, 102.5),
        (15.0, 20.0, 20.0),  // below the bar: the bar both ways
        (21.0, 20.0, 22.5),  // the smallest pair is 2 × 1.25
    ])
    func loadableNeighboursOnTheGymBar(target: Double, down: Double, up: Double) {
        let plates = PlateInventory(unit: .kg, barKg: 20, platesKg: [25, 20, 15, 10, 5, 2.5, 1.25])
        let l = FittedSnapshot.loadable(kind: .bb, weight: target, plates: plates)
        #expect(l == Loadable(downKg: down, upKg: up))
        #expect(FittedSnapshot.loadable(kind: .db, weight: target, plates: plates) == nil)
    }
}
