import ForgeCore
import ForgeStore
import Foundation

/// The training rows of `GET /api/export` (docs/contract.md §3.12): only the caller's own
/// rows, each list in the contract's order. Instants are in wire form. The meal logs are
/// ForgeCook's (`MealLogStore.exportRows`).
package enum ExportQueries {
    /// Metrics by instant: `{type, value, unit, ts, source}`.
    package static func metrics(userID: String, in db: Connection) throws -> [JSONValue] {
        try db.query("SELECT type, value, unit, ts, source FROM metrics WHERE user_id = ? ORDER BY ts, rowid", [userID])
            .map { r in
                [
                    "type": .string(try r.get("type")), "value": .double(try r.get("value")),
                    "unit": .string(try r.get("unit")),
                    "ts": .string(Instant.wire(stored: try r.get("ts"))), "source": .string(try r.get("source")),
                ]
            }
    }

    /// Sessions by trained day: `{day, name, kind, status, stats, notes, cooldown_status}`.
    package static func sessions(userID: String, in db: Connection) throws -> [JSONValue] {
        try db.query("SELECT * FROM sessions WHERE user_id = ? ORDER BY day, started_at, rowid", [userID]).map { r in
            let s = try TrainingSessionStore.session(r)
            return [
                "day": .string(s.day.description), "name": .string(s.name), "kind": .string(s.kind),
                "status": .string(s.status), "stats": s.stats, "notes": .string(s.notes),
                "cooldown_status": .string(s.cooldownStatus),
            ]
        }
    }

    /// Sets by instant: `{slug, substituted_for, set_no, weight, reps, rpe, ts}`.
    package static func sets(userID: String, in db: Connection) throws -> [JSONValue] {
        try db.query("SELECT * FROM sets WHERE user_id = ? ORDER BY ts, rowid", [userID]).map { r in
            let s = try TrainingSessionStore.loggedSet(r)
            return [
                "slug": .string(s.slug), "substituted_for": .stringOrNull(s.substitutedFor), "set_no": .int(s.setNo),
                "weight": .double(s.weight), "reps": .int(s.reps), "rpe": .integerOrNull(s.rpe),
                "ts": .string(Instant.wire(stored: s.ts)),
            ]
        }
    }
}
