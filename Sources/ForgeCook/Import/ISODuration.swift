import Foundation

/// ISO 8601 durations as recipe pages write them (`PT35M`, `P0DT1H30M`,
/// `PT4200S`, `PT1H`, `P1W`), read as whole minutes.
public enum ISODuration {
    /// Minutes in `text`, rounded to the nearest minute (halves up).
    ///
    /// Accepted: `P[nW][nD][T[nH][nM][nS]]`, components in that order,
    /// decimals allowed (`PT1.5H`), unnormalised values allowed (`PT70M`,
    /// `PT4200S`). Years and months (`P1Y`, `P1M`) have no fixed length
    /// and are rejected. A zero duration (`PT0S`, `PT0M`) means "unknown"
    /// on recipe pages and is returned as nil, as is anything that is not
    /// an ISO duration (`"20 mins"`).
    public static func minutes(_ text: String) -> Int? {
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
            if ch.isNumber || ch == "." || ch == "," { number.append(ch == "," ? "." : ch); continue }
            guard let value = Double(number) else { return nil }
            let (rank, factor): (Int, Double)
            switch (inTime, ch) {
            case (false, "W"): (rank, factor) = (0, 7 * 86_400)
            case (false, "D"): (rank, factor) = (1, 86_400)
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
        guard sawComponent, number.isEmpty, seconds.isFinite else { return nil }
        let minutes = Int((seconds / 60).rounded(.toNearestOrAwayFromZero))
        return minutes > 0 ? minutes : nil
    }
}
