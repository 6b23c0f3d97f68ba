import ForgeCore
import ForgeHTTP
import ForgeStore
import Foundation

/// MCP OAuth 2.1 for public clients with PKCE S256 (API.md §3.17):
/// discovery documents, dynamic client registration, the authorize consent
/// step and the token endpoint (authorization_code, refresh_token).
enum OAuthRoutes {
    static func register(_ app: ForgeApp, on router: inout APIRouter) {
        for path in ["/.well-known/oauth-protected-resource", "/.well-known/oauth-protected-resource/mcp"] {
            router.get(path, summary: "OAuth protected-resource metadata of /mcp", tags: ["auth": "public"]) { request in
                let origin = app.selfOrigin(request)
                return .json(["resource": .string(origin + "/mcp"), "authorization_servers": .strings([origin]),
                              "bearer_methods_supported": .strings(["header"])] as JSONValue)
            }
        }
        for path in ["/.well-known/oauth-authorization-server", "/.well-known/oauth-authorization-server/mcp"] {
            router.get(path, summary: "OAuth authorization-server metadata for MCP clients", tags: ["auth": "public"]) { request in
                let o = app.selfOrigin(request)
                return .json([
                    "issuer": .string(o), "authorization_endpoint": .string(o + "/mcp/oauth/authorize"),
                    "token_endpoint": .string(o + "/mcp/oauth/token"),
                    "registration_endpoint": .string(o + "/mcp/oauth/register"),
                    "response_types_supported": .strings(["code"]),
                    "grant_types_supported": .strings(["authorization_code", "refresh_token"]),
                    "code_challenge_methods_supported": .strings(["S256"]),
                    "token_endpoint_auth_methods_supported": .strings(["none"]),
                ] as JSONValue)
            }
        }
        router.post("/mcp/oauth/register", summary: "Dynamic client registration (public clients)",
                    tags: ["auth": "public", "success": "201", "errors": "400"]) { request in try registerClient(app, request) }
        router.get("/mcp/oauth/authorize", summary: "Consent page for an MCP client (signed-in member)",
                   tags: ["auth": "public", "produces": "text/html", "errors": "302,400,401"]) { request in try authorize(app, request, post: false) }
        router.post("/mcp/oauth/authorize", summary: "Consent decision (form: decision=allow|deny)",
                    tags: ["auth": "public", "produces": "text/html", "errors": "302,400,401"]) { request in try authorize(app, request, post: true) }
        router.post("/mcp/oauth/token", summary: "Token endpoint: authorization_code with PKCE S256, refresh_token",
                    tags: ["auth": "public", "errors": "400"]) { request in try token(app, request) }
    }

    static func oauthError(_ error: String, _ description: String? = nil, status: Int = 400) -> Response {
        var body: [String: JSONValue] = ["error": .string(error)]
        if let description { body["error_description"] = .string(description) }
        var response = Response.json(.object(body), status: status)
        response.headers.set("Cache-Control", "no-store")
        return response
    }

    /// `http://` redirect URIs are allowed only to loopback hosts.
    static func validRedirect(_ uri: String) -> Bool {
        guard let c = URLComponents(string: uri), let scheme = c.scheme?.lowercased(), let host = c.host, !host.isEmpty,
              c.fragment == nil else { return false }
        if scheme == "https" { return true }
        let bare = host.trimmingCharacters(in: CharacterSet(charactersIn: "[]")).lowercased()
        return scheme == "http" && ["localhost", "127.0.0.1", "::1"].contains(bare)
    }

    static func registerClient(_ app: ForgeApp, _ request: Request) throws -> Response {
        guard let body = try? JSONCoding.decode(JSONValue.self, from: request.body), let object = body.objectValue else {
            return oauthError("invalid_client_metadata")
        }
        let uris = object["redirect_uris"]?.arrayValue?.compactMap(\.stringValue) ?? []
        guard !uris.isEmpty, uris.count == object["redirect_uris"]?.arrayValue?.count, uris.allSatisfy(validRedirect) else {
            return oauthError("invalid_redirect_uri",
                              "redirect_uris must be https URLs or http URLs to localhost, 127.0.0.1 or ::1")
        }
        let name = String((object["client_name"]?.stringValue ?? "MCP client").prefix(120))
        let now = app.clock.now()
        let client = try app.db.write { try OAuthStore.registerClient(name: name, redirectURIs: uris, now: now, in: $0) }
        return .json([
            "client_id": .string(client.id), "client_name": .string(client.name), "redirect_uris": .strings(uris),
            "token_endpoint_auth_method": "none", "grant_types": .strings(["authorization_code", "refresh_token"]),
            "response_types": .strings(["code"]),
        ] as JSONValue, status: 201)
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
        let clientID = q["client_id"] ?? "", redirectURI = q["redirect_uri"] ?? ""
        guard let client = try app.db.read({ try OAuthStore.client(clientID, in: $0) }) else {
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
        guard post else {
            return .html(OAuthPages.consent(client: client.name, user: caller.user.name, action: path))
        }
        try app.checkSameOrigin(request)
        let form = QueryString.parse(String(decoding: request.body, as: UTF8.self))
        guard form["decision"] == "allow" else { return redirect(redirectURI, [("error", "access_denied")] + state) }
        let now = app.clock.now()
        let code = try app.db.write { db in
            try OAuthStore.createCode(.init(clientID: client.id, userID: caller.id, redirectURI: redirectURI,
                                            challenge: challenge), now: now, in: db)
        }
        return redirect(redirectURI, [("code", code)] + state)
    }

    static func token(_ app: ForgeApp, _ request: Request) throws -> Response {
        let form = QueryString.parse(String(decoding: request.body, as: UTF8.self))
        let now = app.clock.now()
        switch form["grant_type"] {
        case "authorization_code":
            return try app.db.write { db -> Response in
                guard let code = try OAuthStore.consumeCode(form["code"] ?? "", now: now, in: db) else {
                    return oauthError("invalid_grant", "unknown or expired code")
                }
                guard code.clientID == form["client_id"] else { return oauthError("invalid_grant", "client mismatch") }
                if let uri = form["redirect_uri"], uri != code.redirectURI {
                    return oauthError("invalid_grant", "redirect_uri mismatch")
                }
                guard OAuthStore.s256(form["code_verifier"] ?? "") == code.challenge else {
                    return oauthError("invalid_grant", "PKCE verification failed")
                }
                return tokenResponse(try OAuthStore.createGrant(userID: code.userID, clientID: code.clientID, now: now, in: db))
            }
        case "refresh_token":
            return try app.db.write { db -> Response in
                guard let tokens = try OAuthStore.refresh(form["refresh_token"] ?? "", now: now, in: db) else {
                    return oauthError("invalid_grant", "unknown or expired refresh token")
                }
                return tokenResponse(tokens)
            }
        default:
            return oauthError("unsupported_grant_type")
        }
    }

    static func tokenResponse(_ t: OAuthStore.Tokens) -> Response {
        var response = Response.json(["access_token": .string(t.access), "token_type": "Bearer",
                                      "expires_in": .int(Int(OAuthStore.accessTTL)),
                                      "refresh_token": .string(t.refresh)] as JSONValue)
        response.headers.set("Cache-Control", "no-store")
        return response
    }
}
