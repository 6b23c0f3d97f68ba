import ForgeCore
import ForgeStore
import Foundation

/// A set logged earlier under the same idempotency key.
package struct PriorSet: Sendable {
    package let sessionID: String
    /// The response stored with the set (`{ok, pbs}` JSON), or nil.
    package let result: JSONValue?
}

/// Writes to `sets`. Logging is idempotent per (user, client id) (docs/contract.md §6.2): the key is unique
/// in the table, so a retry can never add a row.
package enum SetStore {
    /// The set the user logged with `clientID`, or nil.
    package static func prior(userID: String, clientID: String, in db: Connection) throws -> PriorSet? {
        try db.queryOne(
            "SELECT session_id, result FROM sets WHERE user_id = ? AND client_id = ?",
            [userID, clientID]
        ).map { row in
            let text: String? = try row.optional("result")
            return PriorSet(
                sessionID: try row.get("session_id"),
                result: text.map { JSONColumn.decode(JSONValue.self, $0, fallback: .null) })
        }
    }

    /// Whether session `sessionID` already holds a working set of `slug` numbered `setNo` with this load
    /// (within a thousandth of a kg, as a replay's conversion may differ) and these reps: a replay of it.
    package static func holds(
        sessionID: String, slug: String, setNo: Int, weight: Double, reps: Int, in db: Connection
    ) throws -> Bool {
        try db.queryOne(
            """
            SELECT 1 FROM sets WHERE session_id = ? AND slug = ? AND set_no = ? AND reps = ?
              AND abs(weight - ?) < 0.001 AND set_kind = 'normal' LIMIT 1
            """, [sessionID, slug, setNo, reps, weight]) != nil
    }

    /// Inserts one set, load in kg at full precision (never rounded).
    package static func insert(
        sessionID: String, userID: String, set: LoggedSet, clientID: String?,
        in db: Connection
    ) throws -> String {
        let id = Identifier.make()
        try db.execute(
            """
            INSERT INTO sets (id, session_id, user_id, slug, substituted_for, set_no, weight, reps, rpe, ts, client_id)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """,
            [
                id, sessionID, userID, set.slug, set.substitutedFor, set.setNo, set.weight, set.reps, set.rpe,
                set.ts, clientID,
            ])
        return id
    }

    /// Stores the response of a logged set for replay on retry.
    package static func storeResult(_ setID: String, result: JSONValue, in db: Connection) throws {
        try db.execute("UPDATE sets SET result = ? WHERE id = ?", [try JSONColumn.text(result), setID])
    }

    /// Overwrites weight, reps and rpe of the first set (logging order)
    /// matching (slug, set_no) in the session; false when there is none.
    package static func correct(
        sessionID: String, slug: String, setNo: Int, weight: Double, reps: Int, rpe: Int?,
        in db: Connection
    ) throws -> Bool {
        guard
            let row = try db.queryOne(
                """
                SELECT id FROM sets WHERE session_id = ? AND slug = ? AND set_no = ? ORDER BY ts, rowid LIMIT 1
                """, [sessionID, slug, setNo])
        else { return false }
        try db.execute(
            "UPDATE sets SET weight = ?, reps = ?, rpe = ? WHERE id = ?",
            [weight, reps, rpe, try row.get("id") as String])
        return true
    }
}
