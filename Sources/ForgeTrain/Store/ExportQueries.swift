import ForgeCore
import ForgeStore
import Foundation

/// The rows of `GET /api/export` (docs/contract.md §3.12): only the caller's own
/// rows, each list in the contract's order. Instants are in wire form.
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

    /// Meal logs by log time: the eight macros plus `{day, slot, recipe, label, servings, source, estimated}`.
    package static func meals(userID: String, in db: Connection) throws -> [JSONValue] {
        try db.query("SELECT * FROM meal_logs WHERE user_id = ? ORDER BY created_at, rowid", [userID]).map { r in
            var o: [String: JSONValue] = [:]
            for key in ["kcal", "protein_g", "carbs_g", "sugar_g", "fiber_g", "fat_g", "satfat_g", "sodium_mg"] {
                o[key] = .double(try r.get(key))
            }
            let recipe: String? = try r.optional("recipe")
            o["day"] = .string(try r.get("day"))
            o["slot"] = .string(try r.get("slot"))
            o["recipe"] = .string(recipe ?? "")
            o["label"] = .string(try r.get("label"))
            o["servings"] = .double(try r.get("servings"))
            o["source"] = .string(try r.get("source"))
            o["estimated"] = .bool(try r.get("estimated"))
            return .object(o)
        }
    }
}
