import ForgeCore
import ForgeStore
import Foundation

extension FoodProposalStore {
    /// A stored food revision.
    package struct Written: Sendable, Equatable {
        package let id: String
        package let num: Int
        /// `proposed`, or `active` when the proposal was auto-approved.
        package let status: String
    }

    /// Stores a proposal that the coach has validated (§4.17) for `scope`:
    /// every other pending proposal of the scope is superseded (one pending at
    /// a time); with `autoApprove` it is stored `active` and the scope's older
    /// active weeks are superseded. `content` is the checked document, its
    /// `changes` member stored again in the `changes` column. Call inside
    /// `Database.write`.
    /// - Throws: `DatabaseError`.
    package static func store(
        scope: String, content: JSONValue, rationale: String, autoApprove: Bool, now: Date,
        in db: Connection
    ) throws -> Written {
        let num = (try db.scalar("SELECT MAX(num) FROM food_revisions WHERE scope = ?", [scope]) as Int? ?? 0) + 1
        try db.execute(
            "UPDATE food_revisions SET status = 'superseded' WHERE scope = ? AND status = 'proposed'", [scope])
        if autoApprove {
            try db.execute(
                "UPDATE food_revisions SET status = 'superseded' WHERE scope = ? AND status = 'active'", [scope])
        }
        let id = Identifier.make()
        let status = autoApprove ? "active" : "proposed"
        try db.execute(
            """
            INSERT INTO food_revisions (id, scope, num, status, rationale, content, changes, created_at)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?)
            """,
            [
                id, scope, num, status, rationale, try JSONColumn.text(content),
                try JSONColumn.text(content["changes"] ?? []), Instant.storage(now),
            ])
        return Written(id: id, num: num, status: status)
    }
}
