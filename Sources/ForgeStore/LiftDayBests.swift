import Foundation

/// Writes to `lift_day_best` besides its triggers (docs/architecture.md §20):
/// for a writer that completes many sessions with the triggers off
/// (``Connection/withTriggersOff(_:)``), one statement per batch instead of
/// one trigger run per session.
package enum LiftDayBests {
    /// Recomputes member `userID`'s rows on each trained day of `days`
    /// (`YYYY-MM-DD`) from the table's definition, as the session triggers do
    /// for one day (``ForgeSchema``'s migration 0104 and its rewrites): the
    /// best unrounded Epley e1RM per lift over the working sets (load above 0,
    /// not a warm-up) of the member's `completed` sessions on that day. Days
    /// without such a set end with no row.
    /// - Throws: `DatabaseError`.
    package static func recompute(userID: String, days: some Collection<String>, in db: Connection) throws {
        let unique = Array(Set(days)).sorted()
        guard !unique.isEmpty else { return }
        let list = SQLPlaceholders.list(unique.count)
        let arguments: [any SQLBindable] = [userID] + unique.map { $0 as any SQLBindable }
        try db.execute("DELETE FROM lift_day_best WHERE user_id = ? AND day IN (\(list))", arguments)
        try db.execute(
            """
            INSERT INTO lift_day_best (user_id, slug, day, e1rm)
              SELECT st.user_id, st.slug, se.day, \(ForgeSchema.liftBestE1RM)
              FROM sessions se CROSS JOIN sets st ON st.session_id = se.id
              WHERE se.user_id = ? AND se.day IN (\(list)) AND se.status = 'completed'
                AND +st.user_id = se.user_id AND st.weight > 0 AND st.set_kind <> 'warmup'
              GROUP BY se.day, st.slug
            """, arguments)
    }

    /// The unrounded Epley e1RM of one working set, kg: Swift's twin of
    /// ``ForgeSchema``'s `liftBestE1RM` (the same operations in the same
    /// order, so the same double): 0 for `reps` ≤ 0, the load itself for one
    /// rep, else `weight × (1 + reps / 30)` (Epley, 1985).
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
