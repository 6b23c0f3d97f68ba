import ForgeCore
import ForgeHTTP
import ForgeStore
import Foundation

/// `GET/POST/DELETE /api/admin/demo` and `POST /api/admin/demo/enrich` (docs/contract.md §3.18, §4.26).
enum AdminDemoRoutes {
    static func register(_ app: ForgeApp, on router: inout APIRouter) {
        router.route(
            .GET, "/api/admin/demo", "Whether the demo seat exists", access: .admin,
            answers: DemoState.self
        ) { _, _ in
            DemoState(exists: try app.db.read { try DemoSeat.find(in: $0) } != nil)
        }
        router.route(
            .POST, "/api/admin/demo", "Delete and re-create the demo seat with its generated history",
            access: .admin, answers: DemoState.self
        ) { _, principal in
            let now = app.clock.now()
            _ = try app.db.write { c in
                try DemoSeat.create(today: app.calendar.date(of: now), now: now, calendar: app.calendar, in: c)
            }
            Log.notice("demo seat reset", fields: ["FORGE_USER": principal.caller.user.email])
            return DemoState(exists: true)
        }
        router.route(
            .POST, "/api/admin/demo/enrich", "Add the demo's food block when it has none", access: .admin,
            answers: DemoEnriched.self
        ) { _, _ in
            let now = app.clock.now()
            let (exists, added) = try app.db.write { c -> (Bool, Bool) in
                guard let demo = try DemoSeat.find(in: c) else { return (false, false) }
                return (true, try DemoSeat.addFood(userID: demo.id, now: now, in: c))
            }
            return DemoEnriched(exists: exists, added: added ? ["food"] : [])
        }
        router.route(
            .DELETE, "/api/admin/demo", "Delete the demo seat and every row it owns", access: .admin,
            answers: DemoState.self
        ) { _, principal in
            if try app.db.write({ try DemoSeat.delete(in: $0) }) {
                Log.notice("demo seat deleted", fields: ["FORGE_USER": principal.caller.user.email])
            }
            return DemoState(exists: false)
        }
    }
}
