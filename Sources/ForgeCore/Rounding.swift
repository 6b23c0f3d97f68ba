import Foundation

/// Rounding and number formatting as the contract specifies (API.md §1.11).
public enum Rounding {
    /// Round-half-to-even of `x` to `places` decimal places, applied to the
    /// IEEE-754 double result (banker's rounding): `halfEven(52.5) == 52`,
    /// `halfEven(16.5) == 16`, `halfEven(0.125, places: 2) == 0.12`.
    ///
    /// The scaled value is formed as `x × 10^places`; as in Python's
    /// `round()`, a value that is exactly half way in decimal but not in
    /// binary rounds the way its binary value lies: `halfEven(2.675, places: 2)
    /// == 2.67` because the double nearest 2.675 is 2.67499999….
    public static func halfEven(_ x: Double, places: Int = 0) -> Double {
        guard x.isFinite else { return x }
        if places == 0 { return x.rounded(.toNearestOrEven) }
        guard (1...22).contains(places) else {
            // 10^places is not exact beyond 22; fall back to decimal-string ties.
            var value = Decimal(string: "\(x)") ?? Decimal(x)
            var result = Decimal()
            NSDecimalRound(&result, &value, places, .bankers)
            return NSDecimalNumber(decimal: result).doubleValue
        }
        // scale = 10^places is exact. y is the correctly rounded product and
        // err = x·scale − y exactly (fma), so y + err is the exact scaled value.
        // Rounding is monotonic, so the exact value lies on the same side of a
        // half-way point as y unless y sits exactly on it; then err decides.
        var scale = 1.0
        for _ in 0..<places { scale *= 10 }
        let y = x * scale
        guard abs(y) < 4.5e15 else { return x }   // already integral at this precision
        let err = (-y).addingProduct(x, scale)
        let floorY = y.rounded(.down)
        var n: Double
        if y - floorY == 0.5 {
            if err > 0 { n = floorY + 1 }
            else if err < 0 { n = floorY }
            else { n = y.rounded(.toNearestOrEven) }
        } else {
            n = y.rounded(.toNearestOrEven)
        }
        if n == 0, x < 0 { n = -0.0 }
        return n / scale
    }

    /// Rounds to one decimal place, half-to-even.
    public static func round1(_ x: Double) -> Double { halfEven(x, places: 1) }
    /// Rounds to two decimal places, half-to-even.
    public static func round2(_ x: Double) -> Double { halfEven(x, places: 2) }
}

/// Number formatting for human strings (plate math, record details).
public enum NumberText {
    /// Shortest plain decimal form: `20`, `2.5`, `1.25`, `162.5`; never
    /// exponent notation, never a trailing `.0`.
    public static func shortest(_ x: Double) -> String {
        if x == x.rounded(), abs(x) < 1e15 { return String(Int(x)) }
        var text = "\(x)"
        if text.contains("e") { text = String(format: "%.6f", x) }
        while text.contains("."), text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text
    }

    /// Fixed `places` decimals, e.g. `fixed(2.5, 2) == "2.50"`.
    public static func fixed(_ x: Double, _ places: Int) -> String {
        String(format: "%.\(places)f", x)
    }
}
