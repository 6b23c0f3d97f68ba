import ForgeCore
import ForgeStore
import Foundation

/// Turns a parsed workout into a cardio session: the one code path shared
/// by `POST /ingest` workouts and GPX/TCX import (docs/contract.md §4.9, §4.13, §4.14).
/// Runs inside the caller's write transaction.
package enum CardioRecorder {
    /// What happened to one workout.
    package enum Outcome: Sendable, Equatable {
        /// A new session (counts as `stored`).
        case created(String)
        /// An existing session (same start instant) gained its traces (`stored`).
        case backfilled(String)
        /// An existing session already had traces, or there were none to add (`skipped`).
        case skipped(String)

        package var sessionID: String {
            switch self {
            case .created(let id), .backfilled(let id), .skipped(let id): id
            }
        }
        package var stored: Bool {
            if case .skipped = self { return false }
            return true
        }
    }

    /// Records `workout` for `userID`: a repeat of a known start instant may
    /// only back-fill missing traces; a new one is reconciled with the active
    /// plan's day (§4.9) and stored with its stats and downsampled traces.
    /// - Parameter reconcile: false files the workout `unplanned` without looking at the plan (a
    ///   workout from an exported history, older than the plan it would be matched against).
    package static func record(
        _ workout: CardioWorkout, userID: String, now: Date, reconcile: Bool = true, in db: Connection
    ) throws -> Outcome {
        if let existing = try CardioStore.session(userID: userID, startedAt: workout.start, in: db) {
            return try backfill(existing, workout: workout, now: now, in: db)
        }
        var stats = CardioStats.base(workout)
        let plan = reconcile ? try PlanStore.active(userID: userID, in: db)?.content : nil
        let claimed = try CardioStore.dayClaimed(userID: userID, day: workout.day, in: db)
        let name: String
        let status: String
        let fitted: JSONValue
        if let match = Reconciliation.match(name: workout.name, day: workout.day, plan: plan, dayClaimed: claimed) {
            let p = match.day.cardio
            name = match.day.name.isEmpty ? workout.name : match.day.name
            status = "completed"
            stats["target"] = [
                "type": .string(p.type), "minutes": .int(p.minutes),
                "hr_low": .int(p.hrLow), "hr_high": .int(p.hrHigh),
            ]
            CardioStats.addTarget(&stats, trace: workout.trace, low: p.hrLow, high: p.hrHigh)
            fitted = [
                "source": .string(workout.source), "matched_day": .string(match.weekday),
                "target": try .encoded(p),
            ]
        } else {
            name = workout.name
            status = "unplanned"
            fitted = ["source": .string(workout.source)]
        }
        let id = try CardioStore.createSession(
            userID: userID, workout: workout, name: name, status: status,
            stats: .object(stats), fitted: fitted, in: db)
        try CardioStore.saveTrace(workout.trace.downsampled(), sessionID: id, userID: userID, now: now, in: db)
        return .created(id)
    }

    /// §4.13 back-fill, channel by channel: a trace the session lacks attaches, and so does one channel
    /// of it (heart rate with its segment breaks, or the route) that the stored trace lacks: an Apple
    /// Health import that stored the route, then a Health Auto Export push of the same run with its
    /// heart rate, keep one session with both (issue 38). A channel already stored is never replaced.
    /// Missing `hr_samples`/`zone2_min`/`avg_hr`/`max_hr` (and `zone_min`/`pct_in_zone` for a target with both bounds) come
    /// from the stored heart rate.
    static func backfill(_ s: StoredSession, workout: CardioWorkout, now: Date, in db: Connection) throws -> Outcome {
        let incoming = workout.trace.downsampled()
        var trace = try CardioStore.trace(sessionID: s.id, userID: s.userID, in: db) ?? CardioTrace()
        var added = false
        if trace.hr.isEmpty, !incoming.hr.isEmpty {
            (trace.hr, trace.breaks) = (incoming.hr, incoming.breaks)
            added = true
        }
        if trace.route.isEmpty, !incoming.route.isEmpty {
            trace.route = incoming.route
            added = true
        }
        guard added else { return .skipped(s.id) }
        try CardioStore.saveTrace(trace, sessionID: s.id, userID: s.userID, now: now, in: db)
        var stats = s.stats.objectValue ?? [:]
        if stats["hr_samples"] == nil || stats["zone2_min"] == nil || stats["avg_hr"] == nil {
            var hr: [String: JSONValue] = [:]
            CardioStats.addHR(&hr, trace: trace)
            for (k, v) in hr where stats[k] == nil { stats[k] = v }
        }
        if stats["pct_in_zone"] == nil, let target = stats["target"],
            let low = target["hr_low"]?.intValue, let high = target["hr_high"]?.intValue
        {
            CardioStats.addTarget(&stats, trace: trace, low: low, high: high)
        }
        try TrainingSessionStore.setStats(s.id, stats: .object(stats), in: db)
        return .backfilled(s.id)
    }
}
