import ForgeCook
import ForgeCore
import ForgeStore
import ForgeTrain
import Foundation

/// Rule 1 of docs/contract.md §4.16 (and §4.17) for revisions already stored: literal
/// `\uXXXX` escapes in an active or proposed revision are repaired and the
/// repair is persisted. Every proposal forged writes is repaired before it
/// is stored, so only rows from elsewhere (an older database, a restored
/// backup) can need it; ``sweep(in:)`` runs at every start, before the first
/// request can read them. The owners rewrite their rows
/// (``PlanStore/repairEscapes(in:)``, ``FoodWeekStore/repairEscapes(in:)``).
package enum RevisionRepair {
    /// Repairs and rewrites the affected rows of `plan_revisions` and
    /// `food_revisions` (call inside `Database.write`).
    /// - Returns: how many rows were rewritten.
    @discardableResult
    package static func sweep(in db: Connection) throws -> Int {
        try PlanStore.repairEscapes(in: db) + FoodWeekStore.repairEscapes(in: db)
    }
}
