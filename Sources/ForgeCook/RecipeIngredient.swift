/// One ingredient line of a recipe (docs/contract.md §2 `RecipeIngredient`, plus the
/// import's `raw`, `ref` and `ref_confidence`).
///
/// `name` is what the line calls the ingredient. It joins the ingredient
/// reference exactly unless the line carries `ref`, a link to the reference
/// row it was matched to (page imports keep the cook's words in `name` and
/// link by `ref`); ``referenceName`` is the join key either way. `qty` is in
/// the joined row's unit (g, ml, or a count for per-item rows) and is null
/// for "to taste" lines; `disp` is the human quantity shown to the cook.
package struct RecipeIngredient: Codable, Sendable, Equatable {
    package var name: String
    package var qty: Double?
    package var unit: String
    package var disp: String
    package var note: String?
    /// The line as printed on the page it was imported from (entities
    /// decoded, whitespace collapsed); nil for lines written by hand.
    package var raw: String?
    /// The reference row this line is linked to when that is not `name`.
    package var ref: String?
    /// How sure the link `ref` is, 0–1 (see ``IngredientLineMatcher``).
    package var refConfidence: Double?
    /// Imported lines: the heading the line sat under in its recipe ("For the sauce", "BEANS"); nil for none.
    package var section: String?
    /// The food-reference food the line was weighed against (`usda:01001`, ``FoodReference``) when it is
    /// not linked to a household row by `ref`; nil otherwise.
    package var foodID: String?
    /// The name of the food the line's macros come from: the household row's or the USDA food's
    /// ("Butter, without salt"); nil when the line matched nothing.
    package var food: String?
    /// What the line weighs, grams (the macros' basis); nil when unknown or negligible.
    package var grams: Double?
    /// What the whole line contributes, kcal (not per serving); nil when it could not be weighed.
    package var kcal: Double?
    /// The grams rest on a typical size, not the line's own measure (a line with no quantity).
    package var estimate = false
    /// The line counts as negligible for macros: to taste, garnish, optional, for serving or greasing,
    /// a seasoning with no quantity, or a heading.
    package var negligible = false
    /// A member set the line's food or grams (``RecipeLineEdit``): a recompute keeps the line as it is.
    package var fixed = false

    package init(
        name: String, qty: Double?, unit: String, disp: String, note: String? = nil, raw: String? = nil,
        ref: String? = nil, refConfidence: Double? = nil, section: String? = nil
    ) {
        self.name = name
        self.qty = qty
        self.unit = unit
        self.disp = disp
        self.note = note
        self.raw = raw
        self.ref = ref
        self.refConfidence = refConfidence
        self.section = section
    }

    /// The reference row name this line joins: `ref` when linked, else `name`.
    package var referenceName: String { ref ?? name }

    enum CodingKeys: String, CodingKey {
        case name, qty, unit, disp, note, raw, ref, section, food, grams, kcal, estimate, negligible, fixed
        case refConfidence = "ref_confidence"
        case foodID = "food_id"
    }

    package init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        name = try c.decode(String.self, forKey: .name)
        qty = try c.decodeIfPresent(Double.self, forKey: .qty)
        unit = try c.decodeIfPresent(String.self, forKey: .unit) ?? ""
        disp = try c.decodeIfPresent(String.self, forKey: .disp) ?? ""
        note = try c.decodeIfPresent(String.self, forKey: .note)
        raw = try c.decodeIfPresent(String.self, forKey: .raw)
        ref = try c.decodeIfPresent(String.self, forKey: .ref)
        refConfidence = try c.decodeIfPresent(Double.self, forKey: .refConfidence)
        section = try c.decodeIfPresent(String.self, forKey: .section)
        foodID = try c.decodeIfPresent(String.self, forKey: .foodID)
        food = try c.decodeIfPresent(String.self, forKey: .food)
        grams = try c.decodeIfPresent(Double.self, forKey: .grams)
        kcal = try c.decodeIfPresent(Double.self, forKey: .kcal)
        estimate = try c.decodeIfPresent(Bool.self, forKey: .estimate) ?? false
        negligible = try c.decodeIfPresent(Bool.self, forKey: .negligible) ?? false
        fixed = try c.decodeIfPresent(Bool.self, forKey: .fixed) ?? false
    }

    /// `qty` is always present (null when unknown); `note`, `raw`, `ref`,
    /// `ref_confidence`, `section`, `food_id`, `food`, `grams`, `kcal` only when set; `estimate`,
    /// `negligible` and `fixed` only when true.
    package func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(name, forKey: .name)
        if let qty { try c.encode(qty, forKey: .qty) } else { try c.encodeNil(forKey: .qty) }
        try c.encode(unit, forKey: .unit)
        try c.encode(disp, forKey: .disp)
        try c.encodeIfPresent(note, forKey: .note)
        try c.encodeIfPresent(raw, forKey: .raw)
        try c.encodeIfPresent(ref, forKey: .ref)
        try c.encodeIfPresent(refConfidence, forKey: .refConfidence)
        try c.encodeIfPresent(section, forKey: .section)
        try c.encodeIfPresent(foodID, forKey: .foodID)
        try c.encodeIfPresent(food, forKey: .food)
        try c.encodeIfPresent(grams, forKey: .grams)
        try c.encodeIfPresent(kcal, forKey: .kcal)
        if estimate { try c.encode(true, forKey: .estimate) }
        if negligible { try c.encode(true, forKey: .negligible) }
        if fixed { try c.encode(true, forKey: .fixed) }
    }
}
