import ForgeCore
import ForgeStore
import Foundation

extension FoodWeekStore {
    /// Rule 1 of docs/contract.md §4.17 for stored food revisions: every
    /// `active` or `proposed` revision whose rationale, content or changes hold
    /// a literal `\uXXXX` escape is repaired (``TextRepair``) and rewritten.
    /// Call inside `Database.write`.
    /// - Returns: how many revisions were rewritten.
    package static func repairEscapes(in db: Connection) throws -> Int {
        let rows = try db.query(
            """
            SELECT id, rationale, content, changes FROM food_revisions WHERE status IN ('active', 'proposed')
            AND (instr(rationale, '\\u') > 0 OR instr(content, '\\u') > 0 OR instr(changes, '\\u') > 0)
            """)
        for row in rows {
            try db.execute(
                "UPDATE food_revisions SET rationale = ?, content = ?, changes = ? WHERE id = ?",
                [
                    try TextRepair.repair(column: "rationale", try row.get("rationale")),
                    try TextRepair.repair(column: "content", try row.get("content")),
                    try TextRepair.repair(column: "changes", try row.get("changes")), try row.get("id") as String,
                ])
        }
        return rows.count
    }
}
