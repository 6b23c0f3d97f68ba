/// A library recipe (docs/contract.md §4.21) with its per-serving macros.
///
/// Codable in the contract's flat shape: the eight macro keys sit beside
/// `slug`, `name`, … (`source_url`, `rating_count` in snake case). Missing
/// keys decode to the contract defaults (serves 2, batch 0, platefig
/// `"plate"`, source `"import"`, complete true, macros 0).
package struct Recipe: Codable, Sendable, Equatable {
    /// ≤ 60 chars, kebab-case, unique.
    package var slug: String
    /// ≤ 120 chars.
    package var name: String
    package var kind: MealSlot
    /// Total time, minutes.
    package var minutes: Int
    /// `easy | medium` (`hard` parks an import).
    package var difficulty: String
    /// Portions the ingredient list makes, ≥ 1; macros are per one of them.
    package var serves: Int
    /// What the yield counts as the recipe's page wrote it ("12 cookies",
    /// "Serves 4-6"), beside the whole-number `serves`; `""` when none.
    package var yield: String
    /// Of `serves`, how many are extra portions boxed for a zero-cook meal.
    package var batch: Int
    package var why: String
    package var steps: [RecipeStep]
    package var ingredients: [RecipeIngredient]
    package var tags: [String]
    /// Plate-art composition key, default `"plate"`.
    package var platefig: String
    /// `"seed"` for curated, else an import label (≤ 24), default `"import"`.
    package var source: String
    package var sourceURL: String
    /// First = hero; media paths or remote URLs.
    package var images: [String]
    /// 0–5, 0 = unrated.
    package var rating: Double
    package var ratingCount: Int
    /// False = parked (never offered in proposals).
    package var complete: Bool
    /// Per-serving macros.
    package var macros: Macros
    /// Where ``macros`` come from: `"recipe"`, the recipe's own nutrition as
    /// its source gave it (a library app's, a page's); `"computed"`, summed
    /// from the ingredient reference; `""` not recorded (curated seed, MCP
    /// import, recipes stored before migration 0315).
    package var macrosSource: String
    /// The cook's own notes carried from another app's library; `""` for none.
    package var notes: String
    /// A reason the import gave to park the recipe whatever its lines say ("read from marked lists, not
    /// schema.org"); `""` for none. Stored (migration 0806), not on the wire: `parked_because` says it.
    package var parkReason = ""

    package init(
        slug: String, name: String, kind: MealSlot, minutes: Int, difficulty: String = "easy",
        serves: Int = 2, batch: Int = 0, why: String = "", steps: [RecipeStep] = [],
        ingredients: [RecipeIngredient] = [], tags: [String] = [], platefig: String = "plate",
        source: String = "import", sourceURL: String = "", images: [String] = [],
        rating: Double = 0, ratingCount: Int = 0, complete: Bool = true, macros: Macros = .zero,
        yield: String = "", notes: String = "", macrosSource: String = ""
    ) {
        self.slug = slug
        self.name = name
        self.kind = kind
        self.minutes = minutes
        self.difficulty = difficulty
        self.serves = serves
        self.batch = batch
        self.why = why
        self.steps = steps
        self.ingredients = ingredients
        self.tags = tags
        self.platefig = platefig
        self.source = source
        self.sourceURL = sourceURL
        self.images = images
        self.rating = rating
        self.ratingCount = ratingCount
        self.complete = complete
        self.macros = macros
        self.yield = yield
        self.notes = notes
        self.macrosSource = macrosSource
    }

    enum CodingKeys: String, CodingKey {
        case slug, name, kind, minutes, difficulty, serves, batch, why, steps, ingredients, tags
        case platefig, source
        case sourceURL = "source_url"
        case images, rating
        case ratingCount = "rating_count"
        case complete
        case yield
        case notes
        case macrosSource = "macros_source"
    }

    package init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        slug = try c.decode(String.self, forKey: .slug)
        name = try c.decode(String.self, forKey: .name)
        kind = try c.decode(MealSlot.self, forKey: .kind)
        minutes = try c.decodeIfPresent(Int.self, forKey: .minutes) ?? 0
        difficulty = try c.decodeIfPresent(String.self, forKey: .difficulty) ?? "easy"
        serves = try c.decodeIfPresent(Int.self, forKey: .serves) ?? 2
        yield = try c.decodeIfPresent(String.self, forKey: .yield) ?? ""
        batch = try c.decodeIfPresent(Int.self, forKey: .batch) ?? 0
        why = try c.decodeIfPresent(String.self, forKey: .why) ?? ""
        steps = try c.decodeIfPresent([RecipeStep].self, forKey: .steps) ?? []
        ingredients = try c.decodeIfPresent([RecipeIngredient].self, forKey: .ingredients) ?? []
        tags = try c.decodeIfPresent([String].self, forKey: .tags) ?? []
        platefig = try c.decodeIfPresent(String.self, forKey: .platefig) ?? "plate"
        source = try c.decodeIfPresent(String.self, forKey: .source) ?? "import"
        sourceURL = try c.decodeIfPresent(String.self, forKey: .sourceURL) ?? ""
        images = try c.decodeIfPresent([String].self, forKey: .images) ?? []
        rating = try c.decodeIfPresent(Double.self, forKey: .rating) ?? 0
        ratingCount = try c.decodeIfPresent(Int.self, forKey: .ratingCount) ?? 0
        complete = try c.decodeIfPresent(Bool.self, forKey: .complete) ?? true
        macros = try Macros(from: decoder)
        notes = try c.decodeIfPresent(String.self, forKey: .notes) ?? ""
        macrosSource = try c.decodeIfPresent(String.self, forKey: .macrosSource) ?? ""
    }

    package func encode(to encoder: Encoder) throws {
        try macros.encodeFlat(to: encoder)
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(slug, forKey: .slug)
        try c.encode(name, forKey: .name)
        try c.encode(kind, forKey: .kind)
        try c.encode(minutes, forKey: .minutes)
        try c.encode(difficulty, forKey: .difficulty)
        try c.encode(serves, forKey: .serves)
        try c.encode(batch, forKey: .batch)
        try c.encode(why, forKey: .why)
        try c.encode(steps, forKey: .steps)
        try c.encode(ingredients, forKey: .ingredients)
        try c.encode(tags, forKey: .tags)
        try c.encode(platefig, forKey: .platefig)
        try c.encode(source, forKey: .source)
        try c.encode(sourceURL, forKey: .sourceURL)
        try c.encode(images, forKey: .images)
        try c.encode(rating, forKey: .rating)
        try c.encode(ratingCount, forKey: .ratingCount)
        try c.encode(complete, forKey: .complete)
        if !yield.isEmpty { try c.encode(yield, forKey: .yield) }
        if !notes.isEmpty { try c.encode(notes, forKey: .notes) }
        if !macrosSource.isEmpty { try c.encode(macrosSource, forKey: .macrosSource) }
    }
}
