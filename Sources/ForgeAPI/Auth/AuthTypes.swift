import ForgeCore
import ForgeHTTP
import ForgeHousehold
import Foundation

/// Longest accepted email address, characters (RFC 5321's path limit).
let maxEmailLength = 254
/// Longest accepted password, characters: hashing is costly, so a
/// megabyte "password" is refused before it reaches Argon2id.
let maxPasswordLength = 1024

/// `GET /auth/mode` (docs/contract.md §3.1): which sign-ins are open. `users` lists
/// the non-demo seats oldest first while dev sign-in is on, else `[]`;
/// `password` (forged's local accounts, docs/architecture.md §16.2) is always true.
struct AuthMode: Codable, Sendable {
    struct Seat: Codable, Sendable { let email, name: String }
    let google: Bool
    let dev: Bool
    /// A demo user exists.
    let demo: Bool
    let users: [Seat]
    let password: Bool
}

/// `{ ok: true, name }`: a successful sign-in (the cookie rides along).
struct SignedIn: Codable, Sendable {
    var ok = true
    let name: String
}

/// `GET /auth/csrf`: `{csrf_token}`, 32 hex digits bound to the caller's session (or display)
/// cookie; a script uploading a file without `Origin` sends it as `X-CSRF-Token`.
struct PageToken: Codable, Sendable {
    let csrfToken: String
}

/// `GET /auth/me`: the signed-in user. `role` is `admin|member|demo`,
/// `units` `kg|lb`; `prefs` is the client's own open object.
struct Me: Codable, Sendable {
    let id, email, name, role, units: String
    let prefs: [String: JSONValue]
    init(_ u: User) {
        id = u.id
        email = u.email
        name = u.name
        role = u.role
        units = u.units
        prefs = u.prefs
    }
}

/// `POST /auth/dev` body `{ email }`; at most ``maxEmailLength`` characters (422).
struct DevSignInInput: RequestInput {
    static var example: JSONValue? { ["email": "ada@example.org"] }
    let email: String
    static let rules: [InputRule<Self>] = [.length("email", max: maxEmailLength) { $0.email }]
}

/// `POST /auth/login` body `{ email, password }`; 422 when either is missing,
/// not a string or over ``maxEmailLength`` / ``maxPasswordLength``.
struct PasswordSignInInput: RequestInput {
    static var example: JSONValue? { ["email": "ada@example.org", "password": "a long passphrase"] }
    let email: String
    let password: String
    static let rules: [InputRule<Self>] = [
        .length("email", max: maxEmailLength) { $0.email },
        .length("password", max: maxPasswordLength) { $0.password },
    ]
}
