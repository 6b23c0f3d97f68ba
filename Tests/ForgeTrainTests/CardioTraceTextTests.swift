import ForgeCore
import Foundation
import Testing

@testable import ForgeTrain

/// `CardioStore.pairsText` writes a trace's pairs as one JSON tree; the stored
/// text must stay the one the `Encodable` path writes for `[[Double]]`, byte
/// for byte, whatever the numbers.
struct CardioTraceTextTests {
    @Test func theTextIsTheEncodablePathsForEveryKindOfNumber() throws {
        var rng = LiftDayBestTests.Generator(state: 42)
        let special: [Double] = [
            0, -0.0, 1, -1, 60, 134, 0.1, 1e-7, 1e21, 1e22, 123_456_789.123, -2.5e-300, .pi, 51.507_351_2,
            -0.127_758, Double.greatestFiniteMagnitude, Double.leastNonzeroMagnitude, .nan, .infinity, -.infinity,
        ]
        var numbers = special
        for _ in 0..<2_000 {
            numbers.append(Double(bitPattern: rng.next()))  // any double, subnormals and NaNs included
            numbers.append(Double(Int.random(in: -100_000...100_000, using: &rng)) / 8)
        }
        var pairs: [(Double, Double)] = []
        for i in stride(from: 0, to: numbers.count - 1, by: 2) { pairs.append((numbers[i], numbers[i + 1])) }
        pairs.append((numbers.last ?? 0, 0))
        let expected = try JSONCoding.string(pairs.map { [$0.0, $0.1] })
        #expect(try CardioStore.pairsText(pairs) == expected)
        #expect(try CardioStore.pairsText([]) == JSONCoding.string([[Double]]()))
        #expect(try CardioStore.pairsText([(60, 134)]) == "[[60.0,134.0]]")
    }
}
