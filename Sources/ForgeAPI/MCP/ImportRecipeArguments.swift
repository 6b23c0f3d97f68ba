import ForgeCook
import ForgeCore
import ForgeHTTP
import Foundation

/// `import_recipe` arguments (docs/contract.md §4.24), decoded through ``WireDecoder``:
/// `{ name, source_url, kcal, protein_g, ingredients, steps, slug?, kind? =
/// dinner, minutes?, difficulty? = easy, serves? = 2, batch? = 0, the other
/// six macros?, why?, tags?, images?, rating?, rating_count?, source? }`.
/// Macros are per serving (kcal; g; sodium mg). `kcal` and `protein_g` are
/// required by the schema; a missing one reads as 0 (so `kcal` missing
/// parks the recipe).
///
/// Limits (``validate()``) are generous enough never to cut a real page:
/// name, slug, ingredient texts and step titles ≤ 1,000 characters, step
/// detail ≤ 10,000, `why` ≤ 4,000, ≤ 300 ingredients and ≤ 200 steps,
/// macros 0–10,000, minutes 0–10,080.
struct ImportRecipeArguments: RequestInput {
    struct Line: Codable, Sendable {
        var name: String
        var qty: Double?
        var unit: String?
        var disp: String?
        var note: String?
        var aisle: String?
        var pantry: Bool?
        var kcal100, protein100, carbs100, sugar100, fiber100, fat100, satfat100, sodium100: Double?

        enum CodingKeys: String, CodingKey {
            case name, qty, unit, disp, note, aisle, pantry
            case kcal100 = "kcal_100"
            case protein100 = "protein_100"
            case carbs100 = "carbs_100"
            case sugar100 = "sugar_100"
            case fiber100 = "fiber_100"
            case fat100 = "fat_100"
            case satfat100 = "satfat_100"
            case sodium100 = "sodium_100"
        }

        var values: [Double?] { [kcal100, protein100, carbs100, sugar100, fiber100, fat100, satfat100, sodium100] }
    }

    struct Step: Codable, Sendable {
        var title: String
        /// Ends with the done-when cue.
        var detail: String
        var minutes: Int?
        var timer: Bool?
        var parallel: Bool?
        var image: String?
    }

    var name: String
    var sourceURL: String
    var kcal: Double?
    var proteinG: Double?
    var ingredients: [Line]
    var steps: [Step]
    var slug: String?
    var kind: String?
    var minutes: Int?
    var difficulty: String?
    var serves: Int?
    var batch: Int?
    var carbsG, sugarG, fiberG, fatG, satfatG, sodiumMg: Double?
    var why: String?
    var tags: [String]?
    var images: [String]?
    var rating: Double?
    var ratingCount: Int?
    var source: String?

    /// Longest ingredient list and step list accepted.
    static let maxLines = 300, maxSteps = 200
    /// Most tags and images accepted.
    static let maxTags = 100, maxImages = 50
    /// A line's quantity, in its unit.
    static let qty = 0.0...1_000_000.0
    static let serves = 0...1000
    static let ratingCount = 0...1_000_000_000

    static var example: JSONValue? {
        [
            "name": "Lemon Prawn Orzo", "source_url": "https://cook.example.org/orzo", "kcal": 510, "protein_g": 34,
            "ingredients": [
                ["name": "orzo", "qty": 200, "unit": "g", "disp": "200 g", "kcal_100": 350, "protein_100": 12]
            ],
            "steps": [
                ["title": "Boil", "detail": "Simmer the orzo. Done when it is tender — about 9 minutes.", "minutes": 9]
            ],
            "kind": "dinner", "difficulty": "easy", "serves": 2, "tags": ["quick"], "rating": 4.5, "rating_count": 12,
        ]
    }

    /// Schema hints laid over the read schema.
    static var hints: [String: JSONValue] {
        [
            "kind": ["enum": .strings(MCPRecipeTools.kinds), "default": "dinner"],
            "difficulty": ["enum": .strings(["easy", "medium", "hard"]), "default": "easy"],
            "serves": ["default": 2], "batch": ["default": 0], "rating": ["minimum": 0, "maximum": 5],
            "images": ["description": "http(s) URLs or data:image/...;base64 URLs; first = hero"],
        ]
    }

    /// The limits above; 422-style messages naming the argument.
    static let rules: [InputRule<Self>] =
        [
            .length("name", max: Bounds.line) { $0.name },
            .length("source_url", max: RecipeImportRequest.maxURL) { $0.sourceURL },
            .length("slug", max: Bounds.line) { $0.slug },
            .length("kind", max: Bounds.label) { $0.kind },
            .oneOf("difficulty", allowed: ["easy", "medium", "hard"]) { $0.difficulty },
            .range("minutes", within: Bounds.recipeMinutes) { $0.minutes },
            .range("serves", within: serves) { $0.serves },
            .range("batch", within: serves) { $0.batch },
        ]
        + InputRule<Self>.macros {
            [$0.kcal, $0.proteinG, $0.carbsG, $0.sugarG, $0.fiberG, $0.fatG, $0.satfatG, $0.sodiumMg]
        }
        + [
            .length("why", max: Bounds.note) { $0.why },
            .count("tags", max: maxTags) { $0.tags },
            .custom {
                for (i, tag) in ($0.tags ?? []).enumerated() {
                    try Check.length(tag, max: Bounds.label, "tags", .int(i))
                }
            },
            .count("images", max: maxImages) { $0.images },
            .custom {
                for (i, image) in ($0.images ?? []).enumerated() where !MealLogBody.isDataURL(image) {
                    try Check.length(image, max: FoodBounds.photoReference, "images", .int(i))
                }
            },
            .range("rating_count", within: ratingCount) { $0.ratingCount },
            .length("source", max: FoodBounds.source) { $0.source },
            .count("ingredients", max: maxLines) { $0.ingredients },
            .custom {
                for (i, line) in $0.ingredients.enumerated() {
                    for (key, text) in [
                        ("name", line.name), ("unit", line.unit), ("disp", line.disp), ("note", line.note),
                        ("aisle", line.aisle),
                    ] {
                        try Check.length(text, max: Bounds.line, "ingredients", .int(i), .string(key))
                    }
                    try Check.range(line.qty, qty, "ingredients", .int(i), "qty")
                    try IngredientBounds.check(line.values, at: ["ingredients", .int(i)])
                }
            },
            .count("steps", max: maxSteps) { $0.steps },
            .custom {
                for (i, step) in $0.steps.enumerated() {
                    try Check.length(step.title, max: Bounds.line, "steps", .int(i), "title")
                    try Check.length(step.detail, max: Bounds.paragraph, "steps", .int(i), "detail")
                    try Check.range(step.minutes, Bounds.recipeMinutes, "steps", .int(i), "minutes")
                    if let image = step.image, !MealLogBody.isDataURL(image) {
                        try Check.length(image, max: FoodBounds.photoReference, "steps", .int(i), "image")
                    }
                }
            },
        ]

    /// The domain input.
    /// - Throws: ``RecipeImportError``: `name required`, `source_url required`,
    ///   `source_url must be an http(s) URL`, `empty slug`, `kind must be one
    ///   of …`, `steps required`, `ingredients required`, `step N needs a title
    ///   and a detail`, `ingredient N needs a name`.
    func input() throws -> RecipeImportInput {
        let name = self.name.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !name.isEmpty else { throw RecipeImportError("name required") }
        let sourceURL = self.sourceURL.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !sourceURL.isEmpty else { throw RecipeImportError("source_url required") }
        let lowerURL = sourceURL.lowercased()
        guard lowerURL.hasPrefix("http://") || lowerURL.hasPrefix("https://") else {
            throw RecipeImportError("source_url must be an http(s) URL")
        }
        let slug = ImportSlug.make(self.slug.flatMap { $0.isEmpty ? nil : $0 } ?? name)
        guard !slug.isEmpty else { throw RecipeImportError("empty slug") }
        guard let kind = MealSlot(rawValue: kind ?? "dinner") else {
            throw RecipeImportError("kind must be one of \(MCPRecipeTools.kinds.joined(separator: ", "))")
        }
        guard !steps.isEmpty else { throw RecipeImportError("steps required") }
        guard !ingredients.isEmpty else { throw RecipeImportError("ingredients required") }
        let steps: [RecipeStep] = try self.steps.enumerated().map { index, s in
            guard !s.title.isEmpty, !s.detail.isEmpty else {
                throw RecipeImportError("step \(index + 1) needs a title and a detail")
            }
            return RecipeStep(
                title: s.title, detail: s.detail, minutes: s.minutes,
                timer: s.parallel == true ? true : s.timer, parallel: s.parallel,
                image: s.image.flatMap { $0.isEmpty ? nil : $0 })
        }
        let lines: [RecipeImportInput.Line] = try ingredients.enumerated().map { index, l in
            let lineName = IngredientImport.cleanName(l.name)
            guard !lineName.isEmpty else { throw RecipeImportError("ingredient \(index + 1) needs a name") }
            let line = RecipeIngredient(
                name: lineName, qty: l.qty, unit: l.unit ?? "", disp: l.disp ?? "",
                note: l.note.flatMap { $0.isEmpty ? nil : $0 })
            return RecipeImportInput.Line(line: line, values: l.values, aisle: l.aisle, pantry: l.pantry)
        }
        let macros = Macros(values: [kcal, proteinG, carbsG, sugarG, fiberG, fatG, satfatG, sodiumMg].map { $0 ?? 0 })
        var tags: [String] = []
        for tag in self.tags ?? [] where !tag.isEmpty && !tags.contains(tag) { tags.append(tag) }
        return RecipeImportInput(
            name: name, slug: slug, kind: kind, minutes: minutes ?? 0, difficulty: difficulty ?? "easy",
            serves: serves ?? 2, batch: batch ?? 0, macros: macros, why: why ?? "", lines: lines, steps: steps,
            tags: tags, images: images ?? [], rating: rating ?? 0, ratingCount: ratingCount ?? 0,
            source: source ?? "import", sourceURL: sourceURL)
    }
}
