import ForgeCore
import Foundation
import Testing

@testable import ForgeAPI

/// Bad input to the OAuth register and token endpoints answers the OAuth
/// error shape `{error, error_description?}` and writes nothing.
@Suite(.serialized) struct OAuthInputTests {
    static func count(_ server: TestServer, _ table: String) throws -> Int? {
        try server.app.db.read { try $0.scalar("SELECT COUNT(*) FROM \(table)") }
    }

    /// The body is exactly the OAuth error shape with `error` = `code`.
    static func expectOAuthError(_ status: Int, _ body: String, _ code: String, _ label: String) {
        let json = (try? JSONCoding.decode(JSONValue.self, from: Data(body.utf8))) ?? .null
        #expect(status == 400, "\(label): \(status)")
        #expect(json["error"]?.stringValue == code, "\(label): \(body)")
        let keys = Set(json.objectValue?.keys.map { $0 } ?? [])
        #expect(keys.isSubset(of: ["error", "error_description"]) && keys.contains("error"), "\(label): \(body)")
    }

    @Test func registerRefusesBadInputAndWritesNothing() async throws {
        try await withTestServer(transport: .socket) { server in
            let ok: JSONValue = ["client_name": "Agent", "redirect_uris": ["http://127.0.0.1:9/cb"]]
            func with(_ key: String, _ value: JSONValue?) -> JSONValue {
                guard case .object(var o) = ok else { return ok }
                o[key] = value
                return .object(o)
            }
            let cases: [(String, JSONValue, String)] = [
                (
                    "client_name over 120", with("client_name", .string(String(repeating: "n", count: 121))),
                    "invalid_client_metadata"
                ),
                ("client_name a number", with("client_name", 5), "invalid_client_metadata"),
                ("redirect_uris missing", with("redirect_uris", nil), "invalid_redirect_uri"),
                ("redirect_uris a string", with("redirect_uris", "http://127.0.0.1:9/cb"), "invalid_redirect_uri"),
                ("redirect_uris numbers", with("redirect_uris", [1]), "invalid_redirect_uri"),
                ("redirect_uris empty", with("redirect_uris", []), "invalid_redirect_uri"),
                (
                    "redirect_uris 11",
                    with("redirect_uris", .array(Array(repeating: "http://127.0.0.1:9/cb", count: 11))),
                    "invalid_redirect_uri"
                ),
                (
                    "redirect_uri over 2000",
                    with("redirect_uris", [.string("https://x.example/" + String(repeating: "a", count: 2000))]),
                    "invalid_redirect_uri"
                ),
                ("not an object", ["http://127.0.0.1:9/cb"], "invalid_client_metadata"),
            ]
            for (label, body, code) in cases {
                let reply = try await server.request("POST", "/mcp/oauth/register", json: body)
                Self.expectOAuthError(reply.status, String(decoding: reply.data, as: UTF8.self), code, label)
            }
            // Declared JSON that does not parse is the OAuth error; a form body is refused before (415).
            let notJSON = try await server.raw("POST", "/mcp/oauth/register", body: Data("{nope".utf8))
            Self.expectOAuthError(
                notJSON.status, String(decoding: notJSON.data, as: UTF8.self), "invalid_client_metadata", "not JSON")
            let form = try await server.raw("POST", "/mcp/oauth/register", form: "{nope")
            #expect(form.status == 415)
            #expect(try Self.count(server, "oauth_clients") == 0)
            let good = try await server.request("POST", "/mcp/oauth/register", json: ok)
            #expect(good.status == 201 && good.json["client_name"] == "Agent")
            #expect(String(decoding: good.data, as: UTF8.self).hasPrefix("{\"client_id\":"))
        }
    }

    @Test func tokenRefusesBadInputInTheOAuthShapeAndBurnsNothing() async throws {
        try await withTestServer(transport: .socket) { server in
            let reg = try await server.request(
                "POST", "/mcp/oauth/register",
                json: ["client_name": "Agent", "redirect_uris": ["http://127.0.0.1:9/cb"]])
            let clientID = reg.json["client_id"]?.stringValue ?? ""
            let verifier = "a-verifier-that-is-long-enough-for-pkce-0123456789abcdef"
            let challenge = "FL7MwiYewKNYgXFiMlGLX26NUnSF9XbQMliU5rOseXA"
            let authorize =
                "/mcp/oauth/authorize?client_id=\(clientID)&redirect_uri=http%3A%2F%2F127.0.0.1%3A9%2Fcb&response_type=code&code_challenge=\(challenge)&code_challenge_method=S256"
            let ada = try await server.signIn("ada@example.org")
            let allowed = try await server.raw("POST", authorize, form: "decision=allow", cookie: ada)
            let code = OAuthTests.query(allowed.location)["code"] ?? ""
            #expect(code.count == 43)

            let huge = String(repeating: "v", count: 2049)
            let cases: [(String, String, String)] = [
                (
                    "code_verifier over 2048",
                    "grant_type=authorization_code&code=\(code)&client_id=\(clientID)&code_verifier=\(huge)",
                    "invalid_request"
                ),
                (
                    "client_id over 2048",
                    "grant_type=authorization_code&code=\(code)&client_id=\(huge)&code_verifier=\(verifier)",
                    "invalid_request"
                ),
                ("refresh_token over 2048", "grant_type=refresh_token&refresh_token=\(huge)", "invalid_request"),
                ("no grant_type", "code=\(code)", "unsupported_grant_type"),
                ("empty body", "", "unsupported_grant_type"),
                ("unknown refresh token", "grant_type=refresh_token&refresh_token=fgr_nope", "invalid_grant"),
            ]
            for (label, form, error) in cases {
                let reply = try await server.raw("POST", "/mcp/oauth/token", form: form)
                Self.expectOAuthError(reply.status, reply.body, error, label)
            }
            #expect(try Self.count(server, "oauth_grants") == 0)
            // The refused requests did not burn the code: the proper exchange still works.
            let ok = try await server.raw(
                "POST", "/mcp/oauth/token",
                form: "grant_type=authorization_code&code=\(code)&client_id=\(clientID)&code_verifier=\(verifier)")
            #expect(ok.status == 200)
            #expect(ok.body.hasPrefix("{\"access_token\":\"fgm_") && ok.body.contains("\"expires_in\":604800,"))
            #expect(try Self.count(server, "oauth_grants") == 1)
            // The answer decodes as the declared type and fits the published schema.
            let document = try await server.get("/api/openapi.json").json
            let op = try #require(server.app.makeRoutes().operations.first { $0.pattern == "/mcp/oauth/token" })
            try op.response!.check(Data(ok.body.utf8))
            let schema =
                document["paths"]?["/mcp/oauth/token"]?["post"]?["responses"]?["200"]?["content"]?["application/json"]?[
                    "schema"] ?? [:]
            let tokens = try JSONCoding.decode(JSONValue.self, from: Data(ok.body.utf8))
            #expect(SchemaValidator(document: document).errors(tokens, schema).isEmpty)
        }
    }

    @Test func openAPIDocumentsTheMCPAndOAuthOperations() async throws {
        try await withTestServer(transport: .socket) { server in
            let doc = try await server.get("/api/openapi.json").json
            let mcp = doc["paths"]?["/mcp"]?["post"]
            #expect(mcp?["requestBody"]?["content"]?["application/json"]?["schema"] != nil)
            #expect(
                mcp?["responses"]?["200"]?["content"]?["application/json"]?["schema"]?["$ref"]
                    == "#/components/schemas/JSONRPCReply")
            let token = doc["paths"]?["/mcp/oauth/token"]?["post"]
            #expect(token?["requestBody"]?["content"]?["application/x-www-form-urlencoded"] != nil)
            #expect(
                token?["responses"]?["200"]?["content"]?["application/json"]?["schema"]?["$ref"]
                    == "#/components/schemas/OAuthTokens")
            #expect(
                doc["paths"]?["/mcp/oauth/authorize"]?["post"]?["requestBody"]?["content"]?[
                    "application/x-www-form-urlencoded"] != nil)
            #expect(doc["paths"]?["/.well-known/oauth-authorization-server"]?["get"]?["responses"]?["200"] != nil)
            #expect(
                doc["components"]?["schemas"]?["AuthorizationServerMetadata"]?["properties"]?["token_endpoint"] != nil)
            #expect(doc["components"]?["schemas"]?["TokenRequest"]?["properties"]?["code_verifier"] != nil)
        }
    }
}
