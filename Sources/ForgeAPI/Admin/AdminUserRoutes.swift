import ForgeCore
import ForgeHTTP
import ForgeStore
import Foundation

/// `GET/POST /api/admin/users` and `PATCH /api/admin/users/{id}` (API.md §3.18).
/// The demo seat is hidden here and not counted towards the two seats.
enum AdminUserRoutes {
    static func register(_ app: ForgeApp, on router: inout APIRouter) {
        router.get("/api/admin/users", summary: "Member seats (not the demo), oldest first",
                   tags: ["auth": "admin"], app.adminOnly { _, _ in
            let users = try app.db.read { try UserDirectory.all($0) }.filter { !$0.isDemo }
            return .json(.array(users.map(row)))
        })
        router.post("/api/admin/users", summary: "Add the second member seat with its profiles, token and starter plan",
                    tags: ["auth": "admin"], app.adminOnly { request, caller in
            let body = JSONBody(object: try request.jsonObject())
            let email = try body.optionalString("email") ?? ""
            let name = try body.optionalString("name") ?? ""
            do {
                let user = try Membership.add(email: email, name: name, passwordHash: nil, now: app.clock.now(), in: app.db)
                Log.notice("member seat added: \(user.email)", fields: ["FORGE_USER": caller.user.email])
                return .json(row(user))
            } catch let error as UserError {
                throw httpError(error)
            }
        })
        router.patch("/api/admin/users/:id", summary: "Change a member's email (their sign-in) or name",
                     tags: ["auth": "admin"], app.adminOnly { request, _ in
            let id = request.parameter("id") ?? ""
            let body = JSONBody(object: try request.jsonObject())
            let email = try body.optionalString("email")
            let name = try body.optionalString("name")
            do {
                let user = try app.db.write { c in try update(id: id, email: email, name: name, in: c) }
                return .json(row(user))
            } catch let error as UserError {
                throw httpError(error)
            }
        })
    }

    /// Applies a PATCH in the contract's order: unknown (or demo) user, email
    /// shape, name, then an email already used by another seat.
    static func update(id: String, email rawEmail: String?, name rawName: String?, in c: Connection) throws -> User {
        guard let user = try UserDirectory.find(id: id, in: c), !user.isDemo else { throw UserError.unknownUser }
        let email = rawEmail.map(UserDirectory.normalise)
        if let email, !UserDirectory.isValidEmail(email) { throw UserError.invalidEmail }
        let name = rawName?.trimmingCharacters(in: .whitespacesAndNewlines)
        if let name, name.isEmpty { throw UserError.nameRequired }
        if let email, let other = try UserDirectory.find(email: email, in: c), other.id != id { throw UserError.emailInUse }
        if let email { try c.execute("UPDATE users SET email = ? WHERE id = ?", [email, id]) }
        if let name { try c.execute("UPDATE users SET name = ? WHERE id = ?", [name, id]) }
        return try UserDirectory.find(id: id, in: c) ?? user
    }

    /// `{ id, email, name, role }`.
    static func row(_ user: User) -> JSONValue {
        ["id": .string(user.id), "email": .string(user.email), "name": .string(user.name), "role": .string(user.role)]
    }

    /// The contract's statuses: 409 seat cap and duplicate email, 422 field validation, 404 unknown user.
    static func httpError(_ error: UserError) -> HTTPError {
        switch error {
        case .bothSeatsTaken, .emailInUse: HTTPError(409, error.description)
        case .invalidEmail, .nameRequired, .passwordRequired: HTTPError(422, error.description)
        case .unknownUser: HTTPError(404, error.description)
        }
    }
}
