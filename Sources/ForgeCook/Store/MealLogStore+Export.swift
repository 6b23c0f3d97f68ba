import ForgeCore
import ForgeStore
import Foundation

extension MealLogStore {
    /// The user's logs as `GET /api/export` lists them (docs/contract.md §3.12), by log time: the
    /// eight macros (grams; `kcal`; `sodium_mg` milligrams) plus
    /// `{day, slot, recipe, label, servings, source, estimated}`, `recipe` `""` for none.
    package static func exportRows(userID: String, in db: Connection) throws -> [JSONValue] {
        try db.query("SELECT * FROM meal_logs WHERE user_id = ? ORDER BY created_at, rowid", [userID]).map { r in
            var o: [String: JSONValue] = [:]
            for key in ["kcal", "protein_g", "carbs_g", "sugar_g", "fiber_g", "fat_g", "satfat_g", "sodium_mg"] {
                o[key] = .double(try r.get(key))
            }
            let recipe: String? = try r.optional("recipe")
            o["day"] = .string(try r.get("day"))
            o["slot"] = .string(try r.get("slot"))
            o["recipe"] = .string(recipe ?? "")
            o["label"] = .string(try r.get("label"))
            o["servings"] = .double(try r.get("servings"))
            o["source"] = .string(try r.get("source"))
            o["estimated"] = .bool(try r.get("estimated"))
            return .object(o)
        }
    }
}
