import ForgeCoach
import ForgeCore
import ForgeHTTP
import Foundation

/// `GET/POST/DELETE /api/admin/demo` and `POST /api/admin/demo/enrich` (docs/contract.md §3.18, §4.26).
enum AdminDemoRoutes {
    static func register(_ app: ForgeApp, on router: inout APIRouter) {
        router.route(
            .GET, "/api/admin/demo", "Whether the demo seat exists", access: .admin,
            answers: DemoState.self
        ) { _, _ in
            DemoState(exists: try DemoSeat.exists(in: app.db))
        }
        router.route(
            .POST, "/api/admin/demo", "Delete and re-create the demo seat with its generated history",
            access: .admin, answers: DemoState.self
        ) { _, principal in
            try DemoSeat.reset(now: app.clock.now(), calendar: app.calendar, in: app.db)
            Log.notice("demo seat reset", fields: ["FORGE_USER": principal.caller.user.email])
            return DemoState(exists: true)
        }
        router.route(
            .POST, "/api/admin/demo/enrich", "Add the demo's food block when it has none", access: .admin,
            answers: DemoEnriched.self
        ) { _, _ in
            let (exists, added) = try DemoSeat.enrich(now: app.clock.now(), in: app.db)
            return DemoEnriched(exists: exists, added: added ? ["food"] : [])
        }
        router.route(
            .DELETE, "/api/admin/demo", "Delete the demo seat and every row it owns", access: .admin,
            answers: DemoState.self
        ) { _, principal in
            if try DemoSeat.remove(in: app.db) {
                Log.notice("demo seat deleted", fields: ["FORGE_USER": principal.caller.user.email])
            }
            return DemoState(exists: false)
        }
    }
}
