import ForgeCook
import ForgeCore
import ForgeEvents
import ForgeHTTP
import ForgeStore
import Foundation

/// Cook timers (README "Appliance additions"): shared by the household's
/// members and paired displays; the demo has its own. Each answer is the
/// timer's wire shape (see `CookTimer.json`).
///
/// | error | status |
/// |---|---|
/// | unknown timer (or another scope's) | 404 `timer not found` |
/// | action not valid in the state | 409 `cannot pause a fired timer` |
/// | bad label, seconds, step | 422 (docs/contract.md §1.4 shape) |
/// | `recipe_slug` not in the library | 404 `unknown recipe` |
enum TimerRoutes {
    static func register(_ app: ForgeApp, on router: inout APIRouter) {
        let scheduler = app.cook.scheduler
        router.route(
            .POST, "/api/cook/timers", "Start a cook timer {label, seconds, recipe_slug?, step?, background?}",
            access: .kitchen, body: StartTimerInput.self, answers: CookTimerView.self, success: 201,
            errors: [404, 422]
        ) { request, principal in
            let caller = principal.kitchenCaller
            let input = try request.decode(StartTimerInput.self)
            let slug = input.recipeSlug.flatMap { $0.isEmpty ? nil : $0 }
            if let slug { _ = try RecipeLibrary.recipe(slug, in: app.db) }  // 404 unknown recipe
            let timer = try timerErrors {
                try scheduler.create(
                    scope: caller.scope, label: input.label, seconds: input.seconds, recipeSlug: slug,
                    step: input.step, background: input.background ?? false, createdBy: caller.actor)
            }
            return CookTimerView(timer, now: scheduler.now())
        }
        router.route(
            .GET, "/api/cook/timers", "The household's running, paused and ringing timers, oldest first",
            access: .kitchen, answers: CookTimerList.self
        ) { _, principal in
            let now = scheduler.now()
            let timers = try scheduler.timers(scope: principal.kitchenCaller.scope).map { CookTimerView($0, now: now) }
            return CookTimerList(timers: timers, now: Instant.wire(now))
        }
        let actions: [(String, String, @Sendable (String, String) throws -> CookTimer)] = [
            ("pause", "Pause a running timer", { try scheduler.pause(id: $0, scope: $1) }),
            ("resume", "Resume a paused timer", { try scheduler.resume(id: $0, scope: $1) }),
            ("cancel", "Cancel a running or paused timer", { try scheduler.cancel(id: $0, scope: $1) }),
            ("dismiss", "Silence a timer that has fired", { try scheduler.dismiss(id: $0, scope: $1) }),
        ]
        for (name, summary, action) in actions {
            router.route(
                .POST, "/api/cook/timers/:id/\(name)", summary, access: .kitchen,
                answers: CookTimerView.self, errors: [404, 409]
            ) { request, principal in
                let timer = try timerErrors { try action(request.parameter("id") ?? "", principal.kitchenCaller.scope) }
                return CookTimerView(timer, now: scheduler.now())
            }
        }
        router.route(
            .POST, "/api/cook/timers/:id/extend", "Add {seconds} to a timer (a fired one runs again)",
            access: .kitchen, body: ExtendTimerInput.self, answers: CookTimerView.self,
            errors: [404, 409, 422]
        ) { request, principal in
            let input = try request.decode(ExtendTimerInput.self)
            let timer = try timerErrors {
                try scheduler.extend(
                    id: request.parameter("id") ?? "", scope: principal.kitchenCaller.scope, seconds: input.seconds)
            }
            return CookTimerView(timer, now: scheduler.now())
        }
    }

    /// Maps `TimerError` to 404/409/422.
    static func timerErrors<T>(_ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as TimerError {
            switch error {
            case .notFound: throw HTTPError(404, error.description)
            case .invalidTransition: throw HTTPError(409, error.description)
            case .invalidInput(let message):
                throw ValidationFailure.error(loc: ["body"], type: "value_error", msg: message, input: nil)
            }
        }
    }
}
