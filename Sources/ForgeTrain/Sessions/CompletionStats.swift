import ForgeCore
import Foundation

/// One logged set as the completion statistics need it.
package struct LoggedSet: Sendable, Hashable {
    package let slug: String
    package let substitutedFor: String?
    package let setNo: Int
    /// kg, full precision.
    package let weight: Double
    package let reps: Int
    package let rpe: Int?
    /// Stored instant of logging.
    package let ts: String
    /// The set's kind (`sets.set_kind`): a working set unless an import marked it otherwise.
    package var marker: SetMarker = .normal

    package init(slug: String, substitutedFor: String?, setNo: Int, weight: Double, reps: Int, rpe: Int?, ts: String) {
        self.slug = slug
        self.substitutedFor = substitutedFor
        self.setNo = setNo
        self.weight = weight
        self.reps = reps
        self.rpe = rpe
        self.ts = ts
    }
}

/// Strength completion statistics (docs/contract.md §4.5).
package enum CompletionStats {
    /// Σ weight × reps / 1000 over `sets`, tonnes, 2 dp (half-even).
    package static func tonnage(_ sets: [LoggedSet]) -> Double {
        Rounding.round2(sets.reduce(0) { $0 + $1.weight * Double($1.reps) } / 1000)
    }

    /// Mean of RPEs that are present and non-zero, 1 dp; nil when none.
    package static func averageRPE(_ sets: [LoggedSet]) -> Double? {
        let rpes = sets.compactMap(\.rpe).filter { $0 != 0 }
        guard !rpes.isEmpty else { return nil }
        return Rounding.round1(Double(rpes.reduce(0, +)) / Double(rpes.count))
    }

    /// The whole `stats` object: `tonnage`, `sets_done`, `sets_planned`
    /// (Σ fitted target sets), `partial` (done < planned), `avg_rpe`,
    /// `duration_s` = max(0, whole seconds from `start` to `end`).
    package static func stats(sets: [LoggedSet], setsPlanned: Int, start: Date, end: Date) -> StrengthStats {
        let duration = max(0, Int(end.timeIntervalSince(start).rounded(.down)))
        return StrengthStats(
            tonnage: tonnage(sets), setsDone: sets.count, setsPlanned: setsPlanned,
            partial: sets.count < setsPlanned, avgRpe: averageRPE(sets), durationS: duration)
    }

    /// The end instant for `duration_s`: now, except when the trained day is
    /// before today and sets exist, then the last set's instant (saving an
    /// abandoned session).
    package static func end(day: LocalDate, today: LocalDate, now: Date, sets: [LoggedSet]) -> Date {
        guard day < today, let last = sets.map(\.ts).max(), let instant = Instant.parse(last) else { return now }
        return instant
    }
}
