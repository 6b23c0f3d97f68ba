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
}
