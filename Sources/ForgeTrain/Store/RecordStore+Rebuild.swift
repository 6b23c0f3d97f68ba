import ForgeCore
import ForgeStore
import Foundation

extension RecordStore {
    /// Recomputes a member's records for `slugs` from their whole history,
    /// exactly as live logging would have set them: every working set (not a
    /// warm-up) of the member's completed sessions and of a session still in
    /// progress (live logging sets records as each set is logged), in trained-day, start and
    /// logging order, goes through the rule of live logging
    /// (``RecordCandidate/outcome(over:)`` on ``RecordCandidate/of(weight:reps:)``).
    /// The replay runs in memory; the slugs' stored records and their
    /// `record_events` are replaced by its result (one row per record, one per
    /// beaten record), the rows ``apply(_:userID:slug:day:sessionID:now:in:)``
    /// would have left set by set. Used after an import adds history, after an
    /// undo removes it (records may then fall, the one case where they do: the
    /// history that set them is gone) and after an exercise merge moves it.
    ///
    /// With `dayBests`, the same read also rewrites the slugs' `lift_day_best`
    /// rows (the best e1RM per lift and trained day over the same working sets of completed sessions only,
    /// ``LiftDayBests/replace(userID:slugs:rows:in:)``): for a writer that added
    /// the history with the triggers off (an import, ``TrainingSessionStore/createImported(_:userID:ids:in:)``).
    /// Writers whose triggers kept the table pass false.
    /// - Parameter now: the `updated_at`/`created_at` stamp of rewritten rows.
    package static func rebuild(
        userID: String, slugs: some Sequence<String>, now: Date, dayBests: Bool, in db: Connection
    ) throws {
        let sorted = Set(slugs).sorted()
        guard !sorted.isEmpty else { return }
        // One statement per table and one join for every slug (not one per slug), read in trained-day
        // order through `sessions_user_day` (`+` keeps SQLite off `sets_user_slug`, which would need a
        // sort of every row by slug first): each lift's rows arrive in the order of its own history,
        // the replays interleaved. Rows are read by position.
        let list = SQLPlaceholders.list(sorted.count)
        let arguments: [any SQLBindable] = [userID] + sorted.map { $0 as any SQLBindable }
        try db.execute("DELETE FROM records WHERE user_id = ? AND slug IN (\(list))", arguments)
        try db.execute("DELETE FROM record_events WHERE user_id = ? AND slug IN (\(list))", arguments)
        let rows = try db.query(
            """
            SELECT st.slug, st.weight, st.reps, se.day, se.id, se.status = 'completed'
            FROM sessions se CROSS JOIN sets st ON st.session_id = se.id
            WHERE se.user_id = ? AND +st.slug IN (\(list)) AND +st.user_id = se.user_id
              AND se.status IN ('completed', 'active') AND st.set_kind <> 'warmup' AND st.weight > 0
            ORDER BY se.day, se.started_at, st.ts, st.rowid
            """, arguments)
        var replays: [String: Replay] = [:]
        var lastDay: (text: String, day: LocalDate?) = ("", nil)
        // The day's best e1RM per slug, in day order (rows arrive by day).
        var best: [(slug: String, day: String, e1rm: Double)] = []
        var bestOfDay: [String: Int] = [:]
        for row in rows {
            let slug = try String(sqlValue: row[index: 0])
            let dayText = try String(sqlValue: row[index: 3])
            let weight = try Double(sqlValue: row[index: 1])
            let reps = try Int(sqlValue: row[index: 2])
            if dayText != lastDay.text {
                lastDay = (dayText, LocalDate(dayText))
                bestOfDay.removeAll(keepingCapacity: true)
            }
            // The e1RM series counts completed sessions only (as lift_day_best's triggers do); records, as
            // live logging sets them, also the sets of a session still in progress.
            if dayBests, try Int(sqlValue: row[index: 5]) == 1 {
                let e1rm = LiftDayBests.e1rm(weight: weight, reps: reps)
                if let i = bestOfDay[slug] {
                    best[i].e1rm = max(best[i].e1rm, e1rm)
                } else {
                    bestOfDay[slug] = best.count
                    best.append((slug, dayText, e1rm))
                }
            }
            guard let day = lastDay.day else { continue }
            let candidates = RecordCandidate.of(weight: weight, reps: reps)
            for c in candidates {
                guard let outcome = c.outcome(over: replays[slug]?.held[c.kind]?.candidate.value) else { continue }
                // Mutated in place (no copy of the replay per row).
                replays[slug, default: Replay()].held[c.kind] = (c, day)
                if outcome == .beaten {
                    replays[slug, default: Replay()].beaten.append((c, day, try String(sqlValue: row[index: 4])))
                }
            }
        }
        if dayBests { try LiftDayBests.replace(userID: userID, slugs: sorted, rows: best, in: db) }
        for slug in sorted {
            guard let replay = replays[slug] else { continue }
            for kind in RecordKind.allCases {
                guard let record = replay.held[kind] else { continue }
                try store(record.candidate, userID: userID, slug: slug, day: record.day, now: now, in: db)
            }
            for event in replay.beaten {
                try logEvent(
                    event.candidate, userID: userID, slug: slug, day: event.day, sessionID: event.sessionID,
                    now: now, in: db)
            }
        }
    }

    /// One slug's replay: the records held at the end and every record beaten on the way.
    private struct Replay {
        var held: [RecordKind: (candidate: RecordCandidate, day: LocalDate)] = [:]
        var beaten: [(candidate: RecordCandidate, day: LocalDate, sessionID: String)] = []
    }

    /// The members who hold a record of `slug`.
    package static func holders(of slug: String, in db: Connection) throws -> Set<String> {
        Set(try db.query("SELECT DISTINCT user_id FROM records WHERE slug = ?", [slug]).map { try $0.get("user_id") })
    }
}
