import ForgeCore
import ForgeStore
import Foundation

extension IngredientStore {
    /// Adds an ingredient of the original Forge server that the reference lacks
    /// (`forged import forge-server`): macros per 100 g/ml, or per item for unit `x`
    /// (sodium in mg).
    /// - Returns: false when the reference has the name (forged's row is kept: its values were checked).
    package static func insertMovedIn(
        name: String, aisle: String, unit: String, pack: String, per100: Macros, pantry: Bool, in db: Connection
    ) throws -> Bool {
        try db.execute(
            """
            INSERT INTO ingredients (name, aisle, unit, pack, kcal_100, protein_100, carbs_100, sugar_100, fiber_100,
                                     fat_100, satfat_100, sodium_100, pantry)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            ON CONFLICT (name) DO NOTHING
            """,
            [
                name, aisle, unit, pack, per100.kcal, per100.proteinG, per100.carbsG, per100.sugarG, per100.fiberG,
                per100.fatG, per100.satfatG, per100.sodiumMg, pantry ? 1 : 0,
            ])
        return db.changes > 0
    }
}
