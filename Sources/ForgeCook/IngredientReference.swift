import ForgeCore

/// The ingredient reference table, looked up by exact name (docs/contract.md §4.22).
package struct IngredientReference: Sendable {
    /// Rows in table order.
    package let rows: [Ingredient]
    private let byName: [String: Ingredient]

    /// A table over `rows`; on a duplicate name the later row wins.
    package init(_ rows: [Ingredient]) {
        self.rows = rows
        var map: [String: Ingredient] = [:]
        for row in rows { map[row.name] = row }
        byName = map
    }

    /// The row named exactly `name` (case- and space-sensitive), or nil.
    package subscript(name: String) -> Ingredient? { byName[name] }

    /// Aisle for a recipe line: the row's, else `"cupboard"`.
    package func aisle(of name: String) -> String { byName[name]?.aisle ?? "cupboard" }

    /// Pantry flag for a recipe line: the row's, else false.
    package func isPantry(_ name: String) -> Bool { byName[name]?.pantry ?? false }

    /// The 102 seed rows of §5.6 from the embedded `ingredients.json`, with
    /// the per-item data fixes applied (rows carrying `fix`).
    package static let seed: IngredientReference = {
        do { return IngredientReference(try loadSeedRows()) } catch {
            fatalError("embedded ingredients.json is invalid: \(error)")
        }
    }()

    /// Decodes the embedded `ingredients.json`.
    /// - Throws: `DecodingError` when the asset is malformed, `SeedDataError` when missing.
    package static func loadSeedRows() throws -> [Ingredient] {
        guard let data = EmbeddedAssets.bytes(named: "ingredients.json") else {
            throw SeedDataError.missing("ingredients.json")
        }
        return try JSONCoding.decode([Ingredient].self, from: data)
    }
}
