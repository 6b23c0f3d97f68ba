import ForgeCore
import ForgeHTTP
import ForgeHousehold
import ForgeStore
import Foundation

extension ForgeApp {
    /// Resolves the session cookie to a user.
    /// - Throws: 401 `not signed in` (no cookie), `invalid session` (unknown or
    ///   expired token), `unknown user` (the seat was deleted).
    func caller(of request: Request) throws -> Caller {
        guard let token = request.cookie(HouseholdStore.sessionCookieName), !token.isEmpty else {
            throw HTTPError(401, "not signed in")
        }
        let now = clock.now()
        // The generation is read before the lookup, so a cached answer is never older than it claims.
        let generation = db.generation()
        if let hit = callers.caller(token: token, generation: generation, now: now) { return hit }
        let (caller, expires) = try db.read { db in
            guard let session = try HouseholdStore.session(token: token, now: now, in: db) else {
                throw HTTPError(401, "invalid session")
            }
            guard let user = try HouseholdStore.user(id: session.userID, in: db) else { throw HTTPError(401, "unknown user") }
            return (Caller(user: user), session.expires)
        }
        callers.store(token: token, caller: caller, expires: expires, generation: generation)
        return caller
    }

    /// The same-origin rule for cookie-authenticated unsafe methods
    /// (docs/architecture.md §16): reject when `Origin` is present and is neither
    /// the base URL's origin nor the request's own `Host`, or when
    /// `Sec-Fetch-Site` is `cross-site`. Requests with neither header pass.
    /// - Throws: 403 `cross-origin request refused`.
    func checkSameOrigin(_ request: Request) throws {
        guard [.POST, .PUT, .PATCH, .DELETE].contains(request.method) else { return }
        if request.headers["Sec-Fetch-Site"]?.lowercased() == "cross-site" {
            throw HTTPError(403, "cross-origin request refused")
        }
        guard let origin = request.headers["Origin"]?.lowercased() else { return }
        var allowed: Set<String> = [Self.origin(of: config.baseURL)]
        if let host = request.headers["Host"]?.lowercased() {
            allowed.insert("http://" + host)
            allowed.insert("https://" + host)
        }
        guard allowed.contains(origin) else { throw HTTPError(403, "cross-origin request refused") }
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

    /// Wraps a handler that needs a signed-in member: same-origin rule, then
    /// the session.
    func signedIn(_ handler: @escaping @Sendable (Request, Caller) throws -> Response) -> Handler {
        { [self] request in
            let caller = try self.caller(of: request)
            try self.checkSameOrigin(request)
            return try handler(request, caller)
        }
    }

    /// `Set-Cookie` value for a new session token.
    func sessionCookie(_ token: String) -> String {
        var cookie = "\(HouseholdStore.sessionCookieName)=\(token); Path=/; Max-Age=\(Int(HouseholdStore.sessionLifetime)); HttpOnly; SameSite=Lax"
        if config.isSecure { cookie += "; Secure" }
        return cookie
    }

    /// `Set-Cookie` value that deletes the session cookie.
    var clearedSessionCookie: String {
        "\(HouseholdStore.sessionCookieName)=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax" + (config.isSecure ? "; Secure" : "")
    }
}
