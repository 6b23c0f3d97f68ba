import ForgeCore
import ForgeHTTP
import ForgeHousehold
import ForgeStore
import Foundation

extension ForgeApp {
    /// Resolves the session cookie to a user.
    /// - Throws: 401 `not signed in` (no cookie), `invalid session` (unknown or
    ///   expired token), `unknown user` (the seat was deleted).
    /// - Parameter generation: the database generation when the caller already
    ///   read it for this request (a cached route reads it once, first);
    ///   read here otherwise.
    func caller(of request: Request, generation: Generation? = nil) throws -> Caller {
        guard let token = request.cookie(HouseholdStore.sessionCookieName), !token.isEmpty else {
            Self.authDebug(request, "refused: no session cookie")
            throw HTTPError(401, "not signed in")
        }
        let now = clock.now()
        // The generation is read before the lookup, so a cached answer is never older than it claims.
        let generation = generation ?? db.generation()
        if let hit = callers.caller(token: token, generation: generation, now: now) {
            Self.authDebug(request, "caller cache hit: member \(hit.id)")
            return hit
        }
        // Signed in while the disk was full: saved once there is room, known from memory until then.
        if let held = try heldCaller(token: token, now: now) { return held }
        let caller: Caller
        let expires: Date
        do {
            let session = try SignIns.session(token: token, now: now, in: db)
            (caller, expires) = (Caller(user: session.user), session.expires)
        } catch let error as SignInError {
            switch error {
            case .invalidSession: Self.authDebug(request, "refused: session unknown, expired or revoked")
            case .unknownUser(let id):
                Self.authDebug(request, "refused: the session's member \(id ?? "?") no longer exists")
            }
            throw error
        }
        callers.store(token: token, caller: caller, expires: expires, generation: generation)
        Self.authDebug(request, "caller cache miss: member \(caller.id) read from the session table")
        return caller
    }

    /// A debug line for one sign-in decision. Names the member id and the
    /// reason, never the token or the cookie; built only when debug is on.
    static func authDebug(_ request: Request, _ decision: @autoclosure () -> String) {
        guard Log.isEnabled(.debug) else { return }
        Log.debug(
            "auth: \(decision()) (\(request.method.rawValue) \(request.path))",
            fields: ["FORGE_REQUEST_ID": request.requestID])
    }

    /// `scheme://host[:port]` of a URL, lower-cased, without path.
    static func origin(of url: String) -> String {
        guard let comps = URLComponents(string: url), let scheme = comps.scheme, let host = comps.host else {
            return url.lowercased()
        }
        let port = comps.port.map { ":\($0)" } ?? ""
        let shownHost = host.contains(":") && !host.hasPrefix("[") ? "[\(host)]" : host
        return "\(scheme)://\(shownHost)\(port)".lowercased()
    }

    /// Whether cookies set in answer to `request` get `Secure`: the base URL
    /// is https, or the request came over https (directly, or to a trusted proxy).
    func secureCookies(_ request: Request) -> Bool {
        config.isSecure || request.scheme == "https"
    }

    /// `Set-Cookie` value for a new session token.
    func sessionCookie(_ token: String, for request: Request) -> String {
        var cookie =
            "\(HouseholdStore.sessionCookieName)=\(token); Path=/; Max-Age=\(Int(HouseholdStore.sessionLifetime)); HttpOnly; SameSite=Lax"
        if secureCookies(request) { cookie += "; Secure" }
        return cookie
    }

    /// `Set-Cookie` value that deletes the session cookie.
    func clearedSessionCookie(for request: Request) -> String {
        "\(HouseholdStore.sessionCookieName)=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax"
            + (secureCookies(request) ? "; Secure" : "")
    }
}
