import ForgeCook
import ForgeCore
import ForgeHTTP
import ForgeStore
import Foundation

/// `GET /api/food/recipes` and `GET /api/food/recipes/{slug}` (API.md §3.15).
enum RecipeRoutes {
    static func register(_ app: ForgeApp, on router: inout APIRouter) {
        router.get("/api/food/recipes", summary: "The recipe library by name; q matches name or tag, kind is exact",
                   tags: ["auth": "session"], app.signedIn { request, _ in
            let q = (request.query["q"] ?? "").lowercased()
            let kind = request.query["kind"] ?? ""
            let recipes = try app.db.read { try RecipeStore.all(in: $0) }.filter { r in
                (kind.isEmpty || r.kind.rawValue == kind)
                    && (q.isEmpty || r.name.lowercased().contains(q) || r.tags.contains { $0.lowercased().contains(q) })
            }
            let cards: [JSONValue] = try recipes.map { r in
                try merge(RecipeCard(r), ["tags": .strings(r.tags), "source": .string(r.source),
                                          "complete": .bool(r.complete)])
            }
            return .json(["count": .int(cards.count), "recipes": .array(cards)] as JSONValue)
        })
        router.get("/api/food/recipes/:slug", summary: "One recipe with steps, joined ingredients and per-serving macros",
                   tags: ["auth": "session"], app.signedIn { request, _ in
            let slug = request.parameter("slug") ?? ""
            let (recipe, reference) = try app.db.read { db in
                (try RecipeStore.find(slug, in: db), try IngredientStore.reference(in: db))
            }
            guard let recipe else { throw HTTPError(404, "unknown recipe") }
            let ingredients: [JSONValue] = try recipe.ingredients.map { line in
                try merge(line, ["aisle": .string(reference.aisle(of: line.name)),
                                 "pantry": .bool(reference.isPantry(line.name))])
            }
            return .json(try merge(RecipeCard(recipe), [
                "steps": .array(try recipe.steps.map(step)), "ingredients": .array(ingredients),
                "tags": .strings(recipe.tags), "source": .string(recipe.source),
                "source_url": .string(recipe.sourceURL), "images": .strings(recipe.images),
                "rating": .double(recipe.rating), "rating_count": .int(recipe.ratingCount),
            ]))
        })
    }

    /// A method step in the contract's shape plus `cue`: the done-when clause
    /// `CueExtractor` finds in `detail`; the key is absent when there is none.
    static func step(_ step: RecipeStep) throws -> JSONValue {
        guard let cue = CueExtractor.cue(in: step.detail) else { return try .encoded(step) }
        return try merge(step, ["cue": .string(cue)])
    }

    /// `value` encoded as a JSON object with `extra` keys added.
    static func merge<T: Encodable>(_ value: T, _ extra: [String: JSONValue]) throws -> JSONValue {
        guard case .object(var object) = try JSONValue.encoded(value) else { return .object(extra) }
        object.merge(extra) { _, new in new }
        return .object(object)
    }
}
