import ForgeCook
import ForgeCore
import ForgeHTTP
import Foundation

/// `POST /api/food/recipes/import`: a recipe page by URL (`{url}`, fetched
/// by the server) or as given (`{html, url}`), parsed from its schema.org
/// JSON-LD and stored through the MCP `import_recipe` path.
///
/// Answer: the recipe card with `tags`, `source`, `source_url`, `images`,
/// `complete`, plus `updated` (an existing import was replaced),
/// `parked_because` (the §4.21 reasons, and "steps not in done-when voice"
/// for page prose), `ingredients_added`, `warnings` (image problems; the
/// remote hero URL is kept when it cannot be stored).
/// Errors: 403 demo; 422 missing `url` or no recipe on the page; 400 bad or
/// refused URL, seed recipe target; 502 the page could not be fetched.
enum RecipeImportRoutes {
    static func register(_ app: ForgeApp, on router: inout APIRouter) {
        router.post("/api/food/recipes/import",
                    summary: "Import a recipe page (schema.org JSON-LD) by URL or as HTML; parked until it meets the rules",
                    tags: ["auth": "session", "upload": "yes"], app.signedIn { request, caller in
            guard !caller.user.isDemo else { throw HTTPError(403, "the demo cannot import recipes") }
            let body = JSONBody(object: try request.jsonObject())
            let url = try body.string("url").trimmingCharacters(in: .whitespacesAndNewlines)
            let html = try body.optionalString("html")
            let result: RecipeImporter.Result
            do {
                result = try RecipeImporter(app: app).importPage(url: url, html: html)
            } catch let error as RecipeImportError {
                throw HTTPError(400, error.message)
            }
            let r = result.outcome.recipe
            return .json(try RecipeRoutes.merge(RecipeCard(r), [
                "tags": .strings(r.tags), "source": .string(r.source), "source_url": .string(r.sourceURL),
                "images": .strings(r.images), "complete": .bool(r.complete), "updated": .bool(result.outcome.updated),
                "parked_because": .strings(result.outcome.parkedBecause),
                "ingredients_added": .strings(result.outcome.ingredientsAdded), "warnings": .strings(result.warnings),
            ]))
        })
    }
}
