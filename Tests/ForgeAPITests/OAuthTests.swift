import ForgeAPI
import ForgeCore
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A URLSession delegate that never follows redirects (the 302 is the answer).
final class NoRedirects: NSObject, URLSessionTaskDelegate, Sendable {
    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping (URLRequest?) -> Void
    ) {
        completionHandler(nil)
    }
    static let session = URLSession(configuration: .ephemeral, delegate: NoRedirects(), delegateQueue: nil)
}

extension TestServer {
    /// A form POST (or GET when `form` is nil) that does not follow redirects, as a browser on
    /// this server's pages sends it: with its `Origin`, and a consent answer with the token of the
    /// consent page (read from it first).
    func raw(
        _ method: String, _ path: String, form: String? = nil, cookie: String? = nil, headers: [String: String] = [:]
    ) async throws
        -> (status: Int, location: String, body: String)
    {
        var request = URLRequest(url: URL(string: baseURL + path)!)
        request.httpMethod = method
        if var form {
            if let cookie, path.hasPrefix("/mcp/oauth/authorize"), !form.contains("csrf_token=") {
                let page = try await raw("GET", path, cookie: cookie).body
                if let range = page.range(of: #"name="csrf_token" value="[0-9a-f]{32}""#, options: .regularExpression) {
                    form += "&csrf_token=" + String(page[range].suffix(33).dropLast())
                }
            }
            request.httpBody = Data(form.utf8)
            request.setValue("application/x-www-form-urlencoded", forHTTPHeaderField: "Content-Type")
            if cookie != nil { request.setValue(baseURL, forHTTPHeaderField: "Origin") }
        }
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        if let cookie { request.setValue(cookie, forHTTPHeaderField: "Cookie") }
        let (data, response) = try await NoRedirects.session.data(for: request)
        let http = response as! HTTPURLResponse
        return (
            http.statusCode, http.value(forHTTPHeaderField: "Location") ?? "", String(decoding: data, as: UTF8.self)
        )
    }
}

@Suite(.serialized) struct OAuthTests {
    static func query(_ location: String) -> [String: String] {
        var out: [String: String] = [:]
        for item in URLComponents(string: location)?.queryItems ?? [] { out[item.name] = item.value ?? "" }
        return out
    }

    @Test func discoveryRegistrationAuthorizeTokenAndRefresh() async throws {
        try await withTestServer(transport: .socket) { server in
            let meta = try await server.get("/.well-known/oauth-authorization-server")
            #expect(meta.json["token_endpoint"]?.stringValue == server.baseURL + "/mcp/oauth/token")
            #expect(meta.json["code_challenge_methods_supported"] == .strings(["S256"]))
            let resource = try await server.get("/.well-known/oauth-protected-resource/mcp")
            #expect(resource.json["resource"]?.stringValue == server.baseURL + "/mcp")

            let bad = try await server.request(
                "POST", "/mcp/oauth/register", json: ["redirect_uris": ["http://evil.example/cb"]])
            #expect(bad.status == 400 && bad.json["error"] == "invalid_redirect_uri")
            // Issue 26: a body is read only as its route's declared type (JSON here).
            let notJSON = try await server.raw("POST", "/mcp/oauth/register", form: "x=1")
            #expect(notJSON.status == 415 && notJSON.body.contains("unsupported content type"))
            let reg = try await server.request(
                "POST", "/mcp/oauth/register",
                json: ["client_name": "Test Agent", "redirect_uris": ["http://127.0.0.1:9/cb"]])
            #expect(reg.status == 201 && reg.json["token_endpoint_auth_method"] == "none")
            let clientID = reg.json["client_id"]?.stringValue ?? ""

            let verifier = "a-verifier-that-is-long-enough-for-pkce-0123456789abcdef"
            // base64url(SHA-256(verifier)), computed with Python hashlib
            let challenge = "FL7MwiYewKNYgXFiMlGLX26NUnSF9XbQMliU5rOseXA"
            let authorize =
                "/mcp/oauth/authorize?client_id=\(clientID)&redirect_uri=http%3A%2F%2F127.0.0.1%3A9%2Fcb&response_type=code&code_challenge=\(challenge)&code_challenge_method=S256&state=xyz"
            let anonymous = try await server.raw("GET", authorize)
            #expect(anonymous.status == 401 && anonymous.body.contains("Sign in"))
            let unknown = try await server.raw("GET", "/mcp/oauth/authorize?client_id=nope&redirect_uri=x")
            #expect(unknown.status == 400)
            let wrongType = try await server.raw(
                "GET", authorize.replacingOccurrences(of: "response_type=code", with: "response_type=token"))
            #expect(
                wrongType.status == 302
                    && wrongType.location == "http://127.0.0.1:9/cb?error=unsupported_response_type&state=xyz")

            let ada = try await server.signIn("ada@example.org")
            let consent = try await server.raw("GET", authorize, cookie: ada)
            #expect(consent.status == 200 && consent.body.contains("Test Agent") && consent.body.contains("Ada"))
            let denied = try await server.raw("POST", authorize, form: "decision=deny", cookie: ada)
            #expect(denied.status == 302 && Self.query(denied.location)["error"] == "access_denied")
            let allowed = try await server.raw("POST", authorize, form: "decision=allow", cookie: ada)
            let params = Self.query(allowed.location)
            #expect(allowed.status == 302 && params["state"] == "xyz" && params["code"]?.count == 43)
            let code = params["code"] ?? ""

            let wrong = try await server.raw(
                "POST", "/mcp/oauth/token",
                form: "grant_type=authorization_code&code=\(code)&client_id=\(clientID)&code_verifier=wrong")
            #expect(wrong.status == 400 && wrong.body.contains("invalid_grant"))
            let burnt = try await server.raw(
                "POST", "/mcp/oauth/token",
                form: "grant_type=authorization_code&code=\(code)&client_id=\(clientID)&code_verifier=\(verifier)")
            #expect(burnt.status == 400, "a failed exchange burns the code")

            let second = try await server.raw("POST", authorize, form: "decision=allow", cookie: ada)
            let code2 = Self.query(second.location)["code"] ?? ""
            let ok = try await server.raw(
                "POST", "/mcp/oauth/token",
                form:
                    "grant_type=authorization_code&code=\(code2)&client_id=\(clientID)&redirect_uri=http%3A%2F%2F127.0.0.1%3A9%2Fcb&code_verifier=\(verifier)"
            )
            let tokens = try JSONCoding.decode(JSONValue.self, from: Data(ok.body.utf8))
            #expect(ok.status == 200 && tokens["expires_in"] == 604800 && tokens["token_type"] == "Bearer")
            let access = tokens["access_token"]?.stringValue ?? ""
            let refresh = tokens["refresh_token"]?.stringValue ?? ""
            #expect(access.hasPrefix("fgm_") && access.count == 36 && refresh.hasPrefix("fgr_"))

            let ping = try await server.rpc("ping", token: access)
            #expect(ping.status == 200 && ping.json["result"] == .object([:]))
            let lastUsed: String? = try server.app.db.read { try $0.scalar("SELECT last_used_at FROM oauth_grants") }
            #expect(lastUsed != nil)

            let rotated = try await server.raw(
                "POST", "/mcp/oauth/token", form: "grant_type=refresh_token&refresh_token=\(refresh)")
            let newTokens = try JSONCoding.decode(JSONValue.self, from: Data(rotated.body.utf8))
            let newAccess = newTokens["access_token"]?.stringValue ?? ""
            #expect(rotated.status == 200 && newAccess != access)
            #expect(try await server.rpc("ping", token: access).status == 401)
            #expect(try await server.rpc("ping", token: newAccess).status == 200)
            let reused = try await server.raw(
                "POST", "/mcp/oauth/token", form: "grant_type=refresh_token&refresh_token=\(refresh)")
            #expect(reused.status == 400)
            let grants: Int? = try server.app.db.read { try $0.scalar("SELECT COUNT(*) FROM oauth_grants") }
            #expect(grants == 1)
            let other = try await server.raw("POST", "/mcp/oauth/token", form: "grant_type=password")
            #expect(other.status == 400 && other.body.contains("unsupported_grant_type"))
        }
    }
}
