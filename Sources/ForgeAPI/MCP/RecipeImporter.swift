import ForgeCook
import ForgeCore
import ForgeHTTP
import ForgeStore
import Foundation

/// The one import path behind `POST /api/food/recipes/import` and MCP
/// `import_recipe`: image materialisation outside the transaction, then
/// ``RecipeImportStore/upsertImported(_:now:in:)`` in one write.
struct RecipeImporter {
    let app: ForgeApp

    /// 5 MiB: the largest recipe page fetched.
    static let maxPageBytes = 5 * 1024 * 1024

    var fetcher: OutboundFetcher {
        OutboundFetcher(policy: OutboundFetchPolicy(allowPrivate: app.config.allowPrivateFetch))
    }
    var images: ImageMaterialiser { ImageMaterialiser(fetcher: fetcher, sink: app.imageSink.current) }

    /// What an import produced, plus warnings.
    struct Result {
        let outcome: RecipeImportOutcome
        /// Doubts about the page (``PageRecipe/warnings``), image problems
        /// (docs/contract.md §4.23), then one line per reason the recipe was parked
        /// (§4.21), see ``parkingWarnings(_:unknown:)``.
        let warnings: [String]
        let imagesStored: Int
    }

    /// Stores structured fields whose `images` are still raw references.
    /// A parked import says why in `warnings`, one line per reason.
    func importStructured(_ input: RecipeImportInput) throws -> Result {
        var input = input
        let materialised = images.materialise(input.images)
        input.images = materialised.references
        input.imagesStored = materialised.stored
        let now = app.clock.now()
        let frozen = input
        let (outcome, unknown) = try app.db.write { db -> (RecipeImportOutcome, [String]) in
            let outcome = try RecipeImportStore.upsertImported(frozen, now: now, in: db)
            let reference = try IngredientStore.reference(in: db)
            var unknown: [String] = []
            for line in outcome.recipe.ingredients
            where reference[line.referenceName] == nil && !unknown.contains(line.name) {
                unknown.append(line.name)
            }
            return (outcome, unknown)
        }
        return Result(
            outcome: outcome, warnings: materialised.warnings + Self.parkingWarnings(outcome, unknown: unknown),
            imagesStored: materialised.stored)
    }

    /// One warning per reason a recipe was parked (docs/contract.md §4.21), in rule
    /// order: each ingredient unknown to the reference that carried no
    /// per-100 g values, `hard` difficulty, missing kcal, and (page imports)
    /// steps not in done-when voice, each with the arguments that fix it
    /// (``ParkingAdvice``). Empty for a complete recipe.
    static func parkingWarnings(_ outcome: RecipeImportOutcome, unknown: [String]) -> [String] {
        ParkingAdvice.warnings(
            complete: outcome.recipe.complete, parkedBecause: outcome.parkedBecause, unknown: unknown)
    }

    /// Fetches (unless `html` is given), parses and stores a recipe page.
    /// - Throws: `HTTPError` 400 (bad or refused URL), 502 (fetch failed),
    ///   422 (no recipe on the page, or one without a name); ``RecipeImportError``.
    func importPage(url: String, html: String?) throws -> Result {
        guard let parsed = URL(string: url), let scheme = parsed.scheme?.lowercased(),
            scheme == "http" || scheme == "https", parsed.host?.isEmpty == false
        else {
            throw HTTPError(400, "url must be an http(s) URL")
        }
        var page = html ?? ""
        if html == nil {
            let fetched: FetchedResource
            do {
                // The fetcher checks the URL against the policy first (one DNS lookup).
                fetched = try fetcher.get(url, maxBytes: Self.maxPageBytes, accept: "text/html,application/xhtml+xml")
            } catch let failure as FetchFailure where failure.refusedTarget {
                throw HTTPError(400, failure.description)
            } catch let failure as FetchFailure {
                throw HTTPError(502, "could not fetch the page: \(failure)")
            }
            guard (200...299).contains(fetched.status) else {
                throw HTTPError(502, "could not fetch the page: HTTP \(fetched.status)")
            }
            page = String(decoding: fetched.body, as: UTF8.self)
        }
        let recipe: PageRecipe
        do { recipe = try JSONLDRecipeParser.parse(html: page, pageURL: url) } catch {
            throw HTTPError(422, "\(error)")
        }
        let reference = try app.db.read { try IngredientStore.reference(in: $0) }
        let input: RecipeImportInput
        do {
            input = try PageRecipeImport.input(
                from: recipe, url: url, reference: reference,
                images: recipe.image.map { [$0] } ?? [], imagesStored: 0)
        } catch let error as RecipeImportError {
            throw HTTPError(422, error.message)
        }
        let result = try importStructured(input)
        return Result(
            outcome: result.outcome, warnings: recipe.warnings + result.warnings,
            imagesStored: result.imagesStored)
    }
}
