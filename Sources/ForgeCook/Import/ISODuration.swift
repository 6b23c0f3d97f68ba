import Foundation

/// ISO 8601 durations as recipe pages write them (`PT35M`, `P0DT1H30M`,
/// `PT4200S`, `PT1H`, `P1W`), read as whole minutes.
package enum ISODuration {
    /// The longest time read as a recipe time, minutes (a year: longer is no recipe, and a
    /// larger number could not become an `Int`).
    static let maxMinutes = 525_600.0

    /// Minutes in `text`, rounded to the nearest minute (halves up).
    ///
    /// Accepted: `P[nW][nD][T[nH][nM][nS]]`, components in that order,
    /// decimals allowed (`PT1.5H`), unnormalised values allowed (`PT70M`,
    /// `PT4200S`); as pages write them, an empty component is zero
    /// (`PTH30M`) and days may follow the `T` (`PT0D1H0M`). Years and months (`P1Y`, `P1M`) have no fixed length
    /// and are rejected. A zero duration (`PT0S`, `PT0M`) means "unknown"
    /// on recipe pages and is returned as nil, as is anything that is not
    /// an ISO duration (`"20 mins"`).
    package static func minutes(_ text: String) -> Int? {
        let s = text.trimmingCharacters(in: .whitespaces).uppercased()
        guard s.hasPrefix("P"), s.count > 1 else { return nil }
        var seconds = 0.0
        var inTime = false
        var number = ""
        var sawComponent = false
        var lastRank = -1
        for ch in s.dropFirst() {
            if ch == "T" {
                guard !inTime, number.isEmpty else { return nil }
                inTime = true
                continue
            }
            if ch.isNumber || ch == "." || ch == "," {
                number.append(ch == "," ? "." : ch)
                continue
            }
            // Pages write an empty component ("PTH30M") for zero.
            guard let value = number.isEmpty ? 0 : Double(number) else { return nil }
            let (rank, factor): (Int, Double)
            switch (inTime, ch) {
            case (false, "W"): (rank, factor) = (0, 7 * 86_400)
            case (_, "D"): (rank, factor) = (1, 86_400)
            case (true, "H"): (rank, factor) = (2, 3_600)
            case (true, "M"): (rank, factor) = (3, 60)
            case (true, "S"): (rank, factor) = (4, 1)
            default: return nil
            }
            guard rank > lastRank else { return nil }
            lastRank = rank
            seconds += value * factor
            number = ""
            sawComponent = true
        }
        // A week of minutes at most: a page's "PT99999999999999999999M" is no recipe time
        // (and would not fit an Int).
        guard sawComponent, number.isEmpty, seconds.isFinite, seconds / 60 <= Self.maxMinutes else { return nil }
        let minutes = Int((seconds / 60).rounded(.toNearestOrAwayFromZero))
        return minutes > 0 ? minutes : nil
    }
}
