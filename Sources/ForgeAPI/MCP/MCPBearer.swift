import ForgeCore
import ForgeHTTP
import ForgeHousehold
import ForgeStore
import Foundation

/// Bearer authentication of `/mcp` (docs/contract.md §3.16): the member's ingest
/// token (`fg_…`) or an unexpired MCP OAuth access token (`fgm_…`, whose
/// grant's `last_used_at` is stamped on each use).
extension ForgeApp {
    /// The user behind the request's bearer token.
    /// - Throws: 401 `{error}` with `WWW-Authenticate: Bearer resource_metadata="…"`.
    func mcpUser(_ request: Request) throws -> User {
        let header = request.headers["Authorization"] ?? ""
        let parts = header.split(separator: " ", maxSplits: 1)
        guard parts.count == 2, parts[0].lowercased() == "bearer" else {
            throw mcpUnauthorized(request, "missing bearer token")
        }
        let token = parts[1].trimmingCharacters(in: .whitespaces)
        let now = clock.now()
        guard let user = try MCPAuthorization.member(bearer: token, now: now, in: db) else {
            throw mcpUnauthorized(request, "invalid token")
        }
        return user
    }

    func mcpUnauthorized(_ request: Request, _ message: String) -> HTTPError {
        let body = JSONWriter.data(["error": .string(message)])
        var error = HTTPError(status: 401, jsonBody: body)
        error.headers.set(
            "WWW-Authenticate",
            "Bearer resource_metadata=\"\(selfOrigin(request))/.well-known/oauth-protected-resource/mcp\"")
        return error
    }
}
