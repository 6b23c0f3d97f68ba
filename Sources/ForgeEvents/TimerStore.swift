import ForgeCore
import ForgeStore
import Foundation

/// SQL for `cook_timers` (migration 0600). Every read is filtered by scope
/// except the scheduler's reload of pending work.
package enum TimerStore {
    /// Inserts a new timer row.
    package static func insert(_ t: CookTimer, in db: Connection) throws {
        try db.execute(
            """
            INSERT INTO cook_timers (id, scope, label, seconds, recipe_slug, step, background, state, ends_at,
                remaining_ms, fired_at, late_by_ms, created_by, created_at, updated_at)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """,
            [
                t.id, t.scope, t.label, t.seconds, t.recipeSlug, t.step, t.background, t.state.rawValue, t.endsAt,
                t.remainingMs, t.firedAt, t.lateByMs, t.createdBy, t.createdAt, t.updatedAt,
            ])
    }

    /// Writes the mutable fields (state, deadline, remainder, firing) back.
    package static func update(_ t: CookTimer, in db: Connection) throws {
        try db.execute(
            """
            UPDATE cook_timers SET state = ?, ends_at = ?, remaining_ms = ?, fired_at = ?, late_by_ms = ?,
                updated_at = ? WHERE id = ?
            """, [t.state.rawValue, t.endsAt, t.remainingMs, t.firedAt, t.lateByMs, t.updatedAt, t.id])
    }

    /// One timer of `scope`, or nil.
    package static func find(id: String, scope: String, in db: Connection) throws -> CookTimer? {
        try db.queryOne("SELECT * FROM cook_timers WHERE id = ? AND scope = ?", [id, scope]).map(timer)
    }

    /// The scope's running, paused and fired timers, oldest first.
    package static func active(scope: String, in db: Connection) throws -> [CookTimer] {
        try db.query(
            """
            SELECT * FROM cook_timers WHERE scope = ? AND state IN ('running', 'paused', 'fired')
            ORDER BY created_at, rowid
            """, [scope]
        ).map(timer)
    }

    /// Every scope's running, paused and fired timers (the scheduler's reload).
    package static func allActive(in db: Connection) throws -> [CookTimer] {
        try db.query(
            """
            SELECT * FROM cook_timers WHERE state IN ('running', 'paused', 'fired') ORDER BY created_at, rowid
            """
        ).map(timer)
    }

    /// Running timers whose deadline is at or before `now`, earliest first.
    package static func due(at now: Date, in db: Connection) throws -> [CookTimer] {
        try db.query(
            "SELECT * FROM cook_timers WHERE state = 'running' AND ends_at <= ? ORDER BY ends_at, rowid",
            [now]
        ).map(timer)
    }

    /// How many timers are running now, in every scope (the `STATUS=` line of `forged serve`).
    package static func runningCount(in db: Connection) throws -> Int {
        try db.scalar("SELECT COUNT(*) FROM cook_timers WHERE state = 'running'") ?? 0
    }

    static func timer(_ row: Row) throws -> CookTimer {
        let stateText: String = try row.get("state")
        return CookTimer(
            id: try row.get("id"), scope: try row.get("scope"), label: try row.get("label"),
            seconds: try row.get("seconds"), recipeSlug: try row.optional("recipe_slug"),
            step: try row.optional("step"),
            background: try row.get("background"), state: TimerState(rawValue: stateText) ?? .cancelled,
            endsAt: try row.optional("ends_at"), remainingMs: try row.optional("remaining_ms"),
            firedAt: try row.optional("fired_at"), lateByMs: try row.optional("late_by_ms"),
            createdBy: try row.get("created_by"), createdAt: try row.get("created_at"),
            updatedAt: try row.get("updated_at"))
    }
}
