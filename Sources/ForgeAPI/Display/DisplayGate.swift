import ForgeHTTP
import ForgeHousehold

/// The display scope, enforced from the route table: a request carrying
/// only a display cookie may use public routes and routes tagged
/// `display: yes` (food week, recipes, cook timers and sessions, the live
/// feed, reading and ticking the shopping list); every other route answers 403 — no training data, no meal logs,
/// no admin. Unknown paths stay 404.
enum DisplayGate {
    static func register(on router: inout APIRouter) {
        router.use { request, next in
            if request.cookie(HouseholdStore.sessionCookieName) == nil, request.cookie(DisplayStore.cookieName) != nil,
                let route = request.route, route.tags["auth"] != "public", route.tags["display"] != "yes"
            {
                throw HTTPError(403, "not available to kitchen displays")
            }
            return try next(request)
        }
    }
}
