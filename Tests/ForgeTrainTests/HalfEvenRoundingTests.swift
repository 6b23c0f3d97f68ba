import ForgeCore
import Testing

/// The contract's rounding (docs/contract.md §1.11) as the training rules rely on it:
/// half-to-even on the IEEE-754 double value, like Python's `round()`.
@Suite struct HalfEvenRoundingTests {
    @Test(arguments: [
        (52.5, 0, 52.0), (16.5, 0, 16.0), (25.5, 0, 26.0), (50.5, 0, 50.0),
        (0.125, 2, 0.12), (0.375, 2, 0.38), (2.25, 1, 2.2),
        // Not ties in binary: the double nearest 2.675 is 2.67499999…
        (2.675, 2, 2.67), (1.005, 2, 1.0), (0.285, 2, 0.28), (2.35, 1, 2.4), (-2.675, 2, -2.67),
        (1234.5678, 2, 1234.57),
    ])
    func matchesPythonRound(x: Double, places: Int, expected: Double) {
        #expect(Rounding.halfEven(x, places: places) == expected)
    }
}
