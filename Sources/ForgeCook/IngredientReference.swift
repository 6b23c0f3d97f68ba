import ForgeCore

/// The ingredient reference table, looked up by exact name (docs/contract.md §4.22).
package struct IngredientReference: Sendable {
    /// Rows in table order.
    package let rows: [Ingredient]
    private let byName: [String: Ingredient]
    /// Each row's name as a recipe line's name is compared with it (``IngredientLineMatcher``), in row order.
    package let keys: [Key]

    /// A row's name folded (``FoodText/fold(_:)``), its part before a comma folded, and that part's words,
    /// alone and joined by one space; `variant`: the words after the comma that make it a variant of its
    /// food ("light" of "coconut milk, light", "reduced salt"), less the states any such food is bought in
    /// (``statesOfFood``).
    package struct Key: Sendable {
        package let name: String, head: String
        package let headWords: [String]
        package let headKey: String
        package let variant: Set<String>
    }

    /// Words after a row's comma that name how its food is bought, not another food ("red lentils, dry",
    /// "peas, frozen", "berries, mixed"): a line need not say them.
    static let statesOfFood: Set<String> = ["raw", "dry", "dried", "frozen", "fresh", "mixed", "uncooked", "canned"]

    /// A table over `rows`; on a duplicate name the later row wins.
    package init(_ rows: [Ingredient]) {
        self.rows = rows
        var map: [String: Ingredient] = [:]
        for row in rows { map[row.name] = row }
        byName = map
        keys = rows.map { row in
            let head = FoodText.fold(String(row.name.split(separator: ",").first ?? ""))
            let words = FoodText.words(head)
            let joined = words.joined(separator: " ")
            let after = row.name.split(separator: ",", maxSplits: 1).dropFirst().first.map(String.init) ?? ""
            let variant = Set(FoodText.words(after)).subtracting(Self.statesOfFood)
            return Key(
                name: FoodText.fold(row.name), head: head, headWords: words, headKey: joined, variant: variant)
        }
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
