import ForgeCore
import ForgeStore
import Foundation

/// A food-week revision (docs/contract.md §4.17, §4.19): a weekday template in one scope.
package struct FoodRevision: Sendable {
    package let id: String
    package let num: Int
    package let status: String
    package let rationale: String
    package let content: FoodContent
}

/// Food-week revisions per scope: `household` for the member seats, or
/// `user:<id>` for the demo's private scope.
package enum FoodWeekStore {
    /// The household scope shared by both member seats.
    package static let household = "household"

    /// The food scope of a user: the demo has its own, members share the household's.
    package static func scope(userID: String, isDemo: Bool) -> String { isDemo ? "user:\(userID)" : household }

    /// Inserts the first household week (revision 1, active, `changes: []`)
    /// when the household has no food revision at all.
    @discardableResult
    package static func seedFirstWeek(now: Date, in db: Connection) throws -> Bool {
        let count: Int = try db.scalar("SELECT COUNT(*) FROM food_revisions WHERE scope = ?", [household]) ?? 0
        guard count == 0 else { return false }
        try db.execute(
            """
            INSERT INTO food_revisions (id, scope, num, status, rationale, content, changes, created_at)
            VALUES (?, ?, 1, 'active', ?, ?, '[]', ?)
            """,
            [
                Identifier.make(), household, FirstFoodWeek.rationale, try JSONColumn.text(FirstFoodWeek.content),
                Instant.storage(now),
            ])
        return true
    }

    /// Decoded food-week contents by stored text.
    static let contents = DecodeCache<FoodContent>()

    /// Seeds `scope` with the first food week (``FirstFoodWeek``) as its active
    /// revision 1 when the scope has no revision at all (the demo's food block).
    /// - Returns: whether it did.
    package static func seedFirstWeek(scope: String, now: Date, in db: Connection) throws -> Bool {
        let count: Int = try db.scalar("SELECT COUNT(*) FROM food_revisions WHERE scope = ?", [scope]) ?? 0
        guard count == 0 else { return false }
        let content = try JSONCoding.string(FirstFoodWeek.content)
        try db.execute(
            """
            INSERT INTO food_revisions (id, scope, num, status, rationale, content, changes, created_at)
            VALUES (?, ?, 1, 'active', ?, ?, '[]', ?)
            """, [Identifier.make(), scope, FirstFoodWeek.rationale, content, Instant.storage(now)])
        return true
    }

    /// The scope's active revision (highest-numbered `active`), or nil.
    package static func active(scope: String, in db: Connection) throws -> FoodRevision? {
        try db.queryOne(
            "SELECT * FROM food_revisions WHERE scope = ? AND status = 'active' ORDER BY num DESC LIMIT 1",
            [scope]
        ).map { row in
            FoodRevision(
                id: try row.get("id"), num: try row.get("num"), status: try row.get("status"),
                rationale: try row.get("rationale"),
                content: contents.value(for: try row.get("content")) ?? FoodContent())
        }
    }
}
