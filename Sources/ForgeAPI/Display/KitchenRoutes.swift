import ForgeCook
import ForgeCore
import ForgeHTTP
import ForgeHousehold
import ForgeKitchen
import ForgeStore
import Foundation

/// The kitchen display: its pages and files (compiled in, see
/// `ForgeKitchen`), pairing, and the read-only food data it shows —
/// `GET /api/kitchen/week` (the shared week without anyone's plates) and
/// `GET /api/kitchen/recipes/{slug}` (the recipe as `/api/food/recipes/{slug}`).
/// The shopping list's display routes (`GET|PATCH /api/kitchen/shopping`,
/// reading and ticking only) are registered with the list, in ``ShoppingRoutes``.
enum KitchenRoutes {
    static let displayTags = ["auth": "session", "display": "yes"]

    static func register(_ app: ForgeApp, on router: inout APIRouter) {
        router.raw(
            .GET, "/kitchen", "Kitchen display: tonight, the week, recipes, cook mode", access: .public,
            answers: nil as JSONValue.Type?, produces: "text/html", errors: [404]
        ) { _, _ in try asset("index.html") }
        router.raw(
            .GET, "/kitchen/pair", "Kitchen display pairing page (enter the code from forged display pair)",
            access: .public, answers: nil as JSONValue.Type?, produces: "text/html", errors: [404]
        ) { _, _ in
            try asset("pair.html")
        }
        router.raw(
            .GET, "/kitchen/sw.js",
            "Kitchen display service worker (keeps the display readable offline; scope /kitchen)",
            access: .public, answers: nil as JSONValue.Type?, produces: "text/javascript", errors: [404]
        ) { _, _ in
            var response = try asset("sw.js")
            // Its scope is the page `/kitchen` itself, one level above the script's folder.
            response.headers.set("Service-Worker-Allowed", "/kitchen")
            return response
        }
        router.raw(
            .GET, "/kitchen/assets/:name", "Kitchen display files (CSS, JS, SVG)", access: .public,
            answers: nil as JSONValue.Type?, produces: "application/octet-stream", errors: [404]
        ) { request, _ in
            try asset(request.parameter("name") ?? "")
        }
        router.raw(
            .POST, "/kitchen/pair", "Pair this browser as a kitchen display {code}", access: .public,
            body: PairDisplayInput.self, answers: DisplayPaired.self, errors: [403, 422]
        ) { request, _ in
            try app.checkSameOrigin(request)
            let code = try request.decode(PairDisplayInput.self).code
            guard let paired = try app.pairDisplay(code: code) else { throw HTTPError(403, "wrong or expired code") }
            var response = Response.wire(DisplayPaired(ok: true, displayId: paired.id))
            var cookie =
                "\(DisplayStore.cookieName)=\(paired.token); Path=/; Max-Age=\(DisplayStore.cookieLifetime); HttpOnly; SameSite=Lax"
            if app.secureCookies(request) { cookie += "; Secure" }
            response.headers.set("Set-Cookie", cookie)
            return response
        }
        router.route(
            .GET, "/api/kitchen/week", "The shared food week for the kitchen display (no plates)",
            access: .kitchen, query: KitchenWeekQuery.self, answers: KitchenWeek.self,
            errors: [400]
        ) { request, principal in
            let today = app.today
            let date = try request.decodeQueryValidated(KitchenWeekQuery.self) ?? today
            let scope = principal.kitchenCaller.scope
            return week(try FoodPlan.week(scope: scope, containing: date, plateOf: nil, in: app.db), today: today)
        }
        router.route(
            .GET, "/api/kitchen/recipes/:slug", "One recipe with steps and cues, for the kitchen display",
            access: .kitchen, answers: KitchenRecipe.self, errors: [404]
        ) { request, _ in
            let slug = request.parameter("slug") ?? ""
            return KitchenRecipe(try RecipeLibrary.recipe(slug, in: app.db))
        }
    }

    static func asset(_ name: String) throws -> Response {
        guard !name.contains("/"), let asset = KitchenAssets.asset(named: name) else {
            throw HTTPError(404, "not found")
        }
        var response = Response(status: 200, headers: ["Content-Type": asset.contentType], body: asset.bytes)
        response.headers.set("Cache-Control", "no-cache")
        return response
    }

    /// `week` as the kitchen display shows it: each day's planned slots, no meal logs (a display
    /// has no plate).
    static func week(_ week: FoodWeekAssembly, today: LocalDate) -> KitchenWeek {
        let days = week.days.map { d, resolved in
            KitchenDay(
                date: d.description, dayName: d.dayName, isToday: d == today,
                slots: resolved.slots.map(FoodWire.FoodSlot.init))
        }
        return KitchenWeek(
            start: week.monday.description, today: today.description, hasPlan: week.revision != nil, days: days)
    }
}

/// Body of `POST /kitchen/pair`: `{ code }`, the code `forged display pair`
/// printed (at most 120 characters; a wrong one is 403).
struct PairDisplayInput: RequestInput {
    static var example: JSONValue? { ["code": "123456"] }
    let code: String
    static let rules: [InputRule<Self>] = [.length("code", max: Bounds.label, min: 1) { $0.code }]
}

/// The answer of `POST /kitchen/pair`: `{ ok: true, display_id }`, with the
/// `forge_display` cookie set.
struct DisplayPaired: Codable, Sendable {
    let ok: Bool
    let displayId: String
}

/// Query of `GET /api/kitchen/week`: `date` (absent or "" = today; not
/// `YYYY-MM-DD` → 400 `bad date`, as docs/contract.md §1.2; years 1900–2100).
struct KitchenWeekQuery: ValidatingInput {
    var date: String?

    static let rules: [InputRule<Self>] = [.dateText("query", "date")]

    /// The date asked for, nil for today.
    /// - Throws: 400 `bad date` unless `YYYY-MM-DD`; 422 `["query", "date"]` outside 1900–2100.
    func validated() throws -> LocalDate? {
        try FoodField.date(date, loc: ["query", "date"])
    }
}

/// `GET /api/kitchen/week`: the §3.15 food week without plates — `{ start,
/// today, has_plan, days }`, each day `{ date, day_name, is_today, slots }`
/// (slots as `FoodSlot`, never logged).
struct KitchenWeek: Codable, Sendable {
    let start: String
    let today: String
    let hasPlan: Bool
    let days: [KitchenDay]
}

/// One day of ``KitchenWeek``.
struct KitchenDay: Codable, Sendable {
    let date: String
    let dayName: String
    let isToday: Bool
    let slots: [FoodWire.FoodSlot]
}

/// `GET /api/kitchen/recipes/{slug}`: the `RecipeCard` (macros per serving
/// first, then the card keys) with `steps` (each with a `cue` when one is
/// found in its detail), `ingredients` and `tags`.
struct KitchenRecipe: Codable, Sendable {
    var card: FoodWire.RecipeCard
    var steps: [FoodWire.RecipeDetailStep]
    var ingredients: [RecipeIngredient]
    var tags: [String]

    init(_ recipe: Recipe) {
        card = FoodWire.RecipeCard(recipe)
        steps = recipe.steps.map(FoodWire.RecipeDetailStep.init)
        ingredients = recipe.ingredients
        tags = recipe.tags
    }

    enum CodingKeys: String, CodingKey { case steps, ingredients, tags }

    init(from decoder: Decoder) throws {
        card = try FoodWire.RecipeCard(from: decoder)
        let c = try decoder.container(keyedBy: CodingKeys.self)
        steps = try c.decode([FoodWire.RecipeDetailStep].self, forKey: .steps)
        ingredients = try c.decode([RecipeIngredient].self, forKey: .ingredients)
        tags = try c.decode([String].self, forKey: .tags)
    }

    func encode(to encoder: Encoder) throws {
        try card.encode(to: encoder)
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(steps, forKey: .steps)
        try c.encode(ingredients, forKey: .ingredients)
        try c.encode(tags, forKey: .tags)
    }
}
