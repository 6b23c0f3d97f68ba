import ForgeCook
import ForgeCore
import ForgeStore
import ForgeTrain
import Foundation

/// A logged set with the session it belongs to.
package struct DatedSet: Sendable {
    package let day: LocalDate
    package let sessionID: String
    package let sessionName: String
    package let set: LoggedSet
}

/// Read queries the coach answers from. Every one is scoped by `user_id`:
/// the coach never reads another member's rows.
package enum CoachQueries {
    /// Working sets (warm-ups left out, `set_kind <> 'warmup'`) of completed
    /// sessions with `day` in `from...to`, by day then log order: what the
    /// week's volume and the progression rules count.
    package static func sets(userID: String, from: LocalDate, to: LocalDate, in db: Connection) throws -> [DatedSet] {
        try db.query(
            """
            SELECT se.day, se.id AS sid, se.name AS sname, st.slug, st.substituted_for, st.set_no, st.weight, st.reps, st.rpe, st.ts
            FROM sets st JOIN sessions se ON se.id = st.session_id
            WHERE st.user_id = ? AND se.user_id = ? AND se.status = 'completed' AND se.day >= ? AND se.day <= ?
              AND st.set_kind <> 'warmup'
            ORDER BY se.day, st.ts, st.rowid
            """, [userID, userID, from.description, to.description]
        ).map { row in
            let dayText: String = try row.get("day")
            return DatedSet(
                day: LocalDate(dayText) ?? from, sessionID: try row.get("sid"), sessionName: try row.get("sname"),
                set: LoggedSet(
                    slug: try row.get("slug"), substitutedFor: try row.optional("substituted_for"),
                    setNo: try row.get("set_no"), weight: try row.get("weight"),
                    reps: try row.get("reps"), rpe: try row.optional("rpe"), ts: try row.get("ts")))
        }
    }

    /// The latest completed strength session with its sets, or nil.
    package static func lastSession(userID: String, in db: Connection) throws -> (StoredSession, [LoggedSet])? {
        guard
            let id: String = try db.scalar(
                """
                SELECT id FROM sessions WHERE user_id = ? AND kind = 'strength' AND status = 'completed'
                ORDER BY day DESC, started_at DESC, rowid DESC LIMIT 1
                """, [userID]),
            let session = try TrainingSessionStore.find(id, userID: userID, in: db)
        else { return nil }
        return (session, try TrainingSessionStore.sets(id, in: db))
    }

    /// Rep strings per session for `slug`, e.g. `["8/8/8", "8/8/8"]`, in day order.
    package static func repLines(_ sets: [DatedSet], slug: String) -> [(weight: Double, reps: String)] {
        var order: [String] = []
        var bySession: [String: [LoggedSet]] = [:]
        for s in sets where s.set.slug == slug {
            if bySession[s.sessionID] == nil { order.append(s.sessionID) }
            bySession[s.sessionID, default: []].append(s.set)
        }
        return order.map { id in
            let list = bySession[id]!.sorted { $0.setNo < $1.setNo }
            return (list.map(\.weight).max() ?? 0, list.map { String($0.reps) }.joined(separator: "/"))
        }
    }

    /// "8/8/8 twice at 60 kg" style text for a lift's sessions; "12/12/12 (body weight)" at 0 kg.
    package static func describe(_ lines: [(weight: Double, reps: String)], unit: LoadUnit = .kg) -> String {
        var parts: [String] = []
        var i = 0
        while i < lines.count {
            var j = i
            while j + 1 < lines.count, lines[j + 1].reps == lines[i].reps, lines[j + 1].weight == lines[i].weight {
                j += 1
            }
            let n = j - i + 1
            let times = n == 1 ? "" : n == 2 ? " twice" : " \(n) times"
            let at = lines[i].weight == 0 ? " (body weight)" : " at \(load(lines[i].weight, unit))"
            parts.append("\(lines[i].reps)\(times)\(at)")
            i = j + 1
        }
        return parts.joined(separator: ", then ")
    }

    /// `62.5 kg`, `60 kg`.
    package static func kg(_ value: Double) -> String { load(value, .kg) }

    /// A stored kg load in `unit` (issues 14 and 28) as a lifter reads it
    /// (``LoadUnit/wordsText(kg:)``: on the plate grid exactly, else one
    /// decimal): 105.68702221 kg → `"233 lb"` in lb, `"105.7 kg"` in kg;
    /// 40 kg → `"88.2 lb"`.
    package static func load(_ kg: Double, _ unit: LoadUnit) -> String {
        "\(unit.wordsText(kg: kg)) \(unit.rawValue)"
    }

    /// The trend word of each lift with an e1RM series (``LiftTrend``), by slug.
    package static func trends(userID: String, in db: Connection) throws -> [String: LiftTrend] {
        try ProgressQueries.e1rmSeries(userID: userID, in: db).mapValues(LiftTrend.of)
    }

    /// Logged macros per day over `from...to` against the member's targets.
    package static func meals(member: Member, from: LocalDate, to: LocalDate, in db: Connection)
        throws -> (days: Int, totals: Macros, targets: Macros)
    {
        let logs = try MealLogStore.logs(userID: member.id, from: from, to: to, in: db)
        var total = Macros.zero
        for entries in logs.values { for e in entries { total += e.macros } }
        let days = logs.values.filter { !$0.isEmpty }.count
        return (days, total, NutritionTargets.merged(stored: member.prefs["nutrition_targets"]?.objectValue))
    }
}
