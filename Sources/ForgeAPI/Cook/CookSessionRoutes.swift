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
    static let tags = TimerRoutes.tags

    static func register(_ app: ForgeApp, on router: inout APIRouter) {
        router.post("/api/cook/sessions", summary: "Start cook mode for the household {recipe_slug}",
                    tags: tags, app.kitchen { request, caller in
            let body = JSONBody(object: try request.jsonObject())
            let slug = try body.string("recipe_slug")
            let now = app.clock.now()
            let (session, recipe) = try app.db.write { db -> (CookSessionStore.Session, Recipe) in
                guard let recipe = try RecipeStore.find(slug, in: db) else { throw HTTPError(404, "unknown recipe") }
                return (try CookSessionStore.start(scope: caller.scope, recipeSlug: slug, by: caller.actor, now: now, in: db),
                        recipe)
            }
            let json = session.json(recipeName: recipe.name, stepCount: recipe.steps.count)
            announce(app, caller.scope, "session.started", json)
            return .json(json, status: 201)
        })
        router.patch("/api/cook/sessions/:id", summary: "Move cook mode to method step {step} (zero-based)",
                     tags: tags, app.kitchen { request, caller in
            let body = JSONBody(object: try request.jsonObject())
            let step = try TimerRoutes.wholeNumber(body, "step", in: 0...200)
            let (session, recipe) = try app.db.write { db -> (CookSessionStore.Session, Recipe?) in
                guard var s = try CookSessionStore.find(id: request.parameter("id") ?? "", scope: caller.scope, in: db) else {
                    throw HTTPError(404, "cook session not found")
                }
                guard s.state == "active" else { throw HTTPError(409, "cook session is \(s.state)") }
                let recipe = try RecipeStore.find(s.recipeSlug, in: db)
                let count = recipe?.steps.count ?? 0
                guard step < max(1, count) else {
                    throw ValidationFailure.error(loc: ["body", "step"], type: "less_than",
                                                  msg: "Input should be less than \(max(1, count))", input: .int(step))
                }
                s.step = step
                try CookSessionStore.save(s, now: app.clock.now(), in: db)
                return (s, recipe)
            }
            let json = session.json(recipeName: recipe?.name, stepCount: recipe?.steps.count)
            announce(app, caller.scope, "session.step", json)
            return .json(json)
        })
        router.post("/api/cook/sessions/:id/finish", summary: "End cook mode and log the meal to the caller's plate",
                    tags: tags, app.kitchen { request, caller in
            let body = JSONBody(object: request.body.isEmpty ? [:] : try request.jsonObject())
            let servings = try body.foodNumber("servings") ?? 1
            guard servings > 0, servings <= MealLogRoutes.maxServings else {
                throw ValidationFailure.error(loc: ["body", "servings"], type: "value_error",
                                              msg: "Input should be greater than 0 and at most 100",
                                              input: body.object["servings"])
            }
            let today = app.today
            let now = app.clock.now()
            let (session, recipe, logged, wasActive) = try foodErrors { try app.db.write { db in
                guard var s = try CookSessionStore.find(id: request.parameter("id") ?? "", scope: caller.scope, in: db) else {
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
                    let input = MealLogInput(day: today, slot: try body.mealSlot(default: recipe.kind),
                                             recipe: recipe.slug, servings: servings, clientID: "cook:\(s.id)")
                    logged = try MealLogStore.log(input, userID: user.id, now: now, in: db)
                }
                return (s, recipe, logged, wasActive)
            } }
            let json = session.json(recipeName: recipe?.name, stepCount: recipe?.steps.count)
            if wasActive { announce(app, caller.scope, "session.finished", json) }
            let log: JSONValue = try logged.map {
                ["id": .string($0.id), "duplicate": .bool($0.duplicate), "totals": try .encoded($0.totals)]
            } ?? .null
            return .json(["session": json, "log": log] as JSONValue)
        })
        router.get("/api/cook/state", summary: "The active cook session and the timers, in one call",
                   tags: tags, app.kitchen { _, caller in
            let now = app.cook.scheduler.now()
            let (session, recipe) = try app.db.read { db -> (CookSessionStore.Session?, Recipe?) in
                let s = try CookSessionStore.active(scope: caller.scope, in: db)
                return (s, try s.flatMap { try RecipeStore.find($0.recipeSlug, in: db) })
            }
            let timers = try app.cook.scheduler.timers(scope: caller.scope).map { $0.json(now: now) }
            return .json(["session": session.map { $0.json(recipeName: recipe?.name, stepCount: recipe?.steps.count) } ?? .null,
                          "timers": .array(timers), "now": .string(Instant.wire(now))] as JSONValue)
        })
    }

    /// Sends a `cook_session` event to the scope's live feed.
    static func announce(_ app: ForgeApp, _ scope: String, _ type: String, _ session: JSONValue) {
        app.cook.live.publish(scope: scope, name: "cook_session",
                              data: ["type": .string(type), "at": .string(Instant.wire(app.clock.now())), "session": session])
    }
}
