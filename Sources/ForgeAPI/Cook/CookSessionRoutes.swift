import ForgeCook
import ForgeCore
import ForgeEvents
import ForgeHTTP
import ForgeStore
import Foundation

/// Cook mode's routes (README "Appliance additions") over ``CookMode``: start a
/// session for a recipe, move through its method, finish it (logging the meal
/// to a member's plate), and read the state with the timers. Each change is
/// announced on the scope's live feed.
enum CookSessionRoutes {
    static func register(_ app: ForgeApp, on router: inout APIRouter) {
        router.route(
            .POST, "/api/cook/sessions", "Start cook mode for the household {recipe_slug}", access: .kitchen,
            body: StartCookInput.self, answers: CookSessionView.self, success: 201,
            errors: [404, 422]
        ) { request, principal in
            let caller = principal.kitchenCaller
            let input = try request.decode(StartCookInput.self)
            let (session, recipe) = try CookMode.start(
                recipeSlug: input.recipeSlug, scope: caller.scope, by: caller.actor, now: app.clock.now(), in: app.db)
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
            let (session, recipe) = try CookMode.move(
                sessionID: request.parameter("id") ?? "", scope: caller.scope, to: step, now: app.clock.now(),
                in: app.db)
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
            let finished = try CookMode.finish(
                sessionID: request.parameter("id") ?? "", scope: caller.scope, userID: caller.user?.id,
                servings: input.servings ?? 1, slot: input.slot.flatMap(MealSlot.init(rawValue:)), day: app.today,
                now: app.clock.now(), in: app.db)
            if finished.ended { announce(app, caller.scope, "session.finished", finished.session, finished.recipe) }
            return CookFinished(
                session: CookSessionView(finished.session, recipe: finished.recipe),
                log: finished.logged.map { CookLogged(id: $0.id, duplicate: $0.duplicate, totals: $0.totals) })
        }
        router.route(
            .GET, "/api/cook/state", "The active cook session and the timers, in one call",
            access: .kitchen, answers: CookState.self
        ) { _, principal in
            let caller = principal.kitchenCaller
            let now = app.cook.scheduler.now()
            let cooking = try CookMode.active(scope: caller.scope, in: app.db)
            let timers = try app.cook.scheduler.timers(scope: caller.scope).map { CookTimerView($0, now: now) }
            return CookState(
                session: cooking.map { CookSessionView($0.session, recipe: $0.recipe) }, timers: timers,
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
