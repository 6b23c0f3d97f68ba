import ForgeAPI
import ForgeCore
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Helpers for the ingest and cardio tests: raw-body requests and tokens.
extension TestServer {
    /// Sends `body` as-is (any content type) with optional headers. With a cookie and none of
    /// `Origin`, `Referer`, `Sec-Fetch-Site` in `headers`, it says it comes from this server's
    /// own origin (`Origin: baseURL`), as a browser on its pages and the README's scripts do,
    /// unless `sameOrigin` is false (the cross-site tests).
    func raw(
        _ method: String, _ path: String, body: Data, contentType: String = "application/json",
        cookie: String? = nil, headers: [String: String] = [:], sameOrigin: Bool = true
    ) async throws -> Reply {
        var request = URLRequest(url: URL(string: baseURL + path)!)
        request.httpMethod = method
        request.httpShouldHandleCookies = false
        request.httpBody = body
        request.setValue(contentType, forHTTPHeaderField: "Content-Type")
        var headers = headers
        let named = Set(headers.keys.map { $0.lowercased() })
        if sameOrigin, cookie != nil, named.isDisjoint(with: ["origin", "referer", "sec-fetch-site"]) {
            headers["Origin"] = baseURL
        }
        return try await send(request, cookie: cookie, headers: headers)
    }

    /// `POST /ingest` with `payload` and `Authorization: Bearer <token>`.
    func ingest(_ payload: JSONValue, token: String) async throws -> Reply {
        try await request("POST", "/ingest", json: payload, headers: ["Authorization": "Bearer \(token)"])
    }

    /// Rows of the user's metrics of `type`, ordered by instant.
    func metricValues(_ email: String, _ type: String) throws -> [Double] {
        try app.db.read { db in
            try db.query(
                """
                SELECT m.value FROM metrics m JOIN users u ON u.id = m.user_id WHERE u.email = ? AND m.type = ? ORDER BY m.ts
                """, [email, type]
            ).map { try $0.get("value") }
        }
    }
}
