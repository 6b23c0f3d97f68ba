/// The compact recipe shape used in food weeks and lists (docs/contract.md §2
/// `RecipeCard`): the eight per-serving macros plus slug, name, kind,
/// minutes, difficulty, serves, batch, platefig, why, image (first image
/// or null) and rating.
public struct RecipeCard: Encodable, Sendable, Equatable {
    public var slug: String
    public var name: String
    public var kind: MealSlot
    public var minutes: Int
    public var difficulty: String
    public var serves: Int
    public var batch: Int
    public var platefig: String
    public var why: String
    public var image: String?
    public var rating: Double
    public var macros: Macros

    /// The card of `recipe`.
    public init(_ recipe: Recipe) {
        slug = recipe.slug
        name = recipe.name
        kind = recipe.kind
        minutes = recipe.minutes
        difficulty = recipe.difficulty
        serves = recipe.serves
        batch = recipe.batch
        platefig = recipe.platefig
        why = recipe.why
        image = recipe.images.first
        rating = recipe.rating
        macros = recipe.macros
    }

    enum CodingKeys: String, CodingKey {
        case slug, name, kind, minutes, difficulty, serves, batch, platefig, why, image, rating
    }

    /// Flat: macros beside the card keys; `image` is always present (null when none).
    public func encode(to encoder: Encoder) throws {
        try macros.encodeFlat(to: encoder)
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(slug, forKey: .slug)
        try c.encode(name, forKey: .name)
        try c.encode(kind, forKey: .kind)
        try c.encode(minutes, forKey: .minutes)
        try c.encode(difficulty, forKey: .difficulty)
        try c.encode(serves, forKey: .serves)
        try c.encode(batch, forKey: .batch)
        try c.encode(platefig, forKey: .platefig)
        try c.encode(why, forKey: .why)
        if let image { try c.encode(image, forKey: .image) } else { try c.encodeNil(forKey: .image) }
        try c.encode(rating, forKey: .rating)
    }
}
