import ForgeCore
import ForgeHTTP
import ForgeHousehold
import ForgeStore
import Foundation
import Synchronization

/// `/auth/*` (docs/contract.md §3.1 with the local-account decisions of docs/architecture.md §16.2).
enum AuthRoutes {
    static func register(_ app: ForgeApp, on router: inout APIRouter) {
        router.route(.GET, "/auth/mode", "Sign-in modes", access: .public, answers: AuthMode.self) { _, _ in
            try app.authMode()
        }
        router.raw(
            .POST, "/auth/dev", "Dev sign-in (only with --dev-auth)", access: .public,
            body: DevSignInInput.self, answers: SignedIn.self, errors: [403, 422]
        ) { request, _ in
            try app.devSignIn(request)
        }
        router.raw(
            .POST, "/auth/login", "Password sign-in", access: .public, body: PasswordSignInInput.self,
            answers: SignedIn.self, errors: [401, 403, 422, 429]
        ) { request, _ in
            try app.passwordSignIn(request)
        }
        router.raw(
            .GET, "/auth/login", "Sign-in page", access: .public, answers: nil as OK.Type?,
            produces: "text/html"
        ) { _, _ in
            .html(LoginPage.html)
        }
        router.raw(.POST, "/auth/logout", "Sign out", access: .public, answers: OK.self) { request, _ in
            try app.checkSameOrigin(request)
            if let token = request.cookie(HouseholdStore.sessionCookieName) { try app.signOut(token: token) }
            var response = Response.wire(OK())
            response.headers.add("Set-Cookie", app.clearedSessionCookie(for: request))
            return response
        }
        router.route(.GET, "/auth/me", "The signed-in user", access: .member, answers: Me.self) { _, principal in
            Me(principal.caller.user)
        }
        router.route(
            .GET, "/auth/csrf", "The page token a form or upload without Origin sends as X-CSRF-Token",
            access: .kitchen, answers: PageToken.self
        ) { request, _ in
            PageToken(csrfToken: app.csrfToken(for: ForgeApp.credentialCookie(request) ?? ""))
        }
        router.raw(
            .POST, "/auth/demo", "Demo sign-in (when an admin enabled the demo seat)", access: .public,
            answers: SignedIn.self, errors: [403, 404]
        ) { request, _ in
            try app.checkSameOrigin(request)
            let demo = try SignIns.seats(in: app.db).first(where: \.isDemo)
            guard let demo else { throw HTTPError(404, "demo not enabled") }
            return try app.signIn(demo, for: request)
        }
        router.raw(
            .GET, "/auth/callback", "Google sign-in callback (not configured)", access: .public,
            answers: nil as OK.Type?, success: 307, errors: [404]
        ) { _, _ in
            throw HTTPError(404, "google not configured")
        }
    }
}

extension ForgeApp {
    /// The `GET /auth/mode` answer.
    func authMode() throws -> AuthMode {
        let users = try SignIns.seats(in: db)
        let seats =
            config.devAuth ? users.filter { !$0.isDemo }.map { AuthMode.Seat(email: $0.email, name: $0.name) } : []
        return AuthMode(
            google: false, dev: config.devAuth, demo: users.contains(where: \.isDemo), users: seats,
            password: true)
    }

    func devSignIn(_ request: Request) throws -> Response {
        guard config.devAuth else { throw HTTPError(403, "dev sign-in disabled") }
        try checkSameOrigin(request)
        let email = HouseholdStore.normaliseEmail(try request.decode(DevSignInInput.self).email)
        guard let user = try SignIns.seat(email: email, in: db), !user.isDemo else {
            throw HTTPError(403, "not on the list")
        }
        Log.notice("dev sign-in", fields: ["FORGE_USER": user.id, "FORGE_REQUEST_ID": request.requestID])
        return try signIn(user, for: request)
    }

    func passwordSignIn(_ request: Request) throws -> Response {
        try checkSameOrigin(request)
        let input = try request.decode(PasswordSignInInput.self)
        let email = HouseholdStore.normaliseEmail(input.email)
        let password = input.password
        let now = clock.now()
        if let wait = throttle.retryAfter(email: email, address: request.remoteAddress, now: now) {
            throw HTTPError(429, "too many failed sign-ins; try again later", headers: ["Retry-After": String(wait)])
        }
        if let wait = throttle.accountRetryAfter(email: email, now: now) {
            throw HTTPError(
                429, "too many failed sign-ins to this account; try again later", headers: ["Retry-After": String(wait)]
            )
        }
        let found = try SignIns.credentials(email: email, in: db)
        let verified: User?
        if let (user, hash) = found, let hash {
            verified = hasher.verify(password, against: hash) ? user : nil
        } else {
            _ = hasher.verify(password, against: dummyHash)  // same cost for unknown emails
            verified = nil
        }
        guard let user = verified, !user.isDemo else {
            if let delay = throttle.fail(email: email, address: request.remoteAddress, now: now) {
                Log.warning(
                    "sign-ins to one account keep failing from any address: its next attempt waits \(Int(delay)) s",
                    id: .accountThrottled,
                    fields: [
                        "FORGE_EMAIL": email, "REMOTE_ADDR": request.remoteAddress,
                        "FORGE_REQUEST_ID": request.requestID,
                    ])
            }
            Log.notice(
                "sign-in failed", id: .loginFailed,
                fields: ["FORGE_REQUEST_ID": request.requestID, "REMOTE_ADDR": request.remoteAddress])
            throw HTTPError(401, "invalid email or password")
        }
        throttle.succeed(email: email, address: request.remoteAddress)
        return try signIn(user, for: request)
    }

    /// Creates a session for `user` and answers `{ok: true, name}` with the cookie.
    func signIn(_ user: User, for request: Request) throws -> Response {
        let token: String
        do {
            token = try SignIns.startSession(userID: user.id, now: clock.now(), in: db)
        } catch  where StorageErrors.refusedForSpace(error) {
            // Reading needs no room: the session waits in memory until the disk has some.
            token = try holdSession(for: user, now: clock.now())
            Log.notice("signed in while the disk is full: the session is kept in memory until it can be saved")
        }
        var response = Response.wire(SignedIn(name: user.name))
        response.headers.add("Set-Cookie", sessionCookie(token, for: request))
        return response
    }

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
