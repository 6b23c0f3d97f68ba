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
    /// The page's HTML as served, at most `RecipeImporter.maxPageBytes` bytes; CRLF line ends and other
    /// control characters are taken (``DocumentText``).
    var html: DocumentText?

    /// Longest URL accepted, characters.
    static let maxURL = 2048

    static let rules: [InputRule<Self>] = [
        .length("url", max: maxURL) { $0.url },
        .custom("html") {
            guard let html = $0.html, html.text.utf8.count > RecipeImporter.maxPageBytes else { return }
            throw ValidationFailure.error(
                loc: ["body", "html"], type: "string_too_long",
                msg: "String should have at most \(RecipeImporter.maxPageBytes) bytes", input: nil)
        },
    ]
}

/// The answer of `POST /api/food/recipes/import`: the recipe card (docs/contract.md
/// §3.15 `RecipeCard`: `Macros` per serving, then the card keys; the one
/// ``FoodWire/RecipeCard``) with the library fields and what the import did,
/// encoded flat.
struct ImportedRecipe: Codable, Sendable {
    let card: FoodWire.RecipeCard
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
        card = FoodWire.RecipeCard(r)
        tags = r.tags
        source = r.source
        sourceURL = r.sourceURL
        images = r.images
        yield = r.yield
        macrosSource = r.macrosSource
        complete = r.complete
        updated = result.outcome.updated
        parkedBecause = result.outcome.parkedBecause.map(\.description)
        ingredientsAdded = result.outcome.ingredientsAdded
        warnings = result.warnings
    }

    enum CodingKeys: String, CodingKey {
        case tags, source, sourceURL, images, yield, macrosSource, complete, updated, parkedBecause, ingredientsAdded,
            warnings
    }

    init(from decoder: Decoder) throws {
        card = try FoodWire.RecipeCard(from: decoder)
        let c = try decoder.container(keyedBy: CodingKeys.self)
        tags = try c.decode([String].self, forKey: .tags)
        source = try c.decode(String.self, forKey: .source)
        sourceURL = try c.decode(String.self, forKey: .sourceURL)
        images = try c.decode([String].self, forKey: .images)
        yield = try c.decode(String.self, forKey: .yield)
        macrosSource = try c.decode(String.self, forKey: .macrosSource)
        complete = try c.decode(Bool.self, forKey: .complete)
        updated = try c.decode(Bool.self, forKey: .updated)
        parkedBecause = try c.decode([String].self, forKey: .parkedBecause)
        ingredientsAdded = try c.decode([String].self, forKey: .ingredientsAdded)
        warnings = try c.decode([String].self, forKey: .warnings)
    }

    func encode(to encoder: Encoder) throws {
        try card.encode(to: encoder)
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(tags, forKey: .tags)
        try c.encode(source, forKey: .source)
        try c.encode(sourceURL, forKey: .sourceURL)
        try c.encode(images, forKey: .images)
        try c.encode(yield, forKey: .yield)
        try c.encode(macrosSource, forKey: .macrosSource)
        try c.encode(complete, forKey: .complete)
        try c.encode(updated, forKey: .updated)
        try c.encode(parkedBecause, forKey: .parkedBecause)
        try c.encode(ingredientsAdded, forKey: .ingredientsAdded)
        try c.encode(warnings, forKey: .warnings)
    }
}
