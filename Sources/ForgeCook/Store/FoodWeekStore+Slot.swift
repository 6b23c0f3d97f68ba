import ForgeCore
import ForgeStore
import Foundation

/// Hand edits of the active food week (docs/contract.md §3.15 `PATCH /api/food/week/slot`).
extension FoodWeekStore {
    /// Why a slot edit was refused; nothing was written.
    package enum SlotEditError: Error, Equatable, CustomStringConvertible {
        case unknownRecipe
        /// A dinner slot needs a `dinner`-kind recipe; carries the recipe's kind.
        case notADinner(MealSlot)

        package var description: String {
            switch self {
            case .unknownRecipe: "unknown recipe"
            case .notADinner(let kind): "a dinner slot needs a dinner recipe, not a \(kind.rawValue) one"
            }
        }
    }

    /// Writes `{ recipe: slug, why }` into weekday `weekday`'s `slot` of the scope's
    /// active week, in place, so it applies to every week the template covers.
    /// `why` is the recipe's `why` trimmed, or "Added from the recipe library" when blank.
    /// When the scope has no active week, a new active revision (`num` = highest + 1,
    /// empty days) is created first. Other keys of the stored document are kept.
    /// Call inside `Database.write`.
    /// - Parameters:
    ///   - weekday: 0 = Monday … 6 = Sunday.
    ///   - now: forged's clock's time (`ForgeApp.clock`), for a revision this creates.
    /// - Returns: the recipe written.
    /// - Throws: `SlotEditError`, `DatabaseError`.
    @discardableResult
    package static func setSlot(
        scope: String, weekday: Int, slot: MealSlot, recipe slug: String, now: Date,
        in db: Connection
    ) throws -> Recipe {
        guard let recipe = try RecipeStore.find(slug, in: db) else { throw SlotEditError.unknownRecipe }
        if slot == .dinner && recipe.kind != .dinner { throw SlotEditError.notADinner(recipe.kind) }
        let trimmed = recipe.why.trimmingCharacters(in: .whitespacesAndNewlines)
        let entry: JSONValue = [
            "recipe": .string(slug),
            "why": .string(trimmed.isEmpty ? "Added from the recipe library" : trimmed),
        ]
        let row = try db.queryOne(
            """
            SELECT id, content FROM food_revisions WHERE scope = ? AND status = 'active' ORDER BY num DESC LIMIT 1
            """, [scope])
        let id: String
        var document: [String: JSONValue]
        if let row {
            id = try row.get("id")
            let text: String = try row.get("content")
            document = (try? JSONCoding.decode(JSONValue.self, from: Data(text.utf8)))?.objectValue ?? [:]
        } else {
            id = Identifier.make()
            let num: Int = (try db.scalar("SELECT MAX(num) FROM food_revisions WHERE scope = ?", [scope]) ?? 0) + 1
            try db.execute(
                """
                INSERT INTO food_revisions (id, scope, num, status, rationale, content, changes, created_at)
                VALUES (?, ?, ?, 'active', '', '{"days":{}}', '[]', ?)
                """, [id, scope, num, Instant.storage(now)])
            document = ["days": [:]]
        }
        var days = document["days"]?.objectValue ?? [:]
        var day = days[String(weekday)]?.objectValue ?? [:]
        var slots = day["slots"]?.objectValue ?? [:]
        slots[slot.rawValue] = entry
        day["slots"] = .object(slots)
        days[String(weekday)] = .object(day)
        document["days"] = .object(days)
        try db.execute(
            "UPDATE food_revisions SET content = ? WHERE id = ?",
            [JSONWriter.string(.object(document)), id])
        return recipe
    }
}
