import ForgeCore
import ForgeStore
import Foundation

/// Rule 1 of docs/contract.md §4.16 (and §4.17) for revisions already stored: literal
/// `\uXXXX` escapes in an active or proposed revision are repaired and the
/// repair is persisted. Every proposal forged writes is repaired before it
/// is stored, so only rows from elsewhere (an older database, a restored
/// backup) can need it; ``sweep(in:)`` runs at every start, before the first
/// request can read them.
package enum RevisionRepair {
    /// Repairs and rewrites the affected rows of `plan_revisions` and
    /// `food_revisions` (call inside `Database.write`).
    /// - Returns: how many rows were rewritten.
    @discardableResult
    package static func sweep(in db: Connection) throws -> Int {
        var repaired = 0
        for (table, columns) in [
            ("plan_revisions", ["rationale", "content"]),
            ("food_revisions", ["rationale", "content", "changes"]),
        ] {
            let match = columns.map { "instr(\($0), '\\u') > 0" }.joined(separator: " OR ")
            let rows = try db.query(
                "SELECT id, \(columns.joined(separator: ", ")) FROM \(table) WHERE status IN ('active', 'proposed') AND (\(match))"
            )
            for row in rows {
                var values: [String] = []
                for column in columns {
                    let text: String = try row.get(column)
                    if column == "rationale" {
                        values.append(TextRepair.repair(text))
                    } else if let json = try? JSONCoding.decode(JSONValue.self, from: Data(text.utf8)) {
                        values.append(try JSONCoding.string(TextRepair.repair(json)))
                    } else {
                        values.append(text)
                    }
                }
                let assignments = columns.map { "\($0) = ?" }.joined(separator: ", ")
                try db.execute(
                    "UPDATE \(table) SET \(assignments) WHERE id = ?", values + [try row.get("id") as String])
                repaired += 1
            }
        }
        return repaired
    }
}
