import ForgeCore
import ForgeStore
import Foundation

/// A pending food-week proposal (docs/contract.md §3.15, §4.17): a `proposed` revision of a food scope.
package struct FoodProposal: Sendable {
    package let id: String
    package let num: Int
    package let rationale: String
    /// `Change[]` rows as stored (`{sign, what, why?}`).
    package let changes: JSONValue
    /// The stored content document, verbatim (extra keys kept).
    package let document: JSONValue
    /// The content as a template.
    package var content: FoodContent { FoodContent(json: document) }
    /// Stored instant of creation.
    package let createdAt: String
}

/// Deciding food-week proposals. Proposals are created by the coach
/// (validated there, §4.17); here they are listed, approved or rejected.
package enum FoodProposalStore {
    /// Why a decision was refused; nothing was written.
    package enum DecisionError: Error, Equatable, CustomStringConvertible {
        /// No `proposed` revision with that id in the caller's scope.
        case notFound
        /// The proposal no longer passes §4.17 rule 4 against today's library
        /// (a recipe was deleted or parked since it was proposed); carries the reason.
        case noLongerValid(String)

        package var description: String {
            switch self {
            case .notFound: "proposal not found"
            case .noLongerValid(let why): "proposal no longer valid: \(why)"
            }
        }
    }

    /// The scope's pending proposal (highest-numbered `proposed`), or nil.
    package static func pending(scope: String, in db: Connection) throws -> FoodProposal? {
        try db.queryOne(
            "SELECT * FROM food_revisions WHERE scope = ? AND status = 'proposed' ORDER BY num DESC LIMIT 1",
            [scope]
        ).map(proposal)
    }

    /// Approves proposal `id` of `scope`: re-checks its slots (rule 4 of §4.17) against the
    /// current library, supersedes the scope's active week(s) and activates it.
    /// Call inside `Database.write`.
    /// - Returns: the activated revision's `num`.
    /// - Throws: `DecisionError`, `DatabaseError`.
    package static func approve(id: String, scope: String, in db: Connection) throws -> Int {
        guard let proposal = try find(id: id, scope: scope, in: db) else { throw DecisionError.notFound }
        do {
            try FoodWeekValidator.checkSlots(proposal.content) { try? RecipeStore.find($0, in: db) }
        } catch {
            throw DecisionError.noLongerValid(error.message)
        }
        try db.execute("UPDATE food_revisions SET status = 'superseded' WHERE scope = ? AND status = 'active'", [scope])
        try db.execute("UPDATE food_revisions SET status = 'active' WHERE id = ?", [id])
        return proposal.num
    }

    /// Rejects proposal `id` of `scope`: it becomes `superseded` with `rejected_at`
    /// stamped `now` (forged's clock's time, `ForgeApp.clock`).
    /// Call inside `Database.write`.
    /// - Throws: `DecisionError.notFound`, `DatabaseError`.
    package static func reject(id: String, scope: String, now: Date, in db: Connection) throws {
        guard try find(id: id, scope: scope, in: db) != nil else { throw DecisionError.notFound }
        try db.execute(
            "UPDATE food_revisions SET status = 'superseded', rejected_at = ? WHERE id = ?",
            [Instant.storage(now), id])
    }

    static func find(id: String, scope: String, in db: Connection) throws -> FoodProposal? {
        try db.queryOne(
            "SELECT * FROM food_revisions WHERE id = ? AND scope = ? AND status = 'proposed'",
            [id, scope]
        ).map(proposal)
    }

    static func proposal(_ row: Row) throws -> FoodProposal {
        func json(_ text: String, _ fallback: JSONValue) -> JSONValue {
            (try? JSONCoding.decode(JSONValue.self, from: Data(text.utf8))) ?? fallback
        }
        return FoodProposal(
            id: try row.get("id"), num: try row.get("num"), rationale: try row.get("rationale"),
            changes: json(try row.get("changes"), .array([])),
            document: json(try row.get("content"), ["days": [:]]),
            createdAt: try row.get("created_at"))
    }
}
