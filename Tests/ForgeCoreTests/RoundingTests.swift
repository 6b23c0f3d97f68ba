import Foundation
import Testing

@testable import ForgeCore

@Suite struct RoundingTests {
    @Test(arguments: [(52.5, 52.0), (53.5, 54.0), (16.5, 16.0), (17.5, 18.0), (-2.5, -2.0), (2.4999, 2.0), (-0.4, 0.0)])
    func halfEvenToWhole(x: Double, expected: Double) {
        #expect(Rounding.halfEven(x) == expected)
    }

    @Test(arguments: [(0.25, 0.2), (0.35, 0.3), (2.45, 2.5), (110.25, 110.2), (1.06, 1.1), (-0.04, 0.0)])
    func halfEvenToOnePlace(x: Double, expected: Double) {
        #expect(Rounding.round1(x) == expected)
    }

    /// The arithmetic route (``Rounding/scaledHalfEven(_:places:)``) gives the
    /// double the printed route gives for every value it takes: seeded random
    /// values over its whole range, decimal ties and near-ties (`x.x5`,
    /// `x.xx5` and their neighbouring doubles), pound loads in kg and Epley
    /// e1RMs, as importers and records round them; values outside its range
    /// are declined.
    @Test func arithmeticRoundingEqualsThePrintedRoute() {
        func printed(_ x: Double, _ places: Int) -> Double {
            let v = Double(String(format: "%.\(places)f", x))!
            return v == 0 ? 0 : v
        }
        var values: [Double] = []
        var state: UInt64 = 0x2024
        func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        for _ in 0..<20_000 {
            let magnitude = Double(next() % 40)
            let x = (1 + Double(next() % 1_000_000) / 1_000_000) * pow(2, magnitude)
            values += [x, -x]
        }
        for k in 0..<20_000 {
            let tie1 = Double(k) / 10 + 0.05
            let tie2 = Double(k) / 100 + 0.005
            for t in [tie1, tie2] { values += [t, t.nextUp, t.nextDown, -t] }
        }
        for lb in stride(from: 1.0, to: 1000, by: 0.5) {
            let kg = lb * 0.45359237
            values.append(kg)
            for reps in 2...15 { values.append(kg * (1 + Double(reps) / 30)) }
        }
        var differ: [Double] = []
        for x in values where abs(x) >= 1 {
            for places in [1, 2] where Rounding.scaledHalfEven(x, places: places) != printed(x, places) {
                differ.append(x)
            }
        }
        #expect(differ.isEmpty, "differ from printf: \(differ.prefix(5))")
        #expect(values.count > 100_000)
        #expect(Rounding.scaledHalfEven(0.05, places: 1) == nil)
        #expect(Rounding.scaledHalfEven(0x1p41, places: 1) == nil)
        #expect(Rounding.scaledHalfEven(12.25, places: 3) == nil)
        #expect(Rounding.round1(0.05000000000000000277) == printed(0.05000000000000000277, 1))
    }

    @Test(arguments: [(20.0, "20"), (2.5, "2.5"), (1.25, "1.25"), (162.5, "162.5"), (0.1, "0.1"), (105.68, "105.68")])
    func shortestDecimal(x: Double, text: String) {
        #expect(NumberText.shortest(x) == text)
    }

    /// A bulk writer's ids: the contract's shape (version 4, variant 10),
    /// all different, each sorting right after the one before; a second run
    /// starts elsewhere.
    @Test func identifierRunsHaveTheShapeAndFollowEachOther() {
        var run = IdentifierRun()
        let ids = (0..<5000).map { _ in run.next() }
        #expect(ids.allSatisfy(Identifier.isValid))
        #expect(ids.allSatisfy { Array($0.utf8)[12] == UInt8(ascii: "4") })
        #expect(ids.allSatisfy { "89ab".utf8.contains(Array($0.utf8)[16]) })
        #expect(Set(ids).count == ids.count)
        #expect(zip(ids, ids.dropFirst()).allSatisfy { $0 < $1 })
        var other = IdentifierRun()
        #expect(!ids.contains(other.next()))
    }

    @Test func identifiersHaveTheContractShape() {
        let a = Identifier.make()
        let b = Identifier.make()
        #expect(Identifier.isValid(a) && Identifier.isValid(b) && a != b)
        #expect(!Identifier.isValid("ABC"))
    }
}
