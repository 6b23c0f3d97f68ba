import Foundation

/// Rounding and number formatting as the contract specifies (docs/contract.md §1.11).
package enum Rounding {
    /// Round-half-to-even of `x` to `places` decimal places, applied to the
    /// IEEE-754 double result (banker's rounding): `halfEven(52.5) == 52`,
    /// `halfEven(16.5) == 16`, `halfEven(0.125, places: 2) == 0.12`.
    ///
    /// Like Python's `round(x, n)`, ties are decided on the exact binary value:
    /// `0.35` (stored as 0.34999…) rounds to `0.3`, `2.45` (2.4500…18) to
    /// `2.5`, and the exact tie `0.25` to `0.2`. glibc's `printf` rounds the
    /// exact binary value in the current (nearest-even) mode, which is that rule.
    package static func halfEven(_ x: Double, places: Int = 0) -> Double {
        guard x.isFinite else { return x }
        if places <= 0 {
            let r = x.rounded(.toNearestOrEven)
            return r == 0 ? 0 : r
        }
        if let value = scaledHalfEven(x, places: places) { return value == 0 ? 0 : value }
        let text = String(format: "%.\(places)f", x)
        let value = Double(text) ?? x
        return value == 0 ? 0 : value  // never report -0.0
    }

    /// `halfEven(x, places:)` for one or two places without formatting text,
    /// equal to the `printf` route (tested against it in RoundingTests): the
    /// integer `d` nearest to the exact `x × 10^places` (ties to even `d`) is
    /// found from the remainder `x × 10^places − d`, one fused multiply-add.
    /// That remainder is exact when `1 ≤ |x| < 2^40`: `x` is then a multiple
    /// of 2^-52 and the remainder is below 2 in size, so it fits in 53 bits.
    /// `d / 10^places` is a correctly rounded division, the same double
    /// `strtod` reads from the printed decimal. Nil outside that range (the
    /// caller formats instead).
    static func scaledHalfEven(_ x: Double, places: Int) -> Double? {
        guard places == 1 || places == 2, abs(x) >= 1, abs(x) < 0x1p40 else { return nil }
        let scale = places == 1 ? 10.0 : 100.0
        var d = (x * scale).rounded(.toNearestOrEven)
        var r = (-d).addingProduct(x, scale)
        while r > 0.5 {
            d += 1
            r = (-d).addingProduct(x, scale)
        }
        while r < -0.5 {
            d -= 1
            r = (-d).addingProduct(x, scale)
        }
        if abs(r) == 0.5, d.truncatingRemainder(dividingBy: 2) != 0 { d += r > 0 ? 1 : -1 }
        return d / scale
    }

    /// Rounds to one decimal place, half-to-even.
    package static func round1(_ x: Double) -> Double { halfEven(x, places: 1) }
    /// Rounds to two decimal places, half-to-even.
    package static func round2(_ x: Double) -> Double { halfEven(x, places: 2) }
}

/// Number formatting for human strings (plate math, record details).
package enum NumberText {
    /// Shortest plain decimal form: `20`, `2.5`, `1.25`, `162.5`; never
    /// exponent notation, never a trailing `.0`.
    package static func shortest(_ x: Double) -> String {
        if x == x.rounded(), abs(x) < 1e15 { return String(Int(x)) }
        var text = "\(x)"
        if text.contains("e") { text = String(format: "%.6f", x) }
        while text.contains("."), text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text
    }

    /// Fixed `places` decimals, e.g. `fixed(2.5, 2) == "2.50"`.
    package static func fixed(_ x: Double, _ places: Int) -> String {
        String(format: "%.\(places)f", x)
    }
}
