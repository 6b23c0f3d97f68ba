import ForgeCore
import ForgeHTTP
import ForgeHousehold
import ForgeStore
import Foundation

/// The cross-site rules (issue 40; docs/architecture.md §16): which state-changing requests a
/// page on another site, or a name that rebinds to this server, can never make.
extension ForgeApp {
    /// The same-site rule for a state-changing request (POST, PUT, PATCH, DELETE):
    /// - 403 when `Sec-Fetch-Site` is present and is neither `same-origin` nor `none`;
    /// - 403 when `Origin` is present and foreign (`null` included);
    /// - 403 when there is no `Origin` and `Referer` is present and foreign;
    /// - with none of the three headers and the session or display cookie, a JSON body (or no
    ///   body) passes, since a cross-site JSON request needs a preflight forged never grants;
    ///   a form, multipart, text/plain or raw body needs the page's token (``csrfToken(for:)``)
    ///   in `X-CSRF-Token`.
    /// Same-origin is the base URL's origin or the request's own (its real scheme and `Host`,
    /// which ``checkHost(_:)`` has vouched for when `--base-url` is set).
    /// - Throws: 403 `cross-origin request refused: WHY` naming the header that told (or `… needs
    ///   the page's token`).
    func checkSameOrigin(_ request: Request) throws {
        guard [.POST, .PUT, .PATCH, .DELETE].contains(request.method) else { return }
        let site = request.headers["Sec-Fetch-Site"]?.lowercased()
        if let site, site != "same-origin", site != "none" {
            throw Self.crossSite("the browser says Sec-Fetch-Site: \(site)")
        }
        let origin = request.headers["Origin"]?.lowercased()
        let referer = request.headers["Referer"]
        if let origin {
            guard origin != "null" else { throw Self.crossSite("Origin: null (a sandboxed page or a redirect)") }
            guard sameOrigins(request).contains(origin) else {
                throw Self.crossSite("Origin \(origin) is not this server's")
            }
        } else if let referer {
            let from = Self.origin(of: referer)
            guard sameOrigins(request).contains(from) else {
                throw Self.crossSite("no Origin, and the Referer is from \(from.isEmpty ? "elsewhere" : from)")
            }
        }
        guard site == nil, origin == nil, referer == nil, let cookie = Self.credentialCookie(request) else { return }
        guard !Self.isJSONOrEmpty(request) else { return }
        guard let sent = request.headers["X-CSRF-Token"], Sodium.equal(sent, csrfToken(for: cookie))
        else {
            throw HTTPError(
                403,
                "a form or upload without Origin needs the page's token: send X-CSRF-Token (GET /auth/csrf), "
                    + "or Origin")
        }
    }

    /// The refusal of a request another site made, naming the header that told (`why`).
    static func crossSite(_ why: String) -> HTTPError {
        HTTPError(403, "cross-origin request refused: \(why)")
    }

    /// The session cookie's value, else the display cookie's, or nil.
    static func credentialCookie(_ request: Request) -> String? {
        for name in [HouseholdStore.sessionCookieName, DisplayStore.cookieName] {
            if let value = request.cookie(name), !value.isEmpty { return value }
        }
        return nil
    }

    /// Whether the body is JSON (`application/json`, `…+json`) or there is none.
    static func isJSONOrEmpty(_ request: Request) -> Bool {
        guard let type = request.headers["Content-Type"], !type.isEmpty else {
            return request.body.isEmpty && request.bodyFile == nil
        }
        let media = type.split(separator: ";").first.map { $0.trimmingCharacters(in: .whitespaces).lowercased() } ?? ""
        return media == "application/json" || media.hasSuffix("+json")
    }

    /// The page token bound to a session (or display) cookie value: the first 32 hex digits of
    /// SHA-256(`forge-csrf:` + the cookie). A page from another site cannot read the cookie,
    /// so it cannot make the token.
    func csrfToken(for cookie: String) -> String {
        String(Sodium.sha256Hex("forge-csrf:" + cookie).prefix(32))
    }

    /// The origins that count as this server's for `request`: the base URL's, and the request's own.
    func sameOrigins(_ request: Request) -> Set<String> {
        var allowed: Set<String> = [Self.origin(of: config.baseURL)]
        if let host = request.headers["Host"]?.lowercased() {
            allowed.insert(request.scheme + "://" + host)
            // A default port may be written out or left off.
            if request.scheme == "http", host.hasSuffix(":80") { allowed.insert("http://" + host.dropLast(3)) }
            if request.scheme == "https", host.hasSuffix(":443") { allowed.insert("https://" + host.dropLast(4)) }
        }
        return allowed
    }
}

extension ForgeApp {
    /// DNS rebinding (issue 40 item 2): with `--base-url` set (``AppConfiguration/hostNames``), a
    /// request whose `Host` names another host name is refused; an IP literal and `localhost`
    /// (or `*.localhost`) always pass, as rebinding needs a DNS name. With dev sign-in on and no
    /// `--base-url` (the localhost demo), only those pass: a rebinding page must not sign in as a
    /// member. No `Host` (HTTP/1.0) passes.
    /// - Throws: 421 `misdirected request: this server answers to NAME or its address, not HOST`.
    func checkHost(_ request: Request) throws {
        guard !config.hostNames.isEmpty || config.devAuth, let header = request.headers["Host"] else { return }
        let name = Self.hostName(header)
        if config.hostNames.contains(name) || Self.isAddressOrLoopback(name) { return }
        let names = config.hostNames.isEmpty ? "localhost" : config.hostNames.sorted().joined(separator: ", ")
        let hint = config.hostNames.isEmpty ? " (dev sign-in is on and --base-url is not set)" : ""
        throw HTTPError(421, "misdirected request: this server answers to \(names) or its address, not \(name)\(hint)")
    }

    /// The host name of a `Host` header: lower-cased, without the port, an IPv6 literal without brackets.
    static func hostName(_ header: String) -> String {
        let text = header.trimmingCharacters(in: .whitespaces).lowercased()
        if text.hasPrefix("["), let close = text.firstIndex(of: "]") {
            return String(text[text.index(after: text.startIndex)..<close])
        }
        var name = text
        if text.filter({ $0 == ":" }).count == 1, let colon = text.firstIndex(of: ":") {
            name = String(text[..<colon])
        }
        return name.hasSuffix(".") ? String(name.dropLast()) : name
    }

    /// Whether `name` is an IPv4 or IPv6 literal, `localhost`, or a `*.localhost` name.
    static func isAddressOrLoopback(_ name: String) -> Bool {
        if name == "localhost" || name.hasSuffix(".localhost") { return true }
        var v4 = in_addr()
        var v6 = in6_addr()
        return inet_pton(AF_INET, name, &v4) == 1 || inet_pton(AF_INET6, name, &v6) == 1
    }
}

/// ``ForgeApp/checkHost(_:)`` on every request, before any handler. The same-origin rule
/// (``ForgeApp/checkSameOrigin(_:)``) runs where the cookie is used: every member, admin and
/// kitchen route when it resolves its caller (``Principal``), a spooled upload from its head,
/// and the public routes that sign in, sign out, pair or consent. Routes that never read the
/// cookie (the OAuth token endpoint, webhooks, bearer routes) are not cookie routes.
enum CrossSite {
    static func register(_ app: ForgeApp, on router: inout APIRouter) {
        router.use { request, next in
            try app.checkHost(request)
            return try next(request)
        }
    }
}
