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

    @Test(arguments: [(20.0, "20"), (2.5, "2.5"), (1.25, "1.25"), (162.5, "162.5"), (0.1, "0.1"), (105.68, "105.68")])
    func shortestDecimal(x: Double, text: String) {
        #expect(NumberText.shortest(x) == text)
    }

    @Test func identifiersHaveTheContractShape() {
        let a = Identifier.make()
        let b = Identifier.make()
        #expect(Identifier.isValid(a) && Identifier.isValid(b) && a != b)
        #expect(!Identifier.isValid("ABC"))
    }
}
