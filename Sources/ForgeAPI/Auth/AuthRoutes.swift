import ForgeCore
import ForgeHTTP
import ForgeStore
import Foundation

/// `/auth/*` (API.md §3.1 with DESIGN.md's local-account decisions).
enum AuthRoutes {
    static func register(_ app: ForgeApp, on router: inout APIRouter) {
        router.get("/auth/mode", summary: "Sign-in modes", tags: ["auth": "public"]) { _ in
            try app.authMode()
        }
        router.post("/auth/dev", summary: "Dev sign-in (only with --dev-auth)", tags: ["auth": "public"]) { request in
            try app.devSignIn(request)
        }
        router.post("/auth/login", summary: "Password sign-in", tags: ["auth": "public"]) { request in
            try app.passwordSignIn(request)
        }
        router.get("/auth/login", summary: "Sign-in page", tags: ["auth": "public", "produces": "text/html"]) { _ in
            .html(LoginPage.html)
        }
        router.post("/auth/logout", summary: "Sign out", tags: ["auth": "public"]) { request in
            if let token = request.cookie(SessionStore.cookieName) {
                try app.db.write { try SessionStore.revoke(token: token, in: $0) }
            }
            var response = try Response.json(["ok": true])
            response.headers.add("Set-Cookie", app.clearedSessionCookie)
            return response
        }
        router.get("/auth/me", summary: "The signed-in user", tags: ["auth": "session"], app.signedIn { _, caller in
            try .json(MeBody(caller.user))
        })
        router.post("/auth/demo", summary: "Demo sign-in (when an admin enabled the demo seat)", tags: ["auth": "public"]) { request in
            try app.checkSameOrigin(request)
            let demo = try app.db.read { db in try UserDirectory.all(db).first(where: \.isDemo) }
            guard let demo else { throw HTTPError(404, "demo not enabled") }
            return try app.signIn(demo)
        }
        router.get("/auth/callback", summary: "Google sign-in callback (not configured)", tags: ["auth": "public"]) { _ in
            throw HTTPError(404, "google not configured")
        }
    }

    struct MeBody: Encodable {
        let id, email, name, role, units: String
        let prefs: [String: JSONValue]
        init(_ u: User) { id = u.id; email = u.email; name = u.name; role = u.role; units = u.units; prefs = u.prefs }
    }
}

extension ForgeApp {
    struct ModeBody: Encodable {
        struct Seat: Encodable { let email, name: String }
        let google: Bool, dev: Bool, demo: Bool, password: Bool
        let users: [Seat]
    }

    func authMode() throws -> Response {
        let users = try db.read { try UserDirectory.all($0) }
        let seats = config.devAuth ? users.filter { !$0.isDemo }.map { ModeBody.Seat(email: $0.email, name: $0.name) } : []
        return try .json(ModeBody(google: false, dev: config.devAuth, demo: users.contains(where: \.isDemo),
                                  password: true, users: seats))
    }

    func devSignIn(_ request: Request) throws -> Response {
        guard config.devAuth else { throw HTTPError(403, "dev sign-in disabled") }
        try checkSameOrigin(request)
        let email = UserDirectory.normalise(try JSONBody(object: request.jsonObject()).string("email"))
        guard let user = try db.read({ try UserDirectory.find(email: email, in: $0) }), !user.isDemo else {
            throw HTTPError(403, "not on the list")
        }
        Log.notice("dev sign-in", fields: ["FORGE_USER": user.id, "FORGE_REQUEST_ID": request.requestID])
        return try signIn(user)
    }

    func passwordSignIn(_ request: Request) throws -> Response {
        try checkSameOrigin(request)
        let body = JSONBody(object: try request.jsonObject())
        let email = UserDirectory.normalise(try body.string("email"))
        let password = try body.string("password")
        let now = clock.now()
        if let wait = throttle.retryAfter(email: email, address: request.remoteAddress, now: now) {
            throw HTTPError(429, "too many failed sign-ins; try again later", headers: ["Retry-After": String(wait)])
        }
        let found = try db.read { db -> (User, String?)? in
            guard let user = try UserDirectory.find(email: email, in: db) else { return nil }
            return (user, try UserDirectory.passwordHash(userID: user.id, in: db))
        }
        let verified: User?
        if let (user, hash) = found, let hash {
            verified = hasher.verify(password, against: hash) ? user : nil
        } else {
            _ = hasher.verify(password, against: dummyHash)   // same cost for unknown emails
            verified = nil
        }
        guard let user = verified, !user.isDemo else {
            throttle.fail(email: email, address: request.remoteAddress, now: now)
            Log.notice("sign-in failed", id: .loginFailed, fields: ["FORGE_REQUEST_ID": request.requestID, "REMOTE_ADDR": request.remoteAddress])
            throw HTTPError(401, "invalid email or password")
        }
        throttle.succeed(email: email, address: request.remoteAddress)
        return try signIn(user)
    }

    /// Creates a session for `user` and answers `{ok: true, name}` with the cookie.
    func signIn(_ user: User) throws -> Response {
        let token = try db.write { try SessionStore.create(userID: user.id, now: clock.now(), in: $0) }
        var response = try Response.json(SignInBody(ok: true, name: user.name))
        response.headers.add("Set-Cookie", sessionCookie(token))
        return response
    }

    struct SignInBody: Encodable { let ok: Bool; let name: String }

    /// A fixed hash verified against for unknown emails.
    var dummyHash: String { ForgeApp.dummyHashes.value(for: hasher) }
    static let dummyHashes = DummyHashCache()
}

/// Caches one dummy Argon2id hash per cost so unknown-email logins cost the
/// same as wrong-password ones.
final class DummyHashCache: Sendable {
    private let cached = Mutex<String?>(nil)
    func value(for hasher: PasswordHasher) -> String {
        cached.withLock { cache in
            if let cache { return cache }
            let hash = hasher.dummyHash()
            cache = hash
            return hash
        }
    }
}

import Synchronization
