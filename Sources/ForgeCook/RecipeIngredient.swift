/// One ingredient line of a recipe (API.md §2 `RecipeIngredient`).
///
/// `name` joins the ingredient reference exactly; `qty` is in the reference
/// row's unit (g, ml, or a count for per-item rows) and is null for
/// "to taste" lines; `disp` is the human quantity shown to the cook.
public struct RecipeIngredient: Codable, Sendable, Equatable {
    public var name: String
    public var qty: Double?
    public var unit: String
    public var disp: String
    public var note: String?

    public init(name: String, qty: Double?, unit: String, disp: String, note: String? = nil) {
        self.name = name; self.qty = qty; self.unit = unit; self.disp = disp; self.note = note
    }

    enum CodingKeys: String, CodingKey { case name, qty, unit, disp, note }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        name = try c.decode(String.self, forKey: .name)
        qty = try c.decodeIfPresent(Double.self, forKey: .qty)
        unit = try c.decodeIfPresent(String.self, forKey: .unit) ?? ""
        disp = try c.decodeIfPresent(String.self, forKey: .disp) ?? ""
        note = try c.decodeIfPresent(String.self, forKey: .note)
    }

    /// `qty` is always present (null when unknown); `note` only when set.
    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(name, forKey: .name)
        if let qty { try c.encode(qty, forKey: .qty) } else { try c.encodeNil(forKey: .qty) }
        try c.encode(unit, forKey: .unit)
        try c.encode(disp, forKey: .disp)
        try c.encodeIfPresent(note, forKey: .note)
    }
}
