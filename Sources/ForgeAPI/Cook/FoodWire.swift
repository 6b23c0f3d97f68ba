import ForgeCook
import ForgeCore
import Foundation

/// The answers of the food routes (docs/contract.md §2 food shapes, §3.15, §3.18), one
/// type per contract shape, members in the contract's order (``WireEncoder``
/// writes declaration order, camelCase as snake_case).
///
/// Namespaced because ForgeCook already has domain types called
/// `RecipeCard` and `FoodExtra`; the OpenAPI components keep the bare names.
/// Every `Double` an answer carries goes through ``finite(_:)``
/// so a stored value that overflows (`1e308` twice is `inf`) still answers a
/// JSON number, never a 500 or a `null` where the contract promises a number.
enum FoodWire {
    /// `x` when finite; ±`Double.greatestFiniteMagnitude` for ±∞; 0 for NaN.
    static func finite(_ x: Double) -> Double {
        if x.isFinite { return x }
        if x.isNaN { return 0 }
        return x > 0 ? .greatestFiniteMagnitude : -.greatestFiniteMagnitude
    }

    /// Every field of `m` through ``finite(_:)``.
    static func finite(_ m: Macros) -> Macros { Macros(values: m.values.map { finite($0) }) }

    /// ``DayTotals`` with every macro finite.
    static func finite(_ t: DayTotals) -> DayTotals {
        var out = t
        out.macros = finite(t.macros)
        return out
    }

    /// docs/contract.md §2 `RecipeCard`: the eight per-serving macros (kcal; g; sodium mg),
    /// then slug … rating. `image` is the first image, `null` when none;
    /// `rating` 0–5 (0 = unrated).
    struct RecipeCard: Codable, Sendable, Equatable {
        var kcal, proteinG, carbsG, sugarG, fiberG, fatG, satfatG, sodiumMg: Double
        var slug: String
        var name: String
        /// `dinner | breakfast | lunch | snack`.
        var kind: String
        /// Total time, minutes.
        var minutes: Int
        var difficulty: String
        var serves: Int
        /// Extra servings boxed for a zero-cook night.
        var batch: Int
        var platefig: String
        var why: String
        @Nullable var image: String?
        var rating: Double

        /// The card of `recipe`.
        init(_ recipe: Recipe) { self.init(ForgeCook.RecipeCard(recipe)) }

        /// The wire form of the domain card (slot resolution builds those).
        init(_ card: ForgeCook.RecipeCard) {
            let m = FoodWire.finite(card.macros)
            kcal = m.kcal
            proteinG = m.proteinG
            carbsG = m.carbsG
            sugarG = m.sugarG
            fiberG = m.fiberG
            fatG = m.fatG
            satfatG = m.satfatG
            sodiumMg = m.sodiumMg
            slug = card.slug
            name = card.name
            kind = card.kind.rawValue
            minutes = card.minutes
            difficulty = card.difficulty
            serves = card.serves
            batch = card.batch
            platefig = card.platefig
            why = card.why
            image = card.image
            rating = FoodWire.finite(card.rating)
        }
    }

    /// `GET /api/food/week` (docs/contract.md §3.15): the Monday-snapped week of the
    /// caller's food scope. `targets` = defaults merged with
    /// `prefs.nutrition_targets` (§5.4); `days` holds seven days, Monday first.
    struct FoodWeek: Codable, Sendable {
        var start: LocalDate
        var today: LocalDate
        var hasPlan: Bool
        var rationale: String
        var targets: Macros
        var days: [FoodDay]
    }

    /// One day of ``FoodWeek``: planned slots (breakfast, lunch, dinner, snack;
    /// empty ones omitted), unclaimed logs, and `totals` = Σ of all the
    /// caller's logs that day, each field rounded half-to-even to 1 dp, plus
    /// `complete` and `unknown` (``DayTotals``: logs of recipes without energy data).
    struct FoodDay: Codable, Sendable {
        var date: LocalDate
        /// `Monday` … `Sunday`.
        var dayName: String
        var isToday: Bool
        var slots: [FoodSlot]
        var extras: [FoodExtra]
        var totals: DayTotals
    }

    /// docs/contract.md §3.15 `FoodSlot` (resolution §4.19): `log_id` always present
    /// (`null` until logged); the flags are present only when true; the other
    /// optional members only when set.
    struct FoodSlot: Codable, Sendable {
        /// `breakfast | lunch | dinner | snack`.
        var slot: String
        var logged: Bool
        @Nullable var logID: String?
        var why: String
        var recipe: RecipeCard?
        var leftover: Bool?
        var order: Bool?
        var out: Bool?
        var note: String?
        var offPlan: Bool?
        var label: String?
        var estimated: Bool?
        /// What an off-plan log without a known recipe recorded, for the whole plate.
        var macros: Macros?

        init(_ resolved: ResolvedSlot) {
            slot = resolved.slot.rawValue
            logged = resolved.logged
            logID = resolved.logID
            why = resolved.why
            recipe = resolved.recipe.map(RecipeCard.init)
            leftover = resolved.leftover ? true : nil
            order = resolved.order ? true : nil
            out = resolved.out ? true : nil
            note = resolved.note
            offPlan = resolved.offPlan ? true : nil
            label = resolved.label
            estimated = resolved.estimated
            macros = resolved.macros.map { FoodWire.finite($0) }
        }
    }

    /// docs/contract.md §3.15 `FoodExtra`: a log no planned slot claimed, as stored —
    /// the eight macros of the whole plate, then id … photos. `cost` in
    /// `currency` (≤ 8 characters); `photos` are stored media references.
    struct FoodExtra: Codable, Sendable {
        var kcal, proteinG, carbsG, sugarG, fiberG, fatG, satfatG, sodiumMg: Double
        var id: String
        var slot: String
        var label: String
        var estimated: Bool
        var venue: String
        var cost: Double
        var currency: String
        var note: String
        var photos: [String]

        init(_ entry: MealLogEntry) {
            let m = FoodWire.finite(entry.macros)
            kcal = m.kcal
            proteinG = m.proteinG
            carbsG = m.carbsG
            sugarG = m.sugarG
            fiberG = m.fiberG
            fatG = m.fatG
            satfatG = m.satfatG
            sodiumMg = m.sodiumMg
            id = entry.id
            slot = entry.slot.rawValue
            label = entry.label
            estimated = entry.estimated
            venue = entry.venue
            cost = FoodWire.finite(entry.cost)
            currency = entry.currency
            note = entry.note
            photos = entry.photos
        }
    }

    /// `POST /api/food/log` → `{ id, duplicate, totals }`: the new (or, for a
    /// repeated `client_id`, the original) log id and that date's totals (1 dp).
    struct MealLogged: Codable, Sendable {
        var id: String
        var duplicate: Bool
        var totals: DayTotals
    }

    /// `DELETE /api/food/log/{id}` → `{ ok: true, totals }` (that day after removal, 1 dp).
    struct MealLogRemoved: Codable, Sendable {
        var ok = true
        var totals: DayTotals
    }

    /// `PATCH /api/food/week/slot` → `{ ok: true, date, day_name, slot, recipe: RecipeCard }`.
    struct SlotSet: Codable, Sendable {
        var ok = true
        var date: LocalDate
        var dayName: String
        var slot: String
        var recipe: RecipeCard
    }

    /// `GET /api/food/recipes` → `{ count, recipes }`, ordered by name.
    /// `{ count, recipes, total? }`: `count` is the number of recipes in this
    /// answer; `total`, only when the request paged (`limit`/`offset`), the
    /// number of matches before paging.
    struct RecipeList: Codable, Sendable {
        var count: Int
        var recipes: [RecipeListing]
        var total: Int?
    }

    /// A library row: `RecipeCard & { tags, source, complete }`. Encoded flat
    /// (the card's members, then these).
    struct RecipeListing: Codable, Sendable {
        var card: RecipeCard
        var tags: [String]
        /// `"seed"` for curated recipes, else the import label.
        var source: String
        /// False for a parked recipe (§4.21).
        var complete: Bool

        init(_ recipe: Recipe) {
            card = RecipeCard(recipe)
            tags = recipe.tags
            source = recipe.source
            complete = recipe.complete
        }

        enum CodingKeys: String, CodingKey { case tags, source, complete }

        init(from decoder: Decoder) throws {
            card = try RecipeCard(from: decoder)
            let c = try decoder.container(keyedBy: CodingKeys.self)
            tags = try c.decode([String].self, forKey: .tags)
            source = try c.decode(String.self, forKey: .source)
            complete = try c.decode(Bool.self, forKey: .complete)
        }

        func encode(to encoder: Encoder) throws {
            try card.encode(to: encoder)
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(tags, forKey: .tags)
            try c.encode(source, forKey: .source)
            try c.encode(complete, forKey: .complete)
        }
    }

    /// `GET /api/food/recipes/{slug}`: `RecipeCard & { steps, ingredients, tags,
    /// source, source_url, images, rating, rating_count }` (`rating` is the
    /// card's), plus `yield` (an appliance addition: what the yield counts as
    /// the imported page wrote it, "12 cookies"; `""` when none), `notes` (the
    /// cook's notes carried from another app's library) and `macros_source`
    /// (`"recipe"`: the macros are the recipe's own nutrition as its app or
    /// page gave it; `"computed"`: from the ingredient reference; `""`: not
    /// recorded). Encoded flat.
    struct RecipeDetail: Codable, Sendable {
        var card: RecipeCard
        var steps: [RecipeDetailStep]
        var ingredients: [RecipeDetailIngredient]
        var tags: [String]
        var source: String
        var sourceURL: String
        /// First = hero; media paths or remote URLs.
        var images: [String]
        var ratingCount: Int
        /// The yield as the imported page wrote it ("12 cookies", "Serves 4-6"); `""` when none.
        var yield: String
        /// The cook's notes from another app's library; `""` when none.
        var notes: String
        /// `"recipe"` (the recipe's own nutrition), `"computed"` (from the ingredient reference) or `""`.
        var macrosSource: String
        /// False for a parked recipe (§4.21); `parked_because` says why.
        var complete: Bool
        /// Why the recipe is parked, line by line (``RecipeParking``); empty when it is complete.
        var parkedBecause: [String]

        init(_ recipe: Recipe, reference: IngredientReference) {
            card = RecipeCard(recipe)
            steps = recipe.steps.map(RecipeDetailStep.init)
            ingredients = recipe.ingredients.map { RecipeDetailIngredient($0, reference: reference) }
            tags = recipe.tags
            source = recipe.source
            sourceURL = recipe.sourceURL
            images = recipe.images
            ratingCount = recipe.ratingCount
            yield = recipe.yield
            notes = recipe.notes
            macrosSource = recipe.macrosSource
            complete = recipe.complete
            parkedBecause =
                recipe.complete ? [] : RecipeParking.reasons(for: recipe, reference: reference).map(\.description)
        }

        enum CodingKeys: String, CodingKey {
            case steps, ingredients, tags, source, sourceURL, images, ratingCount, yield, notes, macrosSource
            case complete, parkedBecause
        }

        init(from decoder: Decoder) throws {
            card = try RecipeCard(from: decoder)
            let c = try decoder.container(keyedBy: CodingKeys.self)
            steps = try c.decode([RecipeDetailStep].self, forKey: .steps)
            ingredients = try c.decode([RecipeDetailIngredient].self, forKey: .ingredients)
            tags = try c.decode([String].self, forKey: .tags)
            source = try c.decode(String.self, forKey: .source)
            sourceURL = try c.decode(String.self, forKey: .sourceURL)
            images = try c.decode([String].self, forKey: .images)
            ratingCount = try c.decode(Int.self, forKey: .ratingCount)
            yield = try c.decode(String.self, forKey: .yield)
            notes = try c.decode(String.self, forKey: .notes)
            macrosSource = try c.decode(String.self, forKey: .macrosSource)
            complete = try c.decode(Bool.self, forKey: .complete)
            parkedBecause = try c.decode([String].self, forKey: .parkedBecause)
        }

        func encode(to encoder: Encoder) throws {
            try card.encode(to: encoder)
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(steps, forKey: .steps)
            try c.encode(ingredients, forKey: .ingredients)
            try c.encode(tags, forKey: .tags)
            try c.encode(source, forKey: .source)
            try c.encode(sourceURL, forKey: .sourceURL)
            try c.encode(images, forKey: .images)
            try c.encode(ratingCount, forKey: .ratingCount)
            try c.encode(yield, forKey: .yield)
            try c.encode(notes, forKey: .notes)
            try c.encode(macrosSource, forKey: .macrosSource)
            try c.encode(complete, forKey: .complete)
            try c.encode(parkedBecause, forKey: .parkedBecause)
        }
    }

    /// docs/contract.md §2 `RecipeStep` plus `cue`: the done-when clause ``CueExtractor``
    /// finds in `detail`, absent when there is none. `minutes` in minutes.
    struct RecipeDetailStep: Codable, Sendable {
        var title: String
        var detail: String
        var minutes: Int?
        var timer: Bool?
        var parallel: Bool?
        var image: String?
        /// The page's section (`HowToSection` name) the step sat in.
        var section: String?
        var cue: String?

        init(_ step: RecipeStep) {
            title = step.title
            detail = step.detail
            minutes = step.minutes
            timer = step.timer
            parallel = step.parallel
            image = step.image
            section = step.section
            cue = CueExtractor.cue(in: step.detail)
        }
    }

    /// docs/contract.md §2 `RecipeIngredient & { aisle, pantry }`: `qty` in the
    /// reference row's unit, `null` for "to taste"; `aisle` from the
    /// ingredient reference, else `"cupboard"`; `pantry` else false.
    struct RecipeDetailIngredient: Codable, Sendable {
        var name: String
        @Nullable var qty: Double?
        var unit: String
        var disp: String
        var note: String?
        /// The line as printed on the page it was imported from.
        var raw: String?
        /// The reference row the line is linked to, when not `name`.
        var ref: String?
        /// How sure that link is, 0–1.
        var refConfidence: Double?
        /// The heading the line sat under in an imported recipe ("For the sauce").
        var section: String?
        var aisle: String
        var pantry: Bool
        /// The food-reference food the line is weighed against (`usda:01001`), when not a household row.
        var foodID: String?
        /// The name of the food the line's macros come from (the household row's or USDA's); absent when none.
        var food: String?
        /// What the line weighs, grams; absent when unknown or negligible.
        var grams: Double?
        /// What the whole line contributes, kcal; absent when it could not be weighed.
        var kcal: Double?
        /// True when the grams rest on a typical size (a line with no quantity); absent otherwise.
        var estimate: Bool?
        /// True when the line counts as negligible (to taste, garnish, optional, a seasoning with no quantity,
        /// a heading); absent otherwise.
        var negligible: Bool?
        /// True when a member set the line's food or grams (a recompute keeps it); absent otherwise.
        var fixed: Bool?

        init(_ line: RecipeIngredient, reference: IngredientReference) {
            name = line.name
            qty = line.qty.map { FoodWire.finite($0) }
            unit = line.unit
            disp = line.disp
            note = line.note
            raw = line.raw
            ref = line.ref
            refConfidence = line.refConfidence
            section = line.section
            aisle = reference.aisle(of: line.referenceName)
            pantry = reference.isPantry(line.referenceName)
            foodID = line.foodID
            food = line.food
            grams = line.grams.map { FoodWire.finite($0) }
            kcal = line.kcal.map { FoodWire.finite($0) }
            estimate = line.estimate ? true : nil
            negligible = line.negligible ? true : nil
            fixed = line.fixed ? true : nil
        }
    }

    /// `GET /api/food/proposal` → `{ proposal: FoodProposal | null }`.
    struct ProposalAnswer: Codable, Sendable {
        @Nullable var proposal: FoodProposal?
    }

    /// The pending food-week proposal of the caller's scope (docs/contract.md §3.15,
    /// §4.17). `changes` (`Change[]`) and `content` (`FoodContent`) are the
    /// stored documents echoed verbatim, extra keys and number forms kept
    /// (§1.1); `recipes` holds the card of every slug a slot names directly
    /// by `recipe` that the library has, keyed by slug in byte order;
    /// `created_at` a datetime.
    struct FoodProposal: Codable, Sendable {
        var id: String
        var num: Int
        var rationale: String
        var changes: JSONValue
        var content: JSONValue
        var recipes: OrderedMap<RecipeCard>
        var createdAt: String
    }

    /// `POST /api/food/proposal/{id}/approve` → `{ ok: true, revision }` (the activated revision's `num`).
    struct ProposalApproved: Codable, Sendable {
        var ok = true
        var revision: Int
    }

    /// `DELETE /api/admin/recipes` → `{ recipes_deleted, food_weeks_retired }`.
    struct RecipesWiped: Codable, Sendable {
        var recipesDeleted: Int
        var foodWeeksRetired: Int
    }
}
