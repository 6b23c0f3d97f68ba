/// Trace downsampling of docs/contract.md §4.13.
package enum Downsampling {
    /// At most this many HR points are stored per session.
    package static let hrCap = 600
    /// At most this many route points are stored per session.
    package static let routeCap = 800

    /// Indices kept from a series of `count` points: all of them when
    /// `count ≤ cap`; otherwise `floor(i × count / cap)` for `i = 0…cap−1`,
    /// with the last replaced by the true last index (`count − 1`).
    package static func indices(count: Int, cap: Int) -> [Int] {
        guard count > cap, cap > 0 else { return Array(0..<count) }
        let step = Double(count) / Double(cap)
        var out = (0..<cap).map { Int((Double($0) * step).rounded(.down)) }
        out[cap - 1] = count - 1
        return out
    }
}
