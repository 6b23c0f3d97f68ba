import ForgeCore

/// The eight-field nutrition set (docs/contract.md notation `Macros`), always in this
/// order: `kcal, protein_g, carbs_g, sugar_g, fiber_g, fat_g, satfat_g,
/// sodium_mg`. Energy in kcal, sodium in milligrams, everything else in grams.
///
/// Encodes and decodes with the contract's snake-case keys; a key missing on
/// decode reads as 0 (log rows and stored targets may be partial).
package struct Macros: Codable, Sendable, Equatable, Hashable {
    /// Energy, kcal.
    package var kcal: Double
    /// Protein, g.
    package var proteinG: Double
    /// Carbohydrate, g.
    package var carbsG: Double
    /// Total sugars, g.
    package var sugarG: Double
    /// Fibre, g.
    package var fiberG: Double
    /// Fat, g.
    package var fatG: Double
    /// Saturated fat, g.
    package var satfatG: Double
    /// Sodium, mg.
    package var sodiumMg: Double

    package init(
        kcal: Double = 0, proteinG: Double = 0, carbsG: Double = 0, sugarG: Double = 0,
        fiberG: Double = 0, fatG: Double = 0, satfatG: Double = 0, sodiumMg: Double = 0
    ) {
        self.kcal = kcal
        self.proteinG = proteinG
        self.carbsG = carbsG
        self.sugarG = sugarG
        self.fiberG = fiberG
        self.fatG = fatG
        self.satfatG = satfatG
        self.sodiumMg = sodiumMg
    }

    /// All zeros.
    package static let zero = Macros()

    /// The wire keys in contract order.
    package static let keys = ["kcal", "protein_g", "carbs_g", "sugar_g", "fiber_g", "fat_g", "satfat_g", "sodium_mg"]

    /// The eight values in contract order (same order as `keys`).
    package var values: [Double] { [kcal, proteinG, carbsG, sugarG, fiberG, fatG, satfatG, sodiumMg] }

    /// Builds from eight values in contract order.
    /// - Precondition: `values.count == 8`.
    package init(values v: [Double]) {
        precondition(v.count == 8, "Macros needs eight values")
        self.init(
            kcal: v[0], proteinG: v[1], carbsG: v[2], sugarG: v[3],
            fiberG: v[4], fatG: v[5], satfatG: v[6], sodiumMg: v[7])
    }

    /// The value for a wire key (`"protein_g"` …); nil for an unknown key.
    package subscript(key: String) -> Double? {
        guard let i = Macros.keys.firstIndex(of: key) else { return nil }
        return values[i]
    }

    /// Field-by-field sum.
    package static func + (a: Macros, b: Macros) -> Macros {
        Macros(values: zip(a.values, b.values).map { $0 + $1 })
    }

    /// Field-by-field sum in place.
    package static func += (a: inout Macros, b: Macros) { a = a + b }

    /// Every field multiplied by `factor` (no rounding).
    package func scaled(by factor: Double) -> Macros {
        Macros(values: values.map { $0 * factor })
    }

    /// Every field rounded half-to-even to one decimal place (docs/contract.md §1.11).
    package func rounded1() -> Macros {
        Macros(values: values.map(Rounding.round1))
    }

    enum CodingKeys: String, CodingKey {
        case kcal
        case proteinG = "protein_g"
        case carbsG = "carbs_g"
        case sugarG = "sugar_g"
        case fiberG = "fiber_g"
        case fatG = "fat_g"
        case satfatG = "satfat_g"
        case sodiumMg = "sodium_mg"
    }

    package init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        func v(_ k: CodingKeys) throws -> Double { try c.decodeIfPresent(Double.self, forKey: k) ?? 0 }
        self.init(
            kcal: try v(.kcal), proteinG: try v(.proteinG), carbsG: try v(.carbsG), sugarG: try v(.sugarG),
            fiberG: try v(.fiberG), fatG: try v(.fatG), satfatG: try v(.satfatG), sodiumMg: try v(.sodiumMg))
    }

    /// Writes the eight keys into an existing keyed container, for shapes
    /// that flatten macros into themselves (`RecipeCard`, `FoodExtra`).
    package func encodeFlat(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(kcal, forKey: .kcal)
        try c.encode(proteinG, forKey: .proteinG)
        try c.encode(carbsG, forKey: .carbsG)
        try c.encode(sugarG, forKey: .sugarG)
        try c.encode(fiberG, forKey: .fiberG)
        try c.encode(fatG, forKey: .fatG)
        try c.encode(satfatG, forKey: .satfatG)
        try c.encode(sodiumMg, forKey: .sodiumMg)
    }

    package func encode(to encoder: Encoder) throws { try encodeFlat(to: encoder) }
}
