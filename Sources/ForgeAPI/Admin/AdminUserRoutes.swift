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
            try app.db.read { try HouseholdStore.allUsers($0) }.filter { !$0.isDemo }.map(AdminUser.init)
        }
        router.route(
            .POST, "/api/admin/users", "Add the second member seat with its profiles, token and starter plan",
            access: .admin, body: NewMemberInput.self, answers: AdminUser.self, errors: [409, 422]
        ) { request, principal in
            let input = try request.decode(NewMemberInput.self)
            do {
                let user = try Membership.add(
                    email: input.email, name: input.name, passwordHash: nil,
                    now: app.clock.now(), in: app.db)
                Log.notice("member seat added: \(user.email)", fields: ["FORGE_USER": principal.caller.user.email])
                return AdminUser(user)
            } catch let error as UserError {
                throw httpError(error)
            }
        }
        router.route(
            .PATCH, "/api/admin/users/:id", "Change a member's email (their sign-in) or name", access: .admin,
            body: MemberPatchInput.self, answers: AdminUser.self, errors: [404, 409, 422]
        ) { request, _ in
            let id = request.parameter("id") ?? ""
            let input = try request.decode(MemberPatchInput.self)
            do {
                let user = try app.db.write { c in try update(id: id, email: input.email, name: input.name, in: c) }
                return AdminUser(user)
            } catch let error as UserError {
                throw httpError(error)
            }
        }
    }

    /// Applies a PATCH in the contract's order: unknown (or demo) user, email
    /// shape, name, then an email already used by another seat.
    static func update(id: String, email rawEmail: String?, name rawName: String?, in c: Connection) throws -> User {
        try HouseholdStore.updateMember(id: id, email: rawEmail, name: rawName, in: c)
    }

    /// The contract's statuses: 409 seat cap and duplicate email, 422 field validation, 404 unknown user.
    static func httpError(_ error: UserError) -> HTTPError {
        switch error {
        case .bothSeatsTaken, .emailInUse: HTTPError(409, error.description)
        case .invalidEmail, .nameRequired, .passwordRequired, .invalidUnits: HTTPError(422, error.description)
        case .unknownUser: HTTPError(404, error.description)
        }
    }
}
