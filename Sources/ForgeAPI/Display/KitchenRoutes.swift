import ForgeCook
import ForgeCore
import ForgeHTTP
import ForgeKitchen
import ForgeStore
import Foundation

/// The kitchen display: its pages and files (compiled in, see
/// `ForgeKitchen`), pairing, and the read-only food data it shows —
/// `GET /api/kitchen/week` (the shared week without anyone's plates) and
/// `GET /api/kitchen/recipes/{slug}` (the recipe as `/api/food/recipes/{slug}`).
enum KitchenRoutes {
    static let displayTags = ["auth": "session", "display": "yes"]

    static func register(_ app: ForgeApp, on router: inout APIRouter) {
        router.raw(.GET, "/kitchen", "Kitchen display: tonight, the week, recipes, cook mode", access: .public,
                   answers: nil as JSONValue.Type?, produces: "text/html", errors: [404]) { _, _ in try asset("index.html") }
        router.raw(.GET, "/kitchen/pair", "Kitchen display pairing page (enter the code from forged display pair)",
                   access: .public, answers: nil as JSONValue.Type?, produces: "text/html", errors: [404]) { _, _ in
            try asset("pair.html")
        }
        router.raw(.GET, "/kitchen/assets/:name", "Kitchen display files (CSS, JS, SVG)", access: .public,
                   answers: nil as JSONValue.Type?, produces: "application/octet-stream", errors: [404]) { request, _ in
            try asset(request.parameter("name") ?? "")
        }
        router.raw(.POST, "/kitchen/pair", "Pair this browser as a kitchen display {code}", access: .public,
                   body: PairDisplayInput.self, answers: DisplayPaired.self, errors: [403, 422]) { request, _ in
            try app.checkSameOrigin(request)
            let code = try request.decode(PairDisplayInput.self).code
            guard let paired = try app.db.write({ try DisplayStore.pair(code: code, now: app.clock.now(), in: $0) }) else {
                throw HTTPError(403, "wrong or expired code")
            }
            var response = Response.wire(DisplayPaired(ok: true, displayId: paired.id))
            var cookie = "\(DisplayStore.cookieName)=\(paired.token); Path=/; Max-Age=\(DisplayStore.cookieLifetime); HttpOnly; SameSite=Lax"
            if app.config.isSecure { cookie += "; Secure" }
            response.headers.set("Set-Cookie", cookie)
            return response
        }
        router.get("/api/kitchen/week", summary: "The shared food week for the kitchen display (no plates)",
                   tags: displayTags, app.kitchen { request, caller in
            let today = app.today
            let date = try request.dateParameter(default: today)
            return .json(try app.db.read { db in try week(scope: caller.scope, containing: date, today: today, in: db) })
        })
        router.get("/api/kitchen/recipes/:slug", summary: "One recipe with steps and cues, for the kitchen display",
                   tags: displayTags, app.kitchen { request, _ in
            let slug = request.parameter("slug") ?? ""
            guard let recipe = try app.db.read({ try RecipeStore.find(slug, in: $0) }) else {
                throw HTTPError(404, "unknown recipe")
            }
            return .json(try RecipeRoutes.merge(RecipeCard(recipe), [
                "steps": .array(try recipe.steps.map(RecipeRoutes.step)), "ingredients": try .encoded(recipe.ingredients),
                "tags": .strings(recipe.tags),
            ]))
        })
    }

    static func asset(_ name: String) throws -> Response {
        guard !name.contains("/"), let asset = KitchenAssets.asset(named: name) else { throw HTTPError(404, "not found") }
        var response = Response(status: 200, headers: ["Content-Type": asset.contentType], body: asset.bytes)
        response.headers.set("Cache-Control", "no-cache")
        return response
    }

    /// The week of `date` for a scope: each day's planned slots resolved
    /// against the library, with no meal logs (a display has no plate).
    static func week(scope: String, containing date: LocalDate, today: LocalDate, in db: Connection) throws -> JSONValue {
        let monday = date.monday
        let revision = try FoodWeekStore.active(scope: scope, in: db)
        let recipes = Dictionary(try RecipeStore.all(in: db).map { ($0.slug, $0) }, uniquingKeysWith: { a, _ in a })
        var days: [JSONValue] = []
        for offset in 0..<7 {
            let d = monday.adding(days: offset)
            let resolved = SlotResolver.resolve(content: revision?.content, date: d, recipes: { recipes[$0] }, logs: [])
            days.append(["date": .string(d.description), "day_name": .string(d.dayName), "is_today": .bool(d == today),
                         "slots": try .encoded(resolved.slots)])
        }
        return ["start": .string(monday.description), "today": .string(today.description),
                "has_plan": .bool(revision != nil), "days": .array(days)]
    }
}

/// Body of `POST /kitchen/pair`: `{ code }`, the code `forged display pair`
/// printed (at most 120 characters; a wrong one is 403).
struct PairDisplayInput: RequestInput {
    let code: String
    func validate() throws { try Check.length(code, max: Bounds.label, min: 1, "code") }
}

/// The answer of `POST /kitchen/pair`: `{ ok: true, display_id }`, with the
/// `forge_display` cookie set.
struct DisplayPaired: Codable, Sendable {
    let ok: Bool
    let displayId: String
}
