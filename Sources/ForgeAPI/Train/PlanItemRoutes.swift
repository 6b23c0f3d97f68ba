import ForgeCore
import ForgeHTTP
import ForgeStore
import ForgeTrain
import Foundation

/// Planned items: pencil marks on calendar dates (API.md §3.2).
enum PlanItemRoutes {
    static func register(_ app: ForgeApp, on router: inout APIRouter) {
        router.post("/api/plan-items", summary: "Pencil in a workout or meal on a date",
                    tags: ["auth": "session"], app.signedIn { request, caller in
            let body = JSONBody(object: try request.jsonObject())
            guard let date = LocalDate(try body.string("date")) else { throw HTTPError(400, "bad date") }
            let kind = try body.string("kind")
            guard kind == "workout" || kind == "meal" else { throw HTTPError(400, "kind must be workout or meal") }
            var title = try body.optionalString("title") ?? ""
            let notes = (try body.optionalString("notes") ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
            var planDay = kind == "workout" ? try body.optionalString("plan_day") : nil
            let now = app.clock.now()
            let item = try app.db.write { db -> PlannedItem in
                if let key = planDay {
                    guard key.count == 1, let weekday = Int(key),
                          let day = try PlanStore.active(userID: caller.id, in: db)?.content.day(weekday) else {
                        throw HTTPError(400, "plan_day not in the active plan")
                    }
                    if title.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty { title = day.name }
                    planDay = key
                }
                title = String(title.trimmingCharacters(in: .whitespacesAndNewlines).prefix(120))
                guard !title.isEmpty else { throw HTTPError(400, "title required") }
                return try PlannedItemStore.add(userID: caller.id, date: date, kind: kind, title: title, notes: notes,
                                                planDay: planDay, now: now, in: db)
            }
            return try .json(JSONValue.encoded(item))
        })
        router.patch("/api/plan-items/:id", summary: "Edit a planned item's title or notes",
                     tags: ["auth": "session"], app.signedIn { request, caller in
            let body = JSONBody(object: try request.jsonObject())
            let title = try body.optionalString("title").map { String($0.trimmingCharacters(in: .whitespacesAndNewlines).prefix(120)) }
            let notes = try body.optionalString("notes")?.trimmingCharacters(in: .whitespacesAndNewlines)
            let id = request.parameter("id") ?? ""
            let item = try app.db.write { db -> PlannedItem in
                guard try PlannedItemStore.find(id, userID: caller.id, in: db) != nil else {
                    throw HTTPError(404, "planned item not found")
                }
                if let title, title.isEmpty { throw HTTPError(400, "title required") }
                try PlannedItemStore.update(id, userID: caller.id, title: title, notes: notes, in: db)
                return try PlannedItemStore.find(id, userID: caller.id, in: db)!
            }
            return try .json(JSONValue.encoded(item))
        })
        router.delete("/api/plan-items/:id", summary: "Remove a planned item",
                      tags: ["auth": "session"], app.signedIn { request, caller in
            let deleted = try app.db.write { try PlannedItemStore.delete(request.parameter("id") ?? "", userID: caller.id, in: $0) }
            guard deleted else { throw HTTPError(404, "planned item not found") }
            return .json(JSONValue.object(["ok": true]))
        })
    }
}
