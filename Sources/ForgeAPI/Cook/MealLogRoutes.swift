import ForgeCook
import ForgeCore
import ForgeHTTP
import ForgeStore
import Foundation

/// `POST /api/food/log` and `DELETE /api/food/log/{id}` (API.md §3.15, §4.20):
/// ticking or logging a meal onto the caller's own plate. Logs are strictly
/// per user; the demo's logs are its own rows like anyone's.
enum MealLogRoutes {
    /// Largest `servings` accepted; more is a typo, not a meal.
    static let maxServings = 100.0

    static func register(_ app: ForgeApp, on router: inout APIRouter) {
        router.post("/api/food/log", summary: "Log a meal to the caller's plate (idempotent by client_id)",
                    tags: ["auth": "session", "upload": "yes"], app.signedIn { request, caller in
            let input = try mealInput(request, today: app.today)
            let result = try foodErrors { try app.db.write { db in
                if let clientID = input.clientID,
                   let original = try MealLogStore.id(clientID: clientID, userID: caller.id, in: db) {
                    return MealLogResult(id: original, duplicate: true,
                                         totals: try MealLogStore.totals(userID: caller.id, day: input.day, in: db))
                }
                var stored = input
                stored.photos = try MealPhotos.materialise(input.photos, owner: caller.id, now: app.clock.now(), in: db)
                return try MealLogStore.log(stored, userID: caller.id, now: app.clock.now(), in: db)
            } }
            return .json(["id": .string(result.id), "duplicate": .bool(result.duplicate),
                          "totals": try .encoded(result.totals)])
        })
        router.delete("/api/food/log/:id", summary: "Remove one of the caller's meal logs",
                      tags: ["auth": "session"], app.signedIn { request, caller in
            let id = request.parameter("id") ?? ""
            let totals = try app.db.write { db -> Macros? in
                guard let day = try MealLogStore.delete(id: id, userID: caller.id, in: db) else { return nil }
                return try MealLogStore.totals(userID: caller.id, day: day, in: db)
            }
            guard let totals else { throw HTTPError(404, "not found") }
            return .json(["ok": true, "totals": try .encoded(totals)])
        })
    }

    /// Parses the body of `POST /api/food/log`. Checks, in order: field types and
    /// limits (422: `servings` in (0, 100], macros ≥ 0, `client_id` ≤ 40, `venue` ≤ 80,
    /// `currency` ≤ 8 characters), then `slot` (400), then `date` (400 `bad date`).
    static func mealInput(_ request: Request, today: LocalDate) throws -> MealLogInput {
        let body = JSONBody(object: try request.jsonObject())
        let servings = try body.foodNumber("servings") ?? 1
        guard servings > 0, servings <= maxServings else {
            throw ValidationFailure.error(loc: ["body", "servings"], type: servings > 0 ? "less_than_equal" : "greater_than",
                                          msg: servings > 0 ? "Input should be less than or equal to 100"
                                                            : "Input should be greater than 0",
                                          input: body.object["servings"])
        }
        var macros: [String: Double] = [:]
        for key in Macros.keys {
            if let value = try body.foodNumber(key, minimum: 0) { macros[key] = value }
        }
        let clientID = try body.foodText("client_id", maxLength: 40).flatMap { $0.isEmpty ? nil : $0 }
        var input = MealLogInput(
            day: today, slot: .snack, recipe: try body.optionalString("recipe"), servings: servings,
            label: try body.optionalString("label"), macros: macros,
            estimated: try body.optionalBool("estimated") ?? false, source: try body.foodText("source", maxLength: 24),
            clientID: clientID, venue: try body.foodText("venue", maxLength: 80) ?? "",
            cost: try body.foodNumber("cost", minimum: 0) ?? 0, currency: try body.foodText("currency", maxLength: 8) ?? "",
            note: try body.optionalString("note") ?? "", photos: try body.foodStrings("photos"))
        input.slot = try body.mealSlot()
        input.day = try body.foodDate(today: today)
        return input
    }
}
