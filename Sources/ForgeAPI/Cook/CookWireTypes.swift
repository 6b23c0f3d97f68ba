import ForgeCook
import ForgeCore
import ForgeEvents
import ForgeHTTP
import Foundation

// MARK: timers

/// `GET /api/cook/timers`: `{ timers, now }`, oldest first.
struct CookTimerList: Codable, Sendable {
    let timers: [CookTimerView]
    /// The server's clock (ISO 8601), for client countdowns.
    let now: String
}

/// Body of `POST /api/cook/timers`: `{ label, seconds, recipe_slug?, step?, background? }`.
struct StartTimerInput: RequestInput {
    static var example: JSONValue? {
        ["label": "Rice", "seconds": 600, "recipe_slug": "miso-salmon-greens", "step": 2, "background": false]
    }
    /// 1…80 characters (`TimerScheduler.maxLabel`, inside `Bounds.label`).
    let label: String
    /// Whole seconds, 1…86 400 (`TimerScheduler.maxSeconds`).
    let seconds: Int
    /// A library recipe (404 `unknown recipe` otherwise); "" or null = none.
    var recipeSlug: String?
    /// Zero-based method step, 0…200.
    var step: Int?
    var background: Bool?

    /// Highest step index a timer or cook session may name.
    static let steps = 0...200

    static let rules: [InputRule<Self>] = [
        .length("label", max: min(TimerScheduler.maxLabel, Bounds.label), min: 1) { $0.label },
        .range("seconds", within: 1...TimerScheduler.maxSeconds) { $0.seconds },
        .length("recipe_slug", max: Bounds.label) { $0.recipeSlug },
        .range("step", within: steps) { $0.step },
    ]
}

/// Body of `POST /api/cook/timers/{id}/extend`: `{ seconds }`, 1…86 400.
struct ExtendTimerInput: RequestInput {
    static var example: JSONValue? { ["seconds": 60] }
    let seconds: Int
    static let rules: [InputRule<Self>] = [.range("seconds", within: 1...TimerScheduler.maxSeconds) { $0.seconds }]
}

// MARK: cook sessions

/// A cook session on the wire: `{ id, recipe_slug, recipe_name, step, steps,
/// state, started_at, finished_at }` (`recipe_name`/`steps` null when the
/// recipe is gone, `finished_at` null until finished).
struct CookSessionView: Codable, Sendable, Equatable {
    let id: String
    let recipeSlug: String
    @Nullable var recipeName: String?
    /// Zero-based current method step.
    let step: Int
    /// Number of method steps of the recipe.
    @Nullable var steps: Int?
    /// `active`, `finished` or `abandoned`.
    let state: String
    let startedAt: String
    @Nullable var finishedAt: String?

    init(_ s: CookSessionStore.Session, recipe: Recipe?) {
        id = s.id
        recipeSlug = s.recipeSlug
        recipeName = recipe?.name
        step = s.step
        steps = recipe?.steps.count
        state = s.state
        startedAt = Instant.wire(s.startedAt)
        finishedAt = s.finishedAt.map(Instant.wire)
    }
}

/// Body of `POST /api/cook/sessions`: `{ recipe_slug }` (404 `unknown recipe`).
struct StartCookInput: RequestInput {
    static var example: JSONValue? { ["recipe_slug": "miso-salmon-greens"] }
    let recipeSlug: String
    static let rules: [InputRule<Self>] = [.length("recipe_slug", max: Bounds.label, min: 1) { $0.recipeSlug }]
}

/// Body of `PATCH /api/cook/sessions/{id}`: `{ step }`, zero-based, below
/// the recipe's step count.
struct MoveCookInput: RequestInput {
    static var example: JSONValue? { ["step": 1] }
    let step: Int
    static let rules: [InputRule<Self>] = [.range("step", within: StartTimerInput.steps) { $0.step }]
}

/// Body of `POST /api/cook/sessions/{id}/finish` (may be empty):
/// `{ servings? = 1, slot? = the recipe's kind }`.
struct FinishCookInput: RequestInput {
    static var example: JSONValue? { ["servings": 1.0, "slot": "dinner"] }
    /// Servings eaten, > 0 and ≤ 100.
    var servings: Double?
    /// `breakfast|lunch|dinner|snack` (400 otherwise, as `POST /api/food/log`).
    var slot: String?

    static let rules: [InputRule<Self>] = [
        .custom("servings", publishing: ["exclusiveMinimum": 0, "maximum": .double(MealLogRoutes.maxServings)]) {
            guard let servings = $0.servings, !(servings > 0 && servings <= MealLogRoutes.maxServings) else { return }
            throw ValidationFailure.error(
                loc: ["body", "servings"], type: "value_error",
                msg: "Input should be greater than 0 and at most 100", input: .double(servings))
        },
        .custom("slot", publishing: ["enum": .array(MealSlot.allCases.map { .string($0.rawValue) })]) {
            guard let slot = $0.slot, MealSlot(rawValue: slot) == nil else { return }
            throw HTTPError(400, "slot must be one of ['breakfast', 'lunch', 'dinner', 'snack']")
        },
    ]
}

/// The meal a finish logged: `{ id, duplicate, totals }` (totals of that day).
struct CookLogged: Codable, Sendable {
    let id: String
    let duplicate: Bool
    let totals: DayTotals
}

/// `POST /api/cook/sessions/{id}/finish`: `{ session, log }`; `log` null
/// for a display (no plate) or a vanished recipe.
struct CookFinished: Codable, Sendable {
    let session: CookSessionView
    @Nullable var log: CookLogged?
}

/// `GET /api/cook/state`: `{ session, timers, now }`; `session` null when
/// none is active.
struct CookState: Codable, Sendable {
    @Nullable var session: CookSessionView?
    let timers: [CookTimerView]
    let now: String
}

extension Principal {
    /// The member or display of a `.kitchen` route.
    var kitchenCaller: KitchenCaller {
        guard let kitchen else { preconditionFailure("route is not a .kitchen route") }
        return kitchen
    }
}
