import ForgeCook
import ForgeCore
import ForgeHTTP
import Foundation

/// Input limits of the MCP ingredient and import tools beyond ``Bounds``.
enum IngredientBounds {
    /// kcal per 100 g/ml, or per item for unit `x` (a whole cake may pass 2,000).
    static let kcal100 = Bounds.kcal
    /// Grams per 100 g/ml, or per item.
    static let grams100 = Bounds.macro
    /// Sodium, mg per 100 g (table salt is about 38,800).
    static let sodium100 = 0.0...100_000.0
    /// Rows in one `bulk_import_ingredients` call.
    static let bulkRows = 1000

    /// The per-100 checks of `values` (``Ingredient/valueKeys`` order), `loc` prefixing each key.
    static func check(_ values: [Double?], at loc: [JSONValue]) throws {
        for (index, (key, value)) in zip(Ingredient.valueKeys, values).enumerated() {
            guard let value else { continue }
            let bounds = key == "sodium_100" ? sodium100 : index == 0 ? kcal100 : grams100
            if !bounds.contains(value) {
                let (type, msg) =
                    value < bounds.lowerBound
                    ? ("greater_than_equal", "Input should be greater than or equal to \(bounds.lowerBound)")
                    : ("less_than_equal", "Input should be less than or equal to \(bounds.upperBound)")
                throw ValidationFailure.error(
                    loc: [.string("body")] + loc + [.string(key)], type: type, msg: msg,
                    input: .double(value))
            }
        }
    }
}

/// One ingredient's fields as MCP sends them (docs/contract.md §4.24 `update_ingredient`,
/// a `bulk_import_ingredients` row): `{ name, aisle?, unit?, pack?, pantry?,
/// kcal_100?…sodium_100? }` — per 100 g/ml, or per item for unit `x`;
/// sodium in mg. Unknown `aisle`/`unit` values are ignored by the store, as
/// the contract says; `pack` is cut to 40 and `name` to 80 when stored.
struct IngredientArguments: RequestInput {
    var name: String
    var aisle: String?
    var unit: String?
    var pack: String?
    var pantry: Bool?
    var kcal100, protein100, carbs100, sugar100, fiber100, fat100, satfat100, sodium100: Double?

    enum CodingKeys: String, CodingKey {
        case name, aisle, unit, pack, pantry
        case kcal100 = "kcal_100"
        case protein100 = "protein_100"
        case carbs100 = "carbs_100"
        case sugar100 = "sugar_100"
        case fiber100 = "fiber_100"
        case fat100 = "fat_100"
        case satfat100 = "satfat_100"
        case sodium100 = "sodium_100"
    }

    static var example: JSONValue? {
        [
            "name": "orzo", "aisle": "cupboard", "unit": "g", "pack": "500 g bag", "pantry": true, "kcal_100": 350,
            "protein_100": 12, "carbs_100": 72, "sugar_100": 3, "fiber_100": 3.5, "fat_100": 1.5, "satfat_100": 0.3,
            "sodium_100": 5,
        ]
    }

    /// `*_100` in ``Ingredient/valueKeys`` order.
    var values: [Double?] { [kcal100, protein100, carbs100, sugar100, fiber100, fat100, satfat100, sodium100] }

    /// The store's supplied-fields form.
    var fields: IngredientImport.Fields {
        var f = IngredientImport.Fields()
        f.aisle = aisle
        f.unit = unit
        f.pack = pack
        f.pantry = pantry
        f.values = values
        return f
    }

    /// `name`, `aisle`, `unit`, `pack` ≤ 120 characters; kcal_100 0–10,000,
    /// grams 0–10,000, sodium_100 0–100,000 mg.
    static let rules: [InputRule<Self>] = [.custom { try $0.check(at: []) }]

    /// The checks with `loc` before each field (`["ingredients", 2]` in a bulk call).
    func check(at loc: [JSONValue]) throws {
        for (key, value) in [("name", name), ("aisle", aisle), ("unit", unit), ("pack", pack)] {
            guard let value, value.count > Bounds.label else { continue }
            throw ValidationFailure.error(
                loc: [.string("body")] + loc + [.string(key)], type: "string_too_long",
                msg: "String should have at most \(Bounds.label) characters", input: nil)
        }
        try IngredientBounds.check(values, at: loc)
    }
}

/// `bulk_import_ingredients` arguments: `{ ingredients: IngredientArguments[] (1–1,000), overwrite? = true }`.
struct BulkIngredientsArguments: RequestInput {
    var ingredients: [IngredientArguments]
    var overwrite: Bool?

    static var example: JSONValue? { ["ingredients": [IngredientArguments.example ?? [:]], "overwrite": true] }

    /// `ingredients must be a non-empty list`; at most 1,000 rows; each row's checks.
    static let rules: [InputRule<Self>] = [
        .custom { guard !$0.ingredients.isEmpty else { throw MCPToolError("ingredients must be a non-empty list") } },
        .count("ingredients", max: IngredientBounds.bulkRows) { $0.ingredients },
        .custom {
            for (index, row) in $0.ingredients.enumerated() { try row.check(at: ["ingredients", .int(index)]) }
        },
    ]
}

/// `delete_ingredient` arguments: `{ name }` (≤ 120 characters).
struct IngredientNameArguments: RequestInput {
    var name: String

    static let rules: [InputRule<Self>] = [.length("name", max: Bounds.label) { $0.name }]
}

/// `list_ingredients` arguments: `{ query?, aisle?, pantry_only? = false, limit? = 200 }`; `limit` is clamped to 1–500.
struct ListIngredientsArguments: RequestInput {
    var query: String?
    var aisle: String?
    var pantryOnly: Bool?
    var limit: Int?
}

/// docs/contract.md §4.24 `Ingredient`: `{ name, aisle, unit, pack, pantry, kcal_100 … sodium_100 }`
/// (per 100 g/ml, or per item for unit `x`; sodium mg; 1 dp).
struct IngredientRow: Codable, Sendable {
    var name: String
    var aisle: String
    var unit: String
    var pack: String
    var pantry: Bool
    var kcal100, protein100, carbs100, sugar100, fiber100, fat100, satfat100, sodium100: Double

    enum CodingKeys: String, CodingKey {
        case name, aisle, unit, pack, pantry
        case kcal100 = "kcal_100"
        case protein100 = "protein_100"
        case carbs100 = "carbs_100"
        case sugar100 = "sugar_100"
        case fiber100 = "fiber_100"
        case fat100 = "fat_100"
        case satfat100 = "satfat_100"
        case sodium100 = "sodium_100"
    }

    init(_ row: Ingredient) {
        name = row.name
        aisle = row.aisle
        unit = row.unit
        pack = row.pack
        pantry = row.pantry
        let v = FoodWire.finite(row.values)
        kcal100 = v.kcal
        protein100 = v.proteinG
        carbs100 = v.carbsG
        sugar100 = v.sugarG
        fiber100 = v.fiberG
        fat100 = v.fatG
        satfat100 = v.satfatG
        sodium100 = v.sodiumMg
    }
}

/// `list_ingredients` → `{ count, ingredients }`; `count` = matches before the limit.
struct IngredientList: Codable, Sendable {
    var count: Int
    var ingredients: [IngredientRow]
}

/// `bulk_import_ingredients` → `{ count: created + updated, created, updated, skipped }`.
struct IngredientsImported: Codable, Sendable {
    var count: Int
    var created: [String]
    var updated: [String]
    var skipped: [String]
}

/// `update_ingredient` → `{ ok: true, ingredient }`.
struct IngredientUpdated: Codable, Sendable {
    var ok = true
    var ingredient: IngredientRow
}

/// `delete_ingredient` → `{ deleted: true, recipes_referencing }`.
struct IngredientDeleted: Codable, Sendable {
    var deleted = true
    var recipesReferencing: Int
}
