import ForgeCore
import ForgeStore
import Foundation

extension RecordStore {
    /// Recomputes a member's records for `slugs` from their whole history,
    /// exactly as live logging would have set them: every working set (not a
    /// warm-up) of the member's completed sessions, in trained-day, start and
    /// logging order, goes through ``apply(_:userID:slug:day:sessionID:now:in:)``
    /// with ``RecordCandidate/of(weight:reps:)``. The slugs' stored records and
    /// their `record_events` are replaced by the replay's. Used after an import
    /// adds history and after an undo removes it (records may then fall, the
    /// one case where they do: the history that set them is gone).
    /// - Parameter now: the `updated_at`/`created_at` stamp of rewritten rows.
    package static func rebuild(userID: String, slugs: some Sequence<String>, now: Date, in db: Connection) throws {
        for slug in Set(slugs).sorted() {
            try db.execute("DELETE FROM records WHERE user_id = ? AND slug = ?", [userID, slug])
            try db.execute("DELETE FROM record_events WHERE user_id = ? AND slug = ?", [userID, slug])
            let rows = try db.query(
                """
                SELECT st.weight, st.reps, se.day, se.id AS session_id FROM sets st JOIN sessions se ON se.id = st.session_id
                WHERE st.user_id = ? AND st.slug = ? AND se.user_id = st.user_id AND se.status = 'completed'
                  AND st.set_kind <> 'warmup' AND st.weight > 0
                ORDER BY se.day, se.started_at, st.ts, st.rowid
                """, [userID, slug])
            for row in rows {
                let dayText: String = try row.get("day")
                guard let day = LocalDate(dayText) else { continue }
                _ = try apply(
                    RecordCandidate.of(weight: try row.get("weight"), reps: try row.get("reps")), userID: userID,
                    slug: slug, day: day, sessionID: try row.get("session_id"), now: now, in: db)
            }
        }
    }
}
