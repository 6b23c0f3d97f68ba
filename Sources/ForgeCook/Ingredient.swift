/// One row of the household ingredient reference (docs/contract.md §4.22, seed §5.6).
///
/// `values` hold the eight macros per 100 g (unit `g`), per 100 ml (unit
/// `ml`) or per item (unit `x`). On the wire they are the `kcal_100 …
/// sodium_100` keys whatever the unit; sodium is in mg.
package struct Ingredient: Codable, Sendable, Equatable {
    /// Unique reference name (≤ 80 chars); recipe lines join on it exactly.
    package var name: String
    /// `produce | protein | dairy | cupboard | frozen`.
    package var aisle: String
    /// `g | ml | x` (`x` = per item).
    package var unit: String
    /// Typical pack, free text (≤ 40 chars), e.g. `"400 g tin"`.
    package var pack: String
    /// Macros per 100 g/ml, or per item for `x` rows.
    package var values: Macros
    /// A staple never put on a shopping list.
    package var pantry: Bool
    /// Why a seed row differs from the contract's table (the `_fix` key of
    /// `ingredients.json`); nil for rows transcribed unchanged.
    package var fix: String?

    package init(
        name: String, aisle: String = "cupboard", unit: String = "g", pack: String = "",
        values: Macros, pantry: Bool = false, fix: String? = nil
    ) {
        self.name = name
        self.aisle = aisle
        self.unit = unit
        self.pack = pack
        self.values = values
        self.pantry = pantry
        self.fix = fix
    }

    /// True for `x` rows, whose values are per item rather than per 100 g/ml.
    package var isPerItem: Bool { unit == "x" }

    /// The wire keys of `values`, in Macros order.
    package static let valueKeys = [
        "kcal_100", "protein_100", "carbs_100", "sugar_100",
        "fiber_100", "fat_100", "satfat_100", "sodium_100",
    ]

    /// What `quantity` of this ingredient (in its own unit) contributes:
    /// `qty × value / 100` for g/ml rows, `qty × value` for per-item rows.
    package func contribution(of quantity: Double) -> Macros {
        values.scaled(by: isPerItem ? quantity : quantity / 100)
    }

    private struct Key: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(_ s: String) { stringValue = s }
        init?(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    package init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: Key.self)
        name = try c.decode(String.self, forKey: Key("name"))
        aisle = try c.decodeIfPresent(String.self, forKey: Key("aisle")) ?? "cupboard"
        unit = try c.decodeIfPresent(String.self, forKey: Key("unit")) ?? "g"
        pack = try c.decodeIfPresent(String.self, forKey: Key("pack")) ?? ""
        values = Macros(
            values: try Ingredient.valueKeys.map { try c.decodeIfPresent(Double.self, forKey: Key($0)) ?? 0 })
        pantry = try c.decodeIfPresent(Bool.self, forKey: Key("pantry")) ?? false
        fix = try c.decodeIfPresent(String.self, forKey: Key("_fix"))
    }

    package func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: Key.self)
        try c.encode(name, forKey: Key("name"))
        try c.encode(aisle, forKey: Key("aisle"))
        try c.encode(unit, forKey: Key("unit"))
        try c.encode(pack, forKey: Key("pack"))
        for (key, value) in zip(Ingredient.valueKeys, values.values) { try c.encode(value, forKey: Key(key)) }
        try c.encode(pantry, forKey: Key("pantry"))
        try c.encodeIfPresent(fix, forKey: Key("_fix"))
    }
}
