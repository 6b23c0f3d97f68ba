import ForgeCook
import ForgeCore
import ForgeEvents
import ForgeHTTP
import ForgeStore
import Foundation

/// Cook mode (README "Appliance additions"): start a session for a recipe,
/// move through its method, finish it. Finishing logs the meal to the
/// caller's own plate through the meal log (`MealLogStore.log`, idempotent
/// by `client_id` `cook:<session id>`, so each member can log it once and a
/// repeat is a no-op); the shared plan is untouched. A display finishing a
/// session logs nothing (displays have no plate).
enum CookSessionRoutes {
    static func register(_ app: ForgeApp, on router: inout APIRouter) {
        router.route(
            .POST, "/api/cook/sessions", "Start cook mode for the household {recipe_slug}", access: .kitchen,
            body: StartCookInput.self, answers: CookSessionView.self, success: 201,
            errors: [404, 422]
        ) { request, principal in
            let caller = principal.kitchenCaller
            let input = try request.decode(StartCookInput.self)
            let now = app.clock.now()
            let (session, recipe) = try app.db.write { db -> (CookSessionStore.Session, Recipe) in
                guard let recipe = try RecipeStore.find(input.recipeSlug, in: db) else {
                    throw HTTPError(404, "unknown recipe")
                }
                return (
                    try CookSessionStore.start(
                        scope: caller.scope, recipeSlug: input.recipeSlug, by: caller.actor,
                        now: now, in: db), recipe
                )
            }
            announce(app, caller.scope, "session.started", session, recipe)
            return CookSessionView(session, recipe: recipe)
        }
        router.route(
            .PATCH, "/api/cook/sessions/:id", "Move cook mode to method step {step} (zero-based)",
            access: .kitchen, body: MoveCookInput.self, answers: CookSessionView.self,
            errors: [404, 409, 422]
        ) { request, principal in
            let caller = principal.kitchenCaller
            let step = try request.decode(MoveCookInput.self).step
            let (session, recipe) = try app.db.write { db -> (CookSessionStore.Session, Recipe?) in
                guard var s = try CookSessionStore.find(id: request.parameter("id") ?? "", scope: caller.scope, in: db)
                else {
                    throw HTTPError(404, "cook session not found")
                }
                guard s.state == "active" else { throw HTTPError(409, "cook session is \(s.state)") }
                let recipe = try RecipeStore.find(s.recipeSlug, in: db)
                let count = recipe?.steps.count ?? 0
                guard step < max(1, count) else {
                    throw ValidationFailure.error(
                        loc: ["body", "step"], type: "less_than",
                        msg: "Input should be less than \(max(1, count))", input: .int(step))
                }
                s.step = step
                try CookSessionStore.save(s, now: app.clock.now(), in: db)
                return (s, recipe)
            }
            announce(app, caller.scope, "session.step", session, recipe)
            return CookSessionView(session, recipe: recipe)
        }
        router.route(
            .POST, "/api/cook/sessions/:id/finish", "End cook mode and log the meal to the caller's plate",
            access: .kitchen, body: FinishCookInput.self, bodyOptional: true, answers: CookFinished.self,
            errors: [400, 404, 409, 422]
        ) { request, principal in
            let caller = principal.kitchenCaller
            let input = try request.decodeOptional(FinishCookInput.self)
            let servings = input.servings ?? 1
            let today = app.today
            let now = app.clock.now()
            let (session, recipe, logged, wasActive) = try app.db.write { db in
                guard
                    var s = try CookSessionStore.find(
                        id: request.parameter("id") ?? "", scope: caller.scope, in: db)
                else {
                    throw HTTPError(404, "cook session not found")
                }
                guard s.state != "abandoned" else { throw HTTPError(409, "cook session is abandoned") }
                let recipe = try RecipeStore.find(s.recipeSlug, in: db)
                let wasActive = s.state == "active"
                if wasActive {
                    s.state = "finished"
                    s.finishedAt = now
                    try CookSessionStore.save(s, now: now, in: db)
                }
                var logged: MealLogResult?
                if let user = caller.user, let recipe {
                    let slot = input.slot.flatMap(MealSlot.init(rawValue:)) ?? recipe.kind
                    let meal = MealLogInput(
                        day: today, slot: slot, recipe: recipe.slug, servings: servings,
                        clientID: "cook:\(s.id)")
                    logged = try MealLogStore.log(meal, userID: user.id, now: now, in: db)
                }
                return (s, recipe, logged, wasActive)
            }
            if wasActive { announce(app, caller.scope, "session.finished", session, recipe) }
            return CookFinished(
                session: CookSessionView(session, recipe: recipe),
                log: logged.map { CookLogged(id: $0.id, duplicate: $0.duplicate, totals: $0.totals) })
        }
        router.route(
            .GET, "/api/cook/state", "The active cook session and the timers, in one call",
            access: .kitchen, answers: CookState.self
        ) { _, principal in
            let caller = principal.kitchenCaller
            let now = app.cook.scheduler.now()
            let (session, recipe) = try app.db.read { db -> (CookSessionStore.Session?, Recipe?) in
                let s = try CookSessionStore.active(scope: caller.scope, in: db)
                return (s, try s.flatMap { try RecipeStore.find($0.recipeSlug, in: db) })
            }
            let timers = try app.cook.scheduler.timers(scope: caller.scope).map { CookTimerView($0, now: now) }
            return CookState(
                session: session.map { CookSessionView($0, recipe: recipe) }, timers: timers,
                now: Instant.wire(now))
        }
    }

    /// Sends a `cook_session` event (`{type, at, session}`) to the scope's live feed.
    static func announce(
        _ app: ForgeApp, _ scope: String, _ type: String, _ session: CookSessionStore.Session,
        _ recipe: Recipe?
    ) {
        let json = session.json(recipeName: recipe?.name, stepCount: recipe?.steps.count)
        app.cook.live.publish(
            scope: scope, name: "cook_session",
            data: ["type": .string(type), "at": .string(Instant.wire(app.clock.now())), "session": json])
    }
}
