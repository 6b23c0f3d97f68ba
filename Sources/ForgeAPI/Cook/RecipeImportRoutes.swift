import ForgeCook
import ForgeCore
import ForgeHTTP
import Foundation

/// `POST /api/food/recipes/import`: a recipe page by URL (`{url}`, fetched
/// by the server) or as given (`{html, url}`), parsed from its schema.org
/// JSON-LD (else microdata/RDFa, else marked lists, parked) and stored
/// through the MCP `import_recipe` path. The body is checked on the worker
/// thread; the fetch, parse and store run as a job while the connection is
/// suspended (``DeferredResponse``), so a slow site holds no worker.
///
/// Answer: the recipe card with `tags`, `source`, `source_url`, `images`,
/// `complete`, plus `updated` (an existing import was replaced),
/// `parked_because` (the §4.21 reasons, and "steps not in done-when voice"
/// for page prose), `ingredients_added`, `warnings` (image problems — the
/// remote hero URL is kept when it cannot be stored — then one line per
/// parking reason: each unknown ingredient without per-100 g values, `hard`
/// difficulty, missing kcal, steps not in done-when voice), see
/// ``ImportedRecipe``.
/// Errors: 403 demo; 422 missing or over-long `url`, over-long `html`, no recipe on the page, or more than
/// `PageRecipeImport.maxIngredients` ingredient lines or `maxSteps` steps; 400 bad or
/// refused URL, seed recipe target; 502 the page could not be fetched.
enum RecipeImportRoutes {
    static func register(_ app: ForgeApp, on router: inout APIRouter) {
        router.raw(
            .POST, "/api/food/recipes/import",
            "Import a recipe page (schema.org JSON-LD, microdata, RDFa) by URL or as HTML; parked until it meets the rules; "
                + "at most \(PageRecipeImport.maxIngredients) ingredient lines and \(PageRecipeImport.maxSteps) steps (422 beyond)",
            access: .member, body: RecipeImportRequest.self, answers: ImportedRecipe.self,
            errors: [400, 403, 422, 502], upload: true
        ) { request, principal in
            guard !principal.caller.user.isDemo else { throw HTTPError(403, "the demo cannot import recipes") }
            let input = try request.decode(RecipeImportRequest.self)
            let url = input.url.trimmingCharacters(in: .whitespacesAndNewlines)
            // Fetching the page and its images runs as a job; the connection waits suspended.
            return StorageErrors.job {
                .wire(ImportedRecipe(try app.recipeImporter.importPage(url: url, html: input.html?.text)))
            }
        }
    }
}
