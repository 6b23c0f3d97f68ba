import ForgeCore
import ForgeHTTP
import Foundation

/// `GET /.well-known/oauth-protected-resource[/mcp]` (RFC 9728): `/mcp` and
/// the server that issues its tokens (this origin).
struct ProtectedResourceMetadata: Codable, Sendable {
    /// `<origin>/mcp`.
    var resource: String
    var authorizationServers: [String]
    /// `["header"]`.
    var bearerMethodsSupported = ["header"]
}

/// `GET /.well-known/oauth-authorization-server[/mcp]` (RFC 8414): public
/// clients, PKCE S256, authorization_code and refresh_token grants.
struct AuthorizationServerMetadata: Codable, Sendable {
    var issuer: String
    var authorizationEndpoint: String
    var tokenEndpoint: String
    var registrationEndpoint: String
    var responseTypesSupported = ["code"]
    var grantTypesSupported = ["authorization_code", "refresh_token"]
    var codeChallengeMethodsSupported = ["S256"]
    var tokenEndpointAuthMethodsSupported = ["none"]

    init(origin: String) {
        issuer = origin
        authorizationEndpoint = origin + "/mcp/oauth/authorize"
        tokenEndpoint = origin + "/mcp/oauth/token"
        registrationEndpoint = origin + "/mcp/oauth/register"
    }
}

/// The body of `POST /mcp/oauth/register` (RFC 7591, public clients):
/// `{ redirect_uris: string[] (1–10, each ≤ 2,000 characters), client_name?
/// (≤ 120, default "MCP client") }`; other metadata is ignored. Failures
/// answer the RFC 7591 error shape (``OAuthErrorBody``), not 422.
struct ClientRegistrationInput: RequestInput {
    var redirectUris: [String]
    var clientName: String?

    /// Most redirect URIs one client may register.
    static let maxURIs = 10
    /// Longest redirect URI, characters.
    static let maxURI = 2000

    static var example: JSONValue? { ["client_name": "Test Agent", "redirect_uris": ["http://127.0.0.1:9/cb"]] }

    /// 422-style failures, mapped by the route to `invalid_redirect_uri`
    /// (a `redirect_uris` problem) or `invalid_client_metadata`.
    static let rules: [InputRule<Self>] = [
        .count("redirect_uris", max: maxURIs) { $0.redirectUris },
        .custom {
            for (i, uri) in $0.redirectUris.enumerated() {
                try Check.length(uri, max: maxURI, "redirect_uris", .int(i))
            }
        },
        .length("client_name", max: Bounds.label) { $0.clientName },
    ]
}

/// `POST /mcp/oauth/register` → 201: the registered public client.
struct ClientRegistration: Codable, Sendable {
    var clientID: String
    var clientName: String
    var redirectUris: [String]
    var tokenEndpointAuthMethod = "none"
    var grantTypes = ["authorization_code", "refresh_token"]
    var responseTypes = ["code"]
}

/// The query of `GET|POST /mcp/oauth/authorize` (RFC 6749 §4.1.1 with PKCE):
/// an unknown client or unregistered `redirect_uri` is a 400 HTML page;
/// other faults redirect back with `error=`.
struct AuthorizeQuery: RequestInput {
    var clientID: String?
    var redirectURI: String?
    /// Must be `code` (else redirect with `unsupported_response_type`).
    var responseType: String?
    /// base64url(SHA-256(verifier)); required.
    var codeChallenge: String?
    /// `S256` (the default; anything else redirects with `invalid_request`).
    var codeChallengeMethod: String?
    /// Echoed on the redirect.
    var state: String?
}

/// The consent form of `POST /mcp/oauth/authorize`
/// (`application/x-www-form-urlencoded`): `decision=allow` issues a code;
/// anything else redirects with `error=access_denied`.
struct ConsentForm: RequestInput {
    var decision: String?
}

/// The form body of `POST /mcp/oauth/token` (RFC 6749 §4.1.3 and §6, PKCE):
/// `grant_type=authorization_code` with `code`, `client_id`, `code_verifier`
/// and optionally `redirect_uri`; or `grant_type=refresh_token` with
/// `refresh_token`. Every field ≤ 2,048 characters; a longer one is
/// `invalid_request`; another `grant_type` is `unsupported_grant_type`.
struct TokenRequest: RequestInput {
    var grantType: String?
    var code: String?
    var clientID: String?
    var redirectURI: String?
    var codeVerifier: String?
    var refreshToken: String?

    /// Longest field accepted, characters.
    static let maxField = 2048

    static var example: JSONValue? {
        [
            "grant_type": "authorization_code", "code": "Zm9vYmFy", "client_id": "0123456789abcdef0123456789abcdef",
            "redirect_uri": "http://127.0.0.1:9/cb",
            "code_verifier": "a-verifier-that-is-long-enough-for-pkce-0123456789abcdef",
        ]
    }

    static let rules: [InputRule<Self>] = [
        .length("grant_type", max: maxField) { $0.grantType },
        .length("code", max: maxField) { $0.code },
        .length("client_id", max: maxField) { $0.clientID },
        .length("redirect_uri", max: maxField) { $0.redirectURI },
        .length("code_verifier", max: maxField) { $0.codeVerifier },
        .length("refresh_token", max: maxField) { $0.refreshToken },
    ]

    /// The fields of an `application/x-www-form-urlencoded` body, decoded and validated.
    /// - Throws: ``OAuthRoutes/Failure`` `invalid_request` naming the field.
    static func parse(_ body: Data) throws -> TokenRequest {
        let form = QueryString.parse(String(decoding: body, as: UTF8.self))
        var members: [String: JSONValue] = [:]
        for (k, v) in form where !v.isEmpty { members[k] = .string(v) }
        return try OAuthRoutes.decode(TokenRequest.self, from: .object(members), error: "invalid_request")
    }
}

/// `POST /mcp/oauth/token` → 200 (`Cache-Control: no-store`).
struct OAuthTokens: Codable, Sendable {
    /// `fgm_…`, valid for `expires_in` seconds.
    var accessToken: String
    var tokenType = "Bearer"
    /// Seconds (604,800 = 7 days).
    var expiresIn: Int
    /// `fgr_…`, single use (rotated on refresh), valid 180 days.
    var refreshToken: String
}

/// The OAuth error shape (RFC 6749 §5.2, RFC 7591 §3.2.2):
/// `{ error, error_description? }`, status 400.
struct OAuthErrorBody: Codable, Sendable, Error {
    var error: String
    var errorDescription: String?
}
