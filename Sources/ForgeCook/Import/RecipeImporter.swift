import ForgeCore
import ForgeStore
import Foundation

/// Why a recipe page could not be imported; nothing was stored.
package enum RecipePageImportError: Error, Sendable, Equatable {
    /// The URL is not an absolute http(s) URL with a host.
    case notHTTPURL
    /// The fetch policy refused the target (a private address, …); carries why.
    case refusedTarget(String)
    /// The page could not be fetched (network, size, TLS); carries why.
    case fetchFailed(String)
    /// The page answered a status outside 2xx.
    case fetchStatus(Int)
    /// No recipe could be read from the page; carries the parser's reason.
    case noRecipe(String)
    /// The recipe on the page breaks a rule of §4.24 (no name, …).
    case invalid(RecipeImportError)
}

/// The one import path behind `POST /api/food/recipes/import` and MCP
/// `import_recipe`: image materialisation outside the transaction, then
/// ``RecipeImportStore/upsertImported(_:now:in:)`` in one write.
package struct RecipeImporter {
    /// The database written, and the clock the import's times come from.
    package let db: Database
    package let clock: any Clock
    /// Whether fetches may reach private addresses (an admin setting).
    package let allowPrivateFetch: Bool
    /// Where images are stored; nil keeps remote image URLs, with a warning.
    package let sink: (any ImageSink)?

    /// An importer; see the properties.
    package init(db: Database, clock: any Clock, allowPrivateFetch: Bool, sink: (any ImageSink)?) {
        self.db = db
        self.clock = clock
        self.allowPrivateFetch = allowPrivateFetch
        self.sink = sink
    }

    /// 5 MiB: the largest recipe page fetched.
    package static let maxPageBytes = 5 * 1024 * 1024

    var fetcher: OutboundFetcher {
        OutboundFetcher(policy: OutboundFetchPolicy(allowPrivate: allowPrivateFetch))
    }
    var images: ImageMaterialiser { ImageMaterialiser(fetcher: fetcher, sink: sink) }

    /// What an import produced, plus warnings.
    package struct Result {
        package let outcome: RecipeImportOutcome
        /// Doubts about the page (``PageRecipe/warnings``), image problems
        /// (docs/contract.md §4.23), then one line per reason the recipe was parked
        /// (§4.21), see ``parkingWarnings(_:)``.
        package let warnings: [String]
        package let imagesStored: Int
    }

    /// Stores structured fields whose `images` are still raw references.
    /// A parked import says why in `warnings`, one line per reason.
    /// - Throws: ``RecipeImportError`` (a rule of §4.24 the stored recipe would break); storage errors.
    package func importStructured(_ input: RecipeImportInput) throws -> Result {
        var input = input
        let materialised = images.materialise(input.images)
        input.images = materialised.references
        input.imagesStored = materialised.stored
        let now = clock.now()
        let frozen = input
        let outcome = try db.write { try RecipeImportStore.upsertImported(frozen, now: now, in: $0) }
        return Result(
            outcome: outcome, warnings: materialised.warnings + Self.parkingWarnings(outcome),
            imagesStored: materialised.stored)
    }

    /// One warning per reason a recipe was parked (``RecipeParking``), each with the arguments that fix it
    /// (``ParkingAdvice``). Empty for a complete recipe.
    package static func parkingWarnings(_ outcome: RecipeImportOutcome) -> [String] {
        ParkingAdvice.warnings(complete: outcome.recipe.complete, parkedBecause: outcome.parkedBecause)
    }

    /// Fetches (unless `html` is given), parses and stores a recipe page.
    /// - Throws: ``RecipePageImportError`` (bad or refused URL, fetch failed,
    ///   no recipe on the page, or one without a name); ``RecipeImportError``; storage errors.
    ///   A `url` without a scheme (`example.com/recipe`) is read as https (``PageAddress``).
    package func importPage(url: String, html: String?) throws -> Result {
        let url = PageAddress.withScheme(url)  // "example.com/recipe" is https (issue 28)
        guard let parsed = URL(string: url), let scheme = parsed.scheme?.lowercased(),
            scheme == "http" || scheme == "https", parsed.host?.isEmpty == false
        else {
            throw RecipePageImportError.notHTTPURL
        }
        var page = html ?? ""
        if html == nil {
            let fetched: FetchedResource
            do {
                // The fetcher checks the URL against the policy first (one DNS lookup).
                fetched = try fetcher.get(url, maxBytes: Self.maxPageBytes, accept: "text/html,application/xhtml+xml")
            } catch let failure as FetchFailure where failure.refusedTarget {
                throw RecipePageImportError.refusedTarget(failure.description)
            } catch let failure as FetchFailure {
                throw RecipePageImportError.fetchFailed("\(failure)")
            }
            guard (200...299).contains(fetched.status) else {
                throw RecipePageImportError.fetchStatus(fetched.status)
            }
            page = PageText.decode(fetched.body, contentType: fetched.contentType)
        }
        // CRLF line ends and stray control bytes are the page's, not the recipe's: dropped before reading.
        page = ControlCharacters.removed(from: page)
        let recipe: PageRecipe
        do { recipe = try JSONLDRecipeParser.parse(html: page, pageURL: url) } catch {
            throw RecipePageImportError.noRecipe("\(error)")
        }
        let reference = try db.read { try IngredientStore.reference(in: $0) }
        let input: RecipeImportInput
        do {
            input = try PageRecipeImport.input(
                from: recipe, url: url, reference: reference,
                images: recipe.image.map { [$0] } ?? [], imagesStored: 0)
        } catch let error as RecipeImportError {
            throw RecipePageImportError.invalid(error)
        }
        let result = try importStructured(input)
        return Result(
            outcome: result.outcome, warnings: recipe.warnings + result.warnings,
            imagesStored: result.imagesStored)
    }
}
