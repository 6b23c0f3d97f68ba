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
/// | bad label, seconds, step | 422 (API.md §1.4 shape) |
/// | `recipe_slug` not in the library | 404 `unknown recipe` |
enum TimerRoutes {
    static let tags = ["auth": "session", "display": "yes"]

    static func register(_ app: ForgeApp, on router: inout APIRouter) {
        let scheduler = app.cook.scheduler
        router.post("/api/cook/timers", summary: "Start a cook timer {label, seconds, recipe_slug?, step?, background?}",
                    tags: tags, app.kitchen { request, caller in
            let body = JSONBody(object: try request.jsonObject())
            let label = try body.string("label")
            let seconds = try wholeNumber(body, "seconds", in: 1...TimerScheduler.maxSeconds)
            let slug = try body.optionalString("recipe_slug").flatMap { $0.isEmpty ? nil : $0 }
            let step = try body.object["step"].flatMap { $0.isNull ? nil : try wholeNumber(body, "step", in: 0...200) }
            if let slug, try app.db.read({ try RecipeStore.find(slug, in: $0) }) == nil {
                throw HTTPError(404, "unknown recipe")
            }
            let timer = try timerErrors {
                try scheduler.create(scope: caller.scope, label: label, seconds: seconds, recipeSlug: slug, step: step,
                                     background: try body.optionalBool("background") ?? false, createdBy: caller.actor)
            }
            return .json(timer.json(now: scheduler.now()), status: 201)
        })
        router.get("/api/cook/timers", summary: "The household's running, paused and ringing timers, oldest first",
                   tags: tags, app.kitchen { _, caller in
            let now = scheduler.now()
            let timers = try scheduler.timers(scope: caller.scope).map { $0.json(now: now) }
            return .json(["timers": .array(timers), "now": .string(Instant.wire(now))] as JSONValue)
        })
        let actions: [(String, String, @Sendable (String, String) throws -> CookTimer)] = [
            ("pause", "Pause a running timer", { try scheduler.pause(id: $0, scope: $1) }),
            ("resume", "Resume a paused timer", { try scheduler.resume(id: $0, scope: $1) }),
            ("cancel", "Cancel a running or paused timer", { try scheduler.cancel(id: $0, scope: $1) }),
            ("dismiss", "Silence a timer that has fired", { try scheduler.dismiss(id: $0, scope: $1) }),
        ]
        for (name, summary, action) in actions {
            router.post("/api/cook/timers/:id/\(name)", summary: summary, tags: tags, app.kitchen { request, caller in
                let timer = try timerErrors { try action(request.parameter("id") ?? "", caller.scope) }
                return .json(timer.json(now: scheduler.now()))
            })
        }
        router.post("/api/cook/timers/:id/extend", summary: "Add {seconds} to a timer (a fired one runs again)",
                    tags: tags, app.kitchen { request, caller in
            let body = JSONBody(object: try request.jsonObject())
            let seconds = try wholeNumber(body, "seconds", in: 1...TimerScheduler.maxSeconds)
            let timer = try timerErrors {
                try scheduler.extend(id: request.parameter("id") ?? "", scope: caller.scope, seconds: seconds)
            }
            return .json(timer.json(now: scheduler.now()))
        })
    }

    /// A required whole number in `range` (numeric strings pass); 422 otherwise.
    static func wholeNumber(_ body: JSONBody, _ key: String, in range: ClosedRange<Int>) throws -> Int {
        let value = try body.double(key)
        guard value.rounded() == value, let int = Int(exactly: value), range.contains(int) else {
            throw ValidationFailure.error(loc: ["body", key], type: "value_error",
                                          msg: "Input should be a whole number from \(range.lowerBound) to \(range.upperBound)",
                                          input: body.object[key])
        }
        return int
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
