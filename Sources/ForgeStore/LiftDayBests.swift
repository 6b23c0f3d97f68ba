import Foundation

/// Writes to `lift_day_best` besides its triggers (docs/architecture.md §20):
/// for a writer that adds many sessions with the triggers off
/// (``Connection/withTriggersOff(_:)``), the rows of its lifts rewritten once
/// from one read of their history instead of one trigger run per set.
package enum LiftDayBests {
    /// The unrounded Epley e1RM of one set: Swift's twin of ``ForgeSchema``'s
    /// `liftBestE1RM` (the same operations in the same order, so the same
    /// double; `LiftDayBestTests` compares the table both write), and the
    /// formula `OneRepMax.epley` rounds.
    ///
    /// Source: Epley, B. (1985), *Poundage Chart*, Boyd Epley Workout, Lincoln, NE.
    /// - Parameters:
    ///   - weight: load lifted, kilograms.
    ///   - reps: completed repetitions.
    /// - Returns: kilograms, unrounded: 0 when `reps ≤ 0`, `weight` when
    ///   `reps == 1`, else `weight × (1 + reps / 30)` (100 kg × 5 → 116.666…).
    package static func e1rm(weight: Double, reps: Int) -> Double {
        if reps <= 0 { return 0 }
        if reps == 1 { return weight }
        return weight * (1 + Double(reps) / 30.0)
    }

    /// Replaces member `userID`'s rows for the lifts `slugs` with `rows`
    /// (`slug`, trained day `YYYY-MM-DD`, best e1RM kg): for a writer that read
    /// the member's whole working history of those lifts with the triggers off
    /// (``RecordStore/rebuild(userID:slugs:now:dayBests:in:)``), so the rows
    /// are what the triggers would have left. Rows of other lifts stay.
    /// - Throws: `DatabaseError`.
    package static func replace(
        userID: String, slugs: [String], rows: [(slug: String, day: String, e1rm: Double)], in db: Connection
    ) throws {
        guard !slugs.isEmpty else { return }
        let arguments: [any SQLBindable] = [userID] + slugs.map { $0 as any SQLBindable }
        try db.execute(
            "DELETE FROM lift_day_best WHERE user_id = ? AND slug IN (\(SQLPlaceholders.list(slugs.count)))", arguments)
        try insert.run(rows.count, in: db) { range, values in
            for row in rows[range] { values += [.text(userID), .text(row.slug), .text(row.day), .real(row.e1rm)] }
        }
    }

    private static let insert = MultiRowInsert(
        "INSERT INTO lift_day_best (user_id, slug, day, e1rm)", row: "(?, ?, ?, ?)")
}
