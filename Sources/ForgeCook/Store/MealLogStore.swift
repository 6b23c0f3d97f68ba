import ForgeCore
import ForgeStore
import Foundation

/// Read access to a member's meal logs (docs/contract.md §4.20). Logs are strictly
/// per user: every query filters by `user_id`.
package enum MealLogStore {
    /// The user's logs dated `from...to`, grouped by day, each day in logging order.
    package static func logs(userID: String, from: LocalDate, to: LocalDate, in db: Connection) throws -> [LocalDate:
        [MealLogEntry]]
    {
        var byDay: [LocalDate: [MealLogEntry]] = [:]
        for row in try db.query(
            """
            SELECT * FROM meal_logs WHERE user_id = ? AND day >= ? AND day <= ? ORDER BY day, created_at, rowid
            """, [userID, from.description, to.description])
        {
            let dayText: String = try row.get("day")
            guard let day = LocalDate(dayText) else { continue }
            let slotText: String = try row.get("slot")
            let entry = MealLogEntry(
                id: try row.get("id"), slot: MealSlot(rawValue: slotText) ?? .snack, recipe: try row.optional("recipe"),
                label: try row.get("label"), estimated: try row.get("estimated"),
                macros: Macros(
                    values: try [
                        "kcal", "protein_g", "carbs_g", "sugar_g", "fiber_g", "fat_g", "satfat_g",
                        "sodium_mg",
                    ].map { try row.get($0) }),
                servings: try row.get("servings"), venue: try row.get("venue"), cost: try row.get("cost"),
                currency: try row.get("currency"), note: try row.get("note"),
                photos: JSONColumn.decode([String].self, try row.get("photos"), fallback: []))
            byDay[day, default: []].append(entry)
        }
        return byDay
    }
}
