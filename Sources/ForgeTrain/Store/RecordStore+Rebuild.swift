import ForgeCore
import ForgeStore
import Foundation

extension RecordStore {
    /// Recomputes a member's records for `slugs` from their whole history,
    /// exactly as live logging would have set them: every working set (not a
    /// warm-up) of the member's completed sessions, in trained-day, start and
    /// logging order, goes through the rule of live logging
    /// (``RecordCandidate/outcome(over:)`` on ``RecordCandidate/of(weight:reps:)``).
    /// The replay runs in memory; the slugs' stored records and their
    /// `record_events` are replaced by its result (one row per record, one per
    /// beaten record), the rows ``apply(_:userID:slug:day:sessionID:now:in:)``
    /// would have left set by set. Used after an import adds history, after an
    /// undo removes it (records may then fall, the one case where they do: the
    /// history that set them is gone) and after an exercise merge moves it.
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
            var held: [RecordKind: (candidate: RecordCandidate, day: LocalDate)] = [:]
            var beaten: [(candidate: RecordCandidate, day: LocalDate, sessionID: String)] = []
            var lastDay: (text: String, day: LocalDate?) = ("", nil)
            for row in rows {
                let dayText: String = try row.get("day")
                if dayText != lastDay.text { lastDay = (dayText, LocalDate(dayText)) }
                guard let day = lastDay.day else { continue }
                for c in RecordCandidate.of(weight: try row.get("weight"), reps: try row.get("reps")) {
                    guard let outcome = c.outcome(over: held[c.kind]?.candidate.value) else { continue }
                    held[c.kind] = (c, day)
                    if outcome == .beaten { beaten.append((c, day, try row.get("session_id"))) }
                }
            }
            for kind in RecordKind.allCases {
                guard let record = held[kind] else { continue }
                try store(record.candidate, userID: userID, slug: slug, day: record.day, now: now, in: db)
            }
            for event in beaten {
                try logEvent(
                    event.candidate, userID: userID, slug: slug, day: event.day, sessionID: event.sessionID,
                    now: now, in: db)
            }
        }
    }

    /// The members who hold a record of `slug`.
    package static func holders(of slug: String, in db: Connection) throws -> Set<String> {
        Set(try db.query("SELECT DISTINCT user_id FROM records WHERE slug = ?", [slug]).map { try $0.get("user_id") })
    }
}
