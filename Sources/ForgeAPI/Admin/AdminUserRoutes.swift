import ForgeCore
import ForgeHTTP
import ForgeHousehold
import ForgeStore
import Foundation

/// `GET/POST /api/admin/users` and `PATCH /api/admin/users/{id}` (docs/contract.md §3.18).
/// The demo seat is hidden here and not counted towards the two seats.
enum AdminUserRoutes {
    static func register(_ app: ForgeApp, on router: inout APIRouter) {
        router.route(
            .GET, "/api/admin/users", "Member seats (not the demo), oldest first", access: .admin,
            answers: [AdminUser].self
        ) { _, _ in
            try HouseholdSeats.members(in: app.db).map(AdminUser.init)
        }
        router.route(
            .POST, "/api/admin/users", "Add the second member seat with its profiles, token and starter plan",
            access: .admin, body: NewMemberInput.self, answers: AdminUser.self, errors: [409, 422]
        ) { request, principal in
            let input = try request.decode(NewMemberInput.self)
            let user = try Membership.add(
                email: input.email, name: input.name, passwordHash: nil, now: app.clock.now(), in: app.db)
            Log.notice("member seat added: \(user.email)", fields: ["FORGE_USER": principal.caller.user.email])
            return AdminUser(user)
        }
        router.route(
            .PATCH, "/api/admin/users/:id", "Change a member's email (their sign-in) or name", access: .admin,
            body: MemberPatchInput.self, answers: AdminUser.self, errors: [404, 409, 422]
        ) { request, _ in
            let input = try request.decode(MemberPatchInput.self)
            return AdminUser(
                try HouseholdSeats.update(
                    id: request.parameter("id") ?? "", email: input.email, name: input.name, in: app.db))
        }
    }
}
