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
        router.get("/kitchen", summary: "Kitchen display: tonight, the week, recipes, cook mode",
                   tags: ["auth": "public", "produces": "text/html"]) { _ in try asset("index.html") }
        router.get("/kitchen/pair", summary: "Kitchen display pairing page (enter the code from forged display pair)",
                   tags: ["auth": "public", "produces": "text/html"]) { _ in try asset("pair.html") }
        router.get("/kitchen/assets/:name", summary: "Kitchen display files (CSS, JS, SVG)",
                   tags: ["auth": "public"]) { request in try asset(request.parameter("name") ?? "") }
        router.post("/kitchen/pair", summary: "Pair this browser as a kitchen display {code}",
                    tags: ["auth": "public"]) { request in
            try app.checkSameOrigin(request)
            let body = JSONBody(object: try request.jsonObject())
            let code = try body.string("code")
            guard let paired = try app.db.write({ try DisplayStore.pair(code: code, now: app.clock.now(), in: $0) }) else {
                throw HTTPError(403, "wrong or expired code")
            }
            var response = Response.json(["ok": true, "display_id": .string(paired.id)] as JSONValue)
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
