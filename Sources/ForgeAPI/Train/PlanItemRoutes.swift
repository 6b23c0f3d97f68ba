import ForgeCore
import ForgeHTTP
import ForgeStore
import ForgeTrain
import Foundation

/// `POST /api/plan-items`: `{ date, kind, title? = "", notes? = "", plan_day?: string | null }`.
struct PlanItemInput: ValidatingInput {
    static var example: JSONValue? {
        ["date": "2026-07-22", "kind": "workout", "title": "Park run", "notes": "Easy pace"]
    }
    let date: String
    let kind: String
    var title: String?
    var notes: String?
    var planDay: String?

    /// - Throws: the contract's 400s (`bad date`, `kind must be workout or
    ///   meal`), else 422 naming an out-of-range date or an over-long field.
    ///   A title is cut to 120 characters after trimming (docs/contract.md §3.2), so
    ///   only a title beyond ``Bounds/note`` is refused.
    static let rules: [InputRule<Self>] = [
        .dateText("date", emptyIsToday: false),
        .custom("kind", publishing: ["enum": ["workout", "meal"]]) {
            guard $0.kind == "workout" || $0.kind == "meal" else {
                throw HTTPError(400, "kind must be workout or meal")
            }
        },
        .length("title", max: Bounds.note) { $0.title },
        .length("notes", max: Bounds.note) { $0.notes },
        .length("plan_day", max: Bounds.label) { $0.planDay },
    ]

    /// The input with its `date` parsed once (`bad date` first, then ``rules``).
    func validated() throws -> OnDay<Self> {
        let day = try DayInput.required(date, field: "date")
        try checkRules()
        return OnDay(input: self, day: day)
    }
}

/// `PATCH /api/plan-items/{id}`: `{ title?, notes? }`; a given title must not be blank.
struct PlanItemPatch: RequestInput {
    static var example: JSONValue? { ["title": "Park run with Ben", "notes": "Easy pace"] }
    var title: String?
    var notes: String?

    static let rules: [InputRule<Self>] = [
        .publish("title", keywords: ["pattern": Check.nonBlank]),  // blank → 400 `title required` (the route)
        .length("title", max: Bounds.note) { $0.title },
        .length("notes", max: Bounds.note) { $0.notes },
    ]
}

/// Planned items: pencil marks on calendar dates (docs/contract.md §3.2).
enum PlanItemRoutes {
    static func register(_ app: ForgeApp, on router: inout APIRouter) {
        router.route(
            .POST, "/api/plan-items", "Pencil in a workout or meal on a date",
            access: .member, body: PlanItemInput.self, answers: PlannedItemWire.self, errors: [400, 422]
        ) { request, principal in
            let checked = try request.decodeValidated(PlanItemInput.self)
            let input = checked.input
            let item = try PlannedItems.add(
                userID: principal.caller.id, date: checked.day, kind: input.kind, title: input.title,
                notes: input.notes, planDay: input.planDay, now: app.clock.now(), in: app.db)
            return PlannedItemWire(item)
        }
        router.route(
            .PATCH, "/api/plan-items/:id", "Edit a planned item's title or notes",
            access: .member, body: PlanItemPatch.self, answers: PlannedItemWire.self, errors: [400, 404, 422]
        ) { request, principal in
            let input = try request.decode(PlanItemPatch.self)
            let item = try PlannedItems.edit(
                request.parameter("id") ?? "", userID: principal.caller.id, title: input.title, notes: input.notes,
                in: app.db)
            return PlannedItemWire(item)
        }
        router.route(
            .DELETE, "/api/plan-items/:id", "Remove a planned item",
            access: .member, answers: OK.self, errors: [404]
        ) { request, principal in
            try PlannedItems.remove(request.parameter("id") ?? "", userID: principal.caller.id, in: app.db)
            return OK()
        }
    }
}
