import ForgeCore
import ForgeHTTP
import ForgeHousehold
import ForgeStore
import Foundation

/// MCP OAuth 2.1 for public clients with PKCE S256 (docs/contract.md §3.17):
/// discovery documents, dynamic client registration, the authorize consent
/// step and the token endpoint (authorization_code, refresh_token).
enum OAuthRoutes {
    static func register(_ app: ForgeApp, on router: inout APIRouter) {
        for path in ["/.well-known/oauth-protected-resource", "/.well-known/oauth-protected-resource/mcp"] {
            router.route(
                .GET, path, "OAuth protected-resource metadata of /mcp", access: .public,
                answers: ProtectedResourceMetadata.self
            ) { request, _ in
                let origin = app.selfOrigin(request)
                return ProtectedResourceMetadata(resource: origin + "/mcp", authorizationServers: [origin])
            }
        }
        for path in ["/.well-known/oauth-authorization-server", "/.well-known/oauth-authorization-server/mcp"] {
            router.route(
                .GET, path, "OAuth authorization-server metadata for MCP clients", access: .public,
                answers: AuthorizationServerMetadata.self
            ) { request, _ in
                AuthorizationServerMetadata(origin: app.selfOrigin(request))
            }
        }
        router.raw(
            .POST, "/mcp/oauth/register", "Dynamic client registration (public clients)", access: .public,
            body: ClientRegistrationInput.self, errorBody: OAuthErrorBody.self,
            answers: ClientRegistration.self, success: 201,
            errors: [400]
        ) { request, _ in try registerClient(app, request) }
        router.raw(
            .GET, "/mcp/oauth/authorize", "Consent page for an MCP client (signed-in member)", access: .public,
            query: AuthorizeQuery.self, pageErrors: [400, 401], answers: nil as OK.Type?, produces: "text/html",
            errors: [302, 400, 401]
        ) { request, _ in try authorize(app, request, post: false) }
        router.raw(
            .POST, "/mcp/oauth/authorize", "Consent decision (form: decision=allow|deny)", access: .public,
            query: AuthorizeQuery.self, body: ConsentForm.self, bodyMedia: "application/x-www-form-urlencoded",
            pageErrors: [400, 401], answers: nil as OK.Type?, success: 302, produces: "text/html",
            errors: [302, 400, 401, 403]
        ) { request, _ in try authorize(app, request, post: true) }
        router.raw(
            .POST, "/mcp/oauth/token", "Token endpoint: authorization_code with PKCE S256, refresh_token",
            access: .public, body: TokenRequest.self, bodyMedia: "application/x-www-form-urlencoded",
            errorBody: OAuthErrorBody.self, answers: OAuthTokens.self, errors: [400]
        ) { request, _ in try token(app, request) }
    }

    /// `{error, error_description?}` with `status` and `Cache-Control: no-store`.
    static func oauthError(_ error: String, _ description: String? = nil, status: Int = 400) -> Response {
        oauthError(OAuthErrorBody(error: error, errorDescription: description), status: status)
    }

    static func oauthError(_ body: OAuthErrorBody, status: Int = 400) -> Response {
        var response = Response.wire(body, status: status)
        response.headers.set("Cache-Control", "no-store")
        return response
    }

    /// `tree` as `T`, validated; a failure is ``OAuthErrorBody`` with the code
    /// `classify` picks from the failing field's name (default `error`) and a
    /// description `<field>: <reason>`.
    static func decode<T: RequestInput>(
        _ type: T.Type, from tree: JSONValue, error: String,
        classify: (String) -> String = { _ in "" }
    ) throws -> T {
        func failure(_ loc: [JSONValue], _ msg: String) -> OAuthErrorBody {
            let field = loc.first?.stringValue ?? ""
            let code = classify(field)
            return OAuthErrorBody(error: code.isEmpty ? error : code, errorDescription: "\(MCPTool.path(loc)): \(msg)")
        }
        let value: T
        do { value = try WireDecoder.decodeInput(type, from: tree) } catch let e as WireDecodingError {
            throw failure(e.loc, e.message)
        }
        do { try value.validate() } catch let e as HTTPError {
            let item = e.body.flatMap { try? JSONCoding.decode(JSONValue.self, from: $0) }?["detail"]?.arrayValue?.first
            var loc = item?["loc"]?.arrayValue ?? []
            if loc.first == "body" { loc.removeFirst() }
            throw failure(loc, item?["msg"]?.stringValue ?? e.detail)
        }
        return value
    }

    /// `http://` redirect URIs are allowed only to loopback hosts.
    static func validRedirect(_ uri: String) -> Bool {
        guard let c = URLComponents(string: uri), let scheme = c.scheme?.lowercased(), let host = c.host, !host.isEmpty,
            c.fragment == nil
        else { return false }
        if scheme == "https" { return true }
        let bare = host.trimmingCharacters(in: CharacterSet(charactersIn: "[]")).lowercased()
        return scheme == "http" && ["localhost", "127.0.0.1", "::1"].contains(bare)
    }

    /// Registers a public client. Not a JSON object → `invalid_client_metadata`;
    /// `redirect_uris` missing, empty, over 10, not strings or not https (or
    /// http to loopback) → `invalid_redirect_uri`; `client_name` over 120
    /// characters or not a string → `invalid_client_metadata`. Nothing is
    /// written on failure.
    static func registerClient(_ app: ForgeApp, _ request: Request) throws -> Response {
        guard let body = try? JSONCoding.decode(JSONValue.self, from: request.body), body.objectValue != nil else {
            return oauthError("invalid_client_metadata")
        }
        let input: ClientRegistrationInput
        do {
            input = try decode(ClientRegistrationInput.self, from: body, error: "invalid_client_metadata") { field in
                field == "redirect_uris" ? "invalid_redirect_uri" : ""
            }
        } catch let failure as OAuthErrorBody {
            return oauthError(failure)
        }
        let uris = input.redirectUris
        guard !uris.isEmpty, uris.allSatisfy(validRedirect) else {
            return oauthError(
                "invalid_redirect_uri",
                "redirect_uris must be https URLs or http URLs to localhost, 127.0.0.1 or ::1")
        }
        let name = input.clientName ?? "MCP client"
        let now = app.clock.now()
        let client = try MCPAuthorization.register(name: name, redirectURIs: uris, now: now, in: app.db)
        return .wire(ClientRegistration(clientID: client.id, clientName: client.name, redirectUris: uris), status: 201)
    }

    /// `uri` with `params` appended (`?` or `&`).
    static func redirect(_ uri: String, _ params: [(String, String)]) -> Response {
        var allowed = CharacterSet.urlQueryAllowed
        allowed.remove(charactersIn: "&=+?#")
        let query = params.map { "\($0.0)=\($0.1.addingPercentEncoding(withAllowedCharacters: allowed) ?? "")" }
            .joined(separator: "&")
        return .redirect(uri + (uri.contains("?") ? "&" : "?") + query)
    }

    static func authorize(_ app: ForgeApp, _ request: Request, post: Bool) throws -> Response {
        let q = request.query
        let clientID = q["client_id"] ?? ""
        let redirectURI = q["redirect_uri"] ?? ""
        guard let client = try MCPAuthorization.client(clientID, in: app.db) else {
            return .html(OAuthPages.error("Unknown client."), status: 400)
        }
        guard client.redirectURIs.contains(redirectURI) else {
            return .html(OAuthPages.error("The redirect URI is not registered for this client."), status: 400)
        }
        let state = q["state"].map { [("state", $0)] } ?? []
        guard q["response_type"] == "code" else {
            return redirect(redirectURI, [("error", "unsupported_response_type")] + state)
        }
        let challenge = q["code_challenge"] ?? ""
        guard !challenge.isEmpty, (q["code_challenge_method"] ?? "S256") == "S256" else {
            return redirect(redirectURI, [("error", "invalid_request")] + state)
        }
        let path = request.path + (request.rawQuery.isEmpty ? "" : "?" + request.rawQuery)
        guard let caller = try? app.caller(of: request) else {
            return .html(OAuthPages.signInFirst(path), status: 401)
        }
        let token = app.csrfToken(for: request.cookie(HouseholdStore.sessionCookieName) ?? "")
        guard post else {
            return .html(OAuthPages.consent(client: client.name, user: caller.user.name, action: path, token: token))
        }
        try app.checkSameOrigin(request)
        let form = QueryString.parse(String(decoding: request.body, as: UTF8.self))
        // The consent always needs its page's token (the OAuth 2.0 Security BCP), whatever the headers say.
        guard let sent = form["csrf_token"], Sodium.equal(sent, token) else {
            return .html(
                OAuthPages.error("This consent form has expired or came from another page: open it again."), status: 403
            )
        }
        guard form["decision"] == "allow" else { return redirect(redirectURI, [("error", "access_denied")] + state) }
        let now = app.clock.now()
        let code = try MCPAuthorization.issueCode(
            .init(clientID: client.id, userID: caller.id, redirectURI: redirectURI, challenge: challenge), now: now,
            in: app.db)
        return redirect(redirectURI, [("code", code)] + state)
    }

    /// Exchanges a code (PKCE S256) or rotates a refresh token. Failures are
    /// ``OAuthErrorBody`` 400s: `invalid_request` (a field over 2,048
    /// characters), `invalid_grant`, `unsupported_grant_type`.
    static func token(_ app: ForgeApp, _ request: Request) throws -> Response {
        let form: TokenRequest
        do { form = try TokenRequest.parse(request.body) } catch let failure as OAuthErrorBody {
            return oauthError(failure)
        }
        let now = app.clock.now()
        switch form.grantType {
        case "authorization_code":
            switch try MCPAuthorization.exchange(
                code: form.code ?? "", clientID: form.clientID, redirectURI: form.redirectURI,
                verifier: form.codeVerifier, now: now, in: app.db)
            {
            case .tokens(let tokens): return tokenResponse(tokens)
            case .refused(let why): return oauthError("invalid_grant", why)
            }
        case "refresh_token":
            guard let tokens = try MCPAuthorization.refresh(form.refreshToken ?? "", now: now, in: app.db) else {
                return oauthError("invalid_grant", "unknown or expired refresh token")
            }
            return tokenResponse(tokens)
        default:
            return oauthError("unsupported_grant_type")
        }
    }

    static func tokenResponse(_ t: OAuthStore.Tokens) -> Response {
        var response = Response.wire(
            OAuthTokens(
                accessToken: t.access, expiresIn: Int(OAuthStore.accessTTL),
                refreshToken: t.refresh))
        response.headers.set("Cache-Control", "no-store")
        return response
    }
}
