import ForgeCore
import ForgeStore
import Foundation

/// Cook mode sessions (`cook_sessions`, migration 0601): one active session
/// per scope, moving through a recipe's method one step at a time.
/// States: `active`, `finished`, `abandoned` (replaced by a newer start).
package enum CookSessionStore {
    /// One row of `cook_sessions`: `step` is the 0-based method step shown, `state` one of
    /// `active`, `finished`, `abandoned`; `finishedAt` is set when it finished.
    package struct Session: Sendable, Equatable {
        package let id: String
        package let scope: String
        package let recipeSlug: String
        package var step: Int
        package var state: String
        package let startedAt: Date
        package var finishedAt: Date?

        /// The session as the cook-mode routes answer it (docs/contract.md): snake_case keys, wire
        /// datetimes, `steps` the recipe's step count and `recipe_name` its name (null when unknown).
        package func json(recipeName: String?, stepCount: Int?) -> JSONValue {
            [
                "id": .string(id), "recipe_slug": .string(recipeSlug), "recipe_name": .stringOrNull(recipeName),
                "step": .int(step), "steps": .integerOrNull(stepCount), "state": .string(state),
                "started_at": .string(Instant.wire(startedAt)),
                "finished_at": .stringOrNull(finishedAt.map(Instant.wire)),
            ]
        }
    }

    /// Starts a session, abandoning the scope's active one.
    package static func start(scope: String, recipeSlug: String, by actor: String, now: Date, in db: Connection) throws
        -> Session
    {
        try db.execute(
            "UPDATE cook_sessions SET state = 'abandoned', updated_at = ? WHERE scope = ? AND state = 'active'",
            [now, scope])
        let s = Session(
            id: Identifier.make(), scope: scope, recipeSlug: recipeSlug, step: 0, state: "active",
            startedAt: now, finishedAt: nil)
        try db.execute(
            """
            INSERT INTO cook_sessions (id, scope, recipe_slug, step, state, started_by, started_at, updated_at)
            VALUES (?, ?, ?, 0, 'active', ?, ?, ?)
            """, [s.id, scope, recipeSlug, actor, now, now])
        return s
    }

    /// The session `id` of `scope` in any state, or nil (another scope's session is never found).
    package static func find(id: String, scope: String, in db: Connection) throws -> Session? {
        try db.queryOne("SELECT * FROM cook_sessions WHERE id = ? AND scope = ?", [id, scope]).map(session)
    }

    /// The scope's active session, or nil.
    package static func active(scope: String, in db: Connection) throws -> Session? {
        try db.queryOne(
            "SELECT * FROM cook_sessions WHERE scope = ? AND state = 'active' ORDER BY started_at DESC LIMIT 1",
            [scope]
        ).map(session)
    }

    /// Writes the session's step, state and finish time, stamped `updated_at = now`.
    /// - Throws: `DatabaseError` when the update fails.
    package static func save(_ s: Session, now: Date, in db: Connection) throws {
        try db.execute(
            "UPDATE cook_sessions SET step = ?, state = ?, finished_at = ?, updated_at = ? WHERE id = ?",
            [s.step, s.state, s.finishedAt, now, s.id])
    }

    private static func session(_ row: Row) throws -> Session {
        Session(
            id: try row.get("id"), scope: try row.get("scope"), recipeSlug: try row.get("recipe_slug"),
            step: try row.get("step"), state: try row.get("state"), startedAt: try row.get("started_at"),
            finishedAt: try row.optional("finished_at"))
    }
}
