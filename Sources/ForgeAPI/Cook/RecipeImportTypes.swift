import ForgeCook
import ForgeCore
import ForgeHTTP
import Foundation

/// Body of `POST /api/food/recipes/import`: `{ url, html? }`. Without
/// `html` the server fetches `url`; with it, `url` is the page's address
/// (identity and `source_url`).
struct RecipeImportRequest: RequestInput {
    static var example: JSONValue? { ["url": "https://example.org/recipes/miso-salmon"] }
    /// An http(s) URL (400 `url must be an http(s) URL` otherwise), ≤ 2048 characters.
    let url: String
    /// The page's HTML, at most `RecipeImporter.maxPageBytes` characters.
    var html: String?

    /// Longest URL accepted, characters.
    static let maxURL = 2048

    func validate() throws {
        try Check.length(url, max: Self.maxURL, "url")
        if let html, html.utf8.count > RecipeImporter.maxPageBytes {
            throw ValidationFailure.error(
                loc: ["body", "html"], type: "string_too_long",
                msg: "String should have at most \(RecipeImporter.maxPageBytes) bytes", input: nil)
        }
    }
}

/// The answer of `POST /api/food/recipes/import`: the recipe card (docs/contract.md
/// §3.15 `RecipeCard`: `Macros` per serving, then the card keys) with the
/// library fields and what the import did.
struct ImportedRecipe: Codable, Sendable {
    /// kcal per serving.
    let kcal: Double
    /// Grams per serving (sodium: mg).
    let proteinG, carbsG, sugarG, fiberG, fatG, satfatG, sodiumMg: Double
    let slug: String
    let name: String
    /// `dinner|breakfast|lunch|snack`.
    let kind: String
    let minutes: Int
    let difficulty: String
    let serves: Int
    let batch: Int
    let platefig: String
    let why: String
    /// The hero image, or null.
    @Nullable var image: String?
    /// 0–5, 0 = unrated.
    let rating: Double
    let tags: [String]
    let source: String
    let sourceURL: String
    let images: [String]
    /// The yield as the page wrote it ("12 cookies", "Serves 4-6") beside the whole-number `serves`; `""` when none.
    let yield: String
    /// `"recipe"`: the macros are the page's own nutrition; `"computed"`: from the ingredient reference; `""`: none.
    let macrosSource: String
    /// False when parked (§4.21).
    let complete: Bool
    /// An existing import with the same `source_url` (or slug) was replaced.
    let updated: Bool
    /// The §4.21 reasons, in rule order (empty when complete).
    let parkedBecause: [String]
    /// Reference rows created from lines that carried per-100 g values.
    let ingredientsAdded: [String]
    /// Image problems, then one line per parking reason.
    let warnings: [String]

    init(_ result: RecipeImporter.Result) {
        let r = result.outcome.recipe
        let m = r.macros
        kcal = m.kcal
        proteinG = m.proteinG
        carbsG = m.carbsG
        sugarG = m.sugarG
        fiberG = m.fiberG
        fatG = m.fatG
        satfatG = m.satfatG
        sodiumMg = m.sodiumMg
        slug = r.slug
        name = r.name
        kind = r.kind.rawValue
        minutes = r.minutes
        difficulty = r.difficulty
        serves = r.serves
        batch = r.batch
        platefig = r.platefig
        why = r.why
        image = r.images.first
        rating = r.rating
        tags = r.tags
        source = r.source
        sourceURL = r.sourceURL
        images = r.images
        yield = r.yield
        macrosSource = r.macrosSource
        complete = r.complete
        updated = result.outcome.updated
        parkedBecause = result.outcome.parkedBecause
        ingredientsAdded = result.outcome.ingredientsAdded
        warnings = result.warnings
    }
}
