import ForgeCore
import Foundation
import Testing

@testable import ForgeTrain

/// Loads in the profile's own unit (issue 14): integer plate math in grams
/// or hundredths of a pound, nearest-loadable rounding, exact kg storage.
struct PlateInventoryTests {
    static let lbGym = PlateInventory(unit: .lb, bar: 4500, plates: [4500, 3500, 2500, 1000, 500, 250])
    static let kgGym = PlateInventory(unit: .kg, barKg: 20, platesKg: [25, 20, 15, 10, 5, 2.5, 1.25])
    /// `pounds` in kg, the double nearest the exact decimal product (as a client that converts exactly sends it).
    static func lb(_ pounds: Double) -> Double {
        Double((Decimal(string: "\(pounds)")! * Decimal(string: "0.45359237")!).description)!
    }

    @Test func twoTwentyFivePoundsIsTwoPlatesASideOnTheFortyFiveBar() {
        #expect(PlateMath.text(weight: Self.lb(225), inventory: Self.lbGym, reader: .lb) == "Per side: 45 + 45 lb")
        #expect(Self.lbGym.loadable(kg: Self.lb(225)) == (Self.lb(225), Self.lb(225)))
        // The plates are physical: a kg reader sees the same lb plates, named.
        #expect(PlateMath.text(weight: Self.lb(225), inventory: Self.lbGym, reader: .kg) == "Per side: 45 + 45 lb")
        #expect(PlateMath.text(weight: Self.lb(45), inventory: Self.lbGym, reader: .lb) == "Empty bar (45 lb)")
        // The remainder is in the plates' unit: 233 lb is 94 lb a side, 1.5 lb short of a plate.
        #expect(
            PlateMath.text(weight: Self.lb(233), inventory: Self.lbGym, reader: .lb)
                == "Per side: 45 + 45 + 2.5 lb — no plate for 1.50 lb")
    }

    @Test func kgPlatesKeepTheContractTextForKgReadersAndNameKgForLbReaders() {
        #expect(PlateMath.text(weight: 60, inventory: Self.kgGym, reader: .kg) == "Per side: 20")
        #expect(PlateMath.text(weight: 60, inventory: Self.kgGym, reader: .lb) == "Per side: 20 kg")
        #expect(PlateMath.text(weight: 102.5, inventory: Self.kgGym, reader: .kg) == "Per side: 25 + 15 + 1.25")
        #expect(
            PlateMath.text(weight: 47.25, inventory: Self.kgGym, reader: .kg)
                == "Per side: 10 + 2.5 — no plate for 1.12 kg")
        #expect(PlateMath.text(weight: 15, inventory: Self.kgGym, reader: .lb) == "Empty bar (20 kg)")
    }

    @Test(arguments: [
        (47.25, 47.5),  // 90 % of 52.5: 10.9 pairs of 2.5 above the bar → 11
        (41.25, 40.0),  // a tie: 8.5 pairs → 8 (half-to-even, §1.11)
        (63.75, 65.0),  // a tie: 17.5 pairs → 18
        (102.06, 102.5),
        (17.5, 20.0),  // below the bar: the bar
    ])
    func nearestOnTheKgGym(target: Double, expected: Double) {
        #expect(Self.kgGym.nearest(kg: target) == expected)
    }

    @Test func loadsLoadableInPoundsAreStoredAsTheirExactKgEquivalent() {
        // 60 kg = 132.28 lb → 130 lb (2.28 below, 2.72 above), stored as 130 × 0.45359237 kg.
        let sixty = Self.lbGym.nearest(kg: 60)
        #expect(sixty == 58.9670081)
        #expect(LoadUnit.lb.text(kg: sixty) == "130")
        #expect(Self.lbGym.nearest(kg: Self.lb(135)) == Self.lb(135))
        #expect(LoadUnit.lb.kg(steps: 13500) == 61.23496995)
        #expect(LoadUnit.lb.kg(steps: 11000) == 49.8951607)  // not 110 × 0.45359237 = 49.895160700000005
        #expect("\(LoadUnit.lb.kg(steps: 3500))" == "15.87573295")
        // A client's floating-point conversion is one ulp off at most and still reads as the same pounds.
        #expect(LoadUnit.lb.steps(kg: 110 * 0.45359237) == 11000)
        #expect(LoadUnit.lb.steps(kg: 61.23496995) == 13500)
        // 233 lb, stored as kg and read back, is 233 lb, and rounding it twice changes nothing.
        let stored = Self.lb(233)
        #expect(LoadUnit.lb.text(kg: stored) == "233")
        #expect(Self.lbGym.nearest(kg: Self.lbGym.nearest(kg: stored)) == Self.lbGym.nearest(kg: stored))
        #expect(LoadUnit.lb.text(kg: Self.lbGym.nearest(kg: stored)) == "235")
    }

    @Test func lbWarmUpsAreAllLoadable() throws {
        let ramp = try #require(WarmUp.ramp(work: Self.lb(225), plates: Self.lbGym))
        #expect(ramp.map { LoadUnit.lb.text(kg: $0.weight) } == ["45", "115", "155", "190"])
        for set in ramp {
            #expect(Self.lbGym.nearest(kg: set.weight) == set.weight)
            #expect(!PlateMath.text(weight: set.weight, inventory: Self.lbGym, reader: .lb).contains("no plate for"))
        }
        // On the kg Gym the ramp is the contract's r(x).
        let kg = try #require(WarmUp.ramp(work: 82.5, plates: Self.kgGym))
        #expect(kg.map(\.weight) == [20, 40, 57.5, 70])
        #expect(kg == WarmUp.ramp(work: 82.5, barKg: 20))
    }

    @Test func dumbbellsRoundToWhatIsOwned() {
        let adjustable = DumbbellSet.adjustable(min: 500, max: 5000, step: 500)  // 5…50 lb by 5
        #expect(adjustable.nearest(steps: 2700) == 2500)
        #expect(adjustable.nearest(steps: 2750) == 2500)  // a tie: 4.5 steps from 5 lb → 4
        #expect(adjustable.nearest(steps: 3250) == 3500)  // a tie: 5.5 steps → 6
        #expect(adjustable.nearest(steps: 9000) == 5000)  // beyond the heaviest
        let pairs = DumbbellSet.pairs([10_000, 12_500, 15_000, 20_000])  // kg, grams
        #expect(pairs.nearest(steps: 17_000) == 15_000 && pairs.nearest(steps: 18_000) == 20_000)
        let kit = LoadingKit(unit: .lb, plates: Self.lbGym, dumbbells: adjustable)
        #expect(kit.nearest(kg: 12.5, kind: .db) == Self.lb(30))  // 27.56 lb → 30 lb
        #expect(kit.nearest(kg: 47.25, kind: .machine) == 47.5)  // no stack step known: the 2.5 kg grid
    }

    @Test func progressionStepsAreLoadableSteps() {
        let kit = LoadingKit(unit: .lb, plates: Self.lbGym, dumbbells: nil)
        // +2.5 kg (5.51 lb) from 135 lb lands on 140 lb.
        #expect(kit.increased(kg: Self.lb(135), by: 2.5, kind: .bb) == Self.lb(140))
        // With only 5 lb pairs... a 1 kg step (2.2 lb) still moves one pair up.
        #expect(kit.increased(kg: Self.lb(135), by: 1, kind: .bb) == Self.lb(140))
        #expect(LoadingKit.unknown.increased(kg: 60, by: 2, kind: .db) == 62)
    }

    @Test func figuresAndStepsConvertBothWays() {
        #expect(LoadUnit.lb.value(steps: 4500) == 45 && LoadUnit.kg.value(steps: 1250) == 1.25)
        #expect(LoadUnit.lb.steps(value: 45) == 4500 && LoadUnit.kg.steps(value: 2.5) == 2500)
        #expect(LoadUnit.kg.steps(value: 0.0625) == 62 && LoadUnit.lb.steps(value: 0.375) == 38)  // exact ties: to even
        #expect(LoadUnit.lb.steps(value: 0.1 + 0.2) == 30)
    }

    @Test func aKitRoundsOnlyWhatItDescribes() {
        let both = LoadingKit(unit: .lb, plates: Self.lbGym, dumbbells: .pairs([1000, 2000]))
        #expect(ExerciseKind.allCases.filter(both.rounds) == [.bb, .db])
        let platesOnly = LoadingKit(unit: .kg, plates: Self.kgGym, dumbbells: nil)
        #expect(ExerciseKind.allCases.filter(platesOnly.rounds) == [.bb])
        let noPlates = LoadingKit(
            unit: .kg, plates: PlateInventory(unit: .kg, bar: 20000, plates: []), dumbbells: .pairs([5000]))
        #expect(ExerciseKind.allCases.filter(noPlates.rounds) == [.db])
        #expect(ExerciseKind.allCases.filter(LoadingKit.unknown.rounds).isEmpty)
    }
}
