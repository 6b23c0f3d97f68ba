/// The compact recipe shape used in food weeks and lists (docs/contract.md §2
/// `RecipeCard`): the eight per-serving macros plus slug, name, kind,
/// minutes, difficulty, serves, batch, platefig, why, image (first image
/// or null) and rating.
package struct RecipeCard: Encodable, Sendable, Equatable {
    package var slug: String
    package var name: String
    package var kind: MealSlot
    package var minutes: Int
    package var difficulty: String
    package var serves: Int
    package var batch: Int
    package var platefig: String
    package var why: String
    package var image: String?
    package var rating: Double
    package var macros: Macros

    /// The card of `recipe`.
    package init(_ recipe: Recipe) {
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
        try c.encode(platefig, forKey: .platefig)
        try c.encode(why, forKey: .why)
        if let image { try c.encode(image, forKey: .image) } else { try c.encodeNil(forKey: .image) }
        try c.encode(rating, forKey: .rating)
    }
}
