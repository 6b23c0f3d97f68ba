import ForgeCore
import ForgeHTTP
import ForgeStore
import Foundation

/// `GET/POST/DELETE /api/admin/demo` and `POST /api/admin/demo/enrich` (API.md §3.18, §4.26).
enum AdminDemoRoutes {
    static func register(_ app: ForgeApp, on router: inout APIRouter) {
        router.get("/api/admin/demo", summary: "Whether the demo seat exists", tags: ["auth": "admin"], app.adminOnly { _, _ in
            let exists = try app.db.read { try DemoSeat.find(in: $0) } != nil
            return .json(["exists": .bool(exists)] as JSONValue)
        })
        router.post("/api/admin/demo", summary: "Delete and re-create the demo seat with its generated history",
                    tags: ["auth": "admin"], app.adminOnly { _, caller in
            let now = app.clock.now()
            _ = try app.db.write { c in
                try DemoSeat.create(today: app.calendar.date(of: now), now: now, calendar: app.calendar, in: c)
            }
            Log.notice("demo seat reset", fields: ["FORGE_USER": caller.user.email])
            return .json(["exists": true] as JSONValue)
        })
        router.post("/api/admin/demo/enrich", summary: "Add the demo's food block when it has none",
                    tags: ["auth": "admin"], app.adminOnly { _, _ in
            let now = app.clock.now()
            let (exists, added) = try app.db.write { c -> (Bool, Bool) in
                guard let demo = try DemoSeat.find(in: c) else { return (false, false) }
                return (true, try DemoSeat.addFood(userID: demo.id, now: now, in: c))
            }
            return .json(["exists": .bool(exists), "added": .strings(added ? ["food"] : [])] as JSONValue)
        })
        router.delete("/api/admin/demo", summary: "Delete the demo seat and every row it owns",
                      tags: ["auth": "admin"], app.adminOnly { _, caller in
            if try app.db.write({ try DemoSeat.delete(in: $0) }) {
                Log.notice("demo seat deleted", fields: ["FORGE_USER": caller.user.email])
            }
            return .json(["exists": false] as JSONValue)
        })
    }
}
