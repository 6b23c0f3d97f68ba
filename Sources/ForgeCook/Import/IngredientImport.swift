import ForgeCore
import ForgeStore
import Foundation

/// Writes to the household ingredient reference from MCP (docs/contract.md §4.24
/// `bulk_import_ingredients`, `update_ingredient`, `delete_ingredient`).
///
/// Field rules: `aisle` applies only when one of `produce | protein | dairy
/// | cupboard | frozen`; `unit` only when `g | ml | x`; `pack` when the key
/// is present (cut to 40); `pantry` when present; each `*_100` when not
/// null, rounded half-even to 1 dp. Names are trimmed and cut to 80.
package enum IngredientImport {
    package static let aisles: Set<String> = ["produce", "protein", "dairy", "cupboard", "frozen"]
    package static let units: Set<String> = ["g", "ml", "x"]

    /// Supplied fields of one ingredient (nil = not supplied).
    package struct Fields: Sendable {
        package var aisle: String?
        package var unit: String?
        package var pack: String?
        package var pantry: Bool?
        /// `*_100` in Macros order.
        package var values: [Double?] = Array(repeating: nil, count: 8)
        package init() {}
    }

    /// The row named `name`, or nil.
    package static func find(_ name: String, in db: Connection) throws -> Ingredient? {
        try IngredientStore.reference(in: db)[name]
    }

    /// Creates the row with defaults plus `fields`.
    package static func create(_ name: String, _ fields: Fields, in db: Connection) throws {
        try db.execute("INSERT INTO ingredients (name) VALUES (?)", [name])
        try apply(fields, to: name, in: db)
    }

    /// Applies the supplied `fields` to the existing row `name`.
    package static func apply(_ fields: Fields, to name: String, in db: Connection) throws {
        if let aisle = fields.aisle, aisles.contains(aisle) {
            try db.execute("UPDATE ingredients SET aisle = ? WHERE name = ?", [aisle, name])
        }
        if let unit = fields.unit, units.contains(unit) {
            try db.execute("UPDATE ingredients SET unit = ? WHERE name = ?", [unit, name])
        }
        if let pack = fields.pack {
            try db.execute("UPDATE ingredients SET pack = ? WHERE name = ?", [String(pack.prefix(40)), name])
        }
        if let pantry = fields.pantry {
            try db.execute("UPDATE ingredients SET pantry = ? WHERE name = ?", [pantry, name])
        }
        for (column, value) in zip(Ingredient.valueKeys, fields.values) {
            guard let value, value.isFinite else { continue }
            try db.execute("UPDATE ingredients SET \(column) = ? WHERE name = ?", [Rounding.round1(value), name])
        }
    }

    /// Deletes the row; returns how many recipes still reference the name, or nil when there was no row.
    package static func delete(_ name: String, in db: Connection) throws -> Int? {
        guard try find(name, in: db) != nil else { return nil }
        try db.execute("DELETE FROM ingredients WHERE name = ?", [name])
        return try RecipeStore.all(in: db).filter { $0.ingredients.contains { $0.name == name } }.count
    }

    /// Normalised name: trimmed, cut to 80.
    package static func cleanName(_ raw: String) -> String {
        String(raw.trimmingCharacters(in: .whitespacesAndNewlines).prefix(80))
    }
}
