import ForgeCore
import ForgeHTTP

/// The OpenAPI 3.1 document served at `GET /api/openapi.json`, built from the
/// frozen route table so that no route can be missing from it.
///
/// Each operation gets its summary, its path parameters, the security it
/// needs (`cookieAuth` for session routes, none for public ones) and the
/// contract's error responses (`{"detail": …}`).
enum OpenAPIDocument {
    /// `/api/sessions/:id/sets` → `/api/sessions/{id}/sets`.
    static func openAPIPath(_ pattern: String) -> String {
        pattern.split(separator: "/", omittingEmptySubsequences: false).map { segment in
            segment.hasPrefix(":") ? "{\(segment.dropFirst())}" : String(segment)
        }.joined(separator: "/")
    }

    static func build(routes: [RouteInfo], version: String, serverURL: String) -> JSONValue {
        var paths: [String: [String: JSONValue]] = [:]
        for route in routes {
            let path = openAPIPath(route.pattern)
            let parameters: [JSONValue] = route.pattern.split(separator: "/").filter { $0.hasPrefix(":") }.map {
                .object(["name": .string(String($0.dropFirst())), "in": .string("path"), "required": .bool(true),
                         "schema": .object(["type": .string("string")])])
            }
            let isPublic = route.tags["auth"] == "public"
            let produces = route.tags["produces"] ?? "application/json"
            var responses: [String: JSONValue] = [
                "200": .object(["description": .string("success"),
                                "content": .object([produces: .object(["schema": .object([:])])])]),
            ]
            if !isPublic { responses["401"] = errorResponse("not signed in") }
            if route.method != .GET { responses["422"] = .object(["description": .string("validation error")]) }
            var operation: [String: JSONValue] = [
                "summary": .string(route.summary.isEmpty ? "\(route.method.rawValue) \(path)" : route.summary),
                "operationId": .string(operationID(route)),
                "responses": .object(responses),
                "security": isPublic ? .array([]) : .array([.object(["cookieAuth": .array([])])]),
            ]
            if !parameters.isEmpty { operation["parameters"] = .array(parameters) }
            if let tag = route.pattern.split(separator: "/").dropFirst(route.pattern.hasPrefix("/api/") ? 1 : 0).first {
                operation["tags"] = .array([.string(String(tag))])
            }
            paths[path, default: [:]][route.method.rawValue.lowercased()] = .object(operation)
        }
        return .object([
            "openapi": .string("3.1.0"),
            "info": .object(["title": .string("Forge household API (forged)"), "version": .string(version)]),
            "servers": .array([.object(["url": .string(serverURL)])]),
            "paths": .object(paths.mapValues { .object($0) }),
            "components": .object([
                "securitySchemes": .object([
                    "cookieAuth": .object(["type": .string("apiKey"), "in": .string("cookie"),
                                           "name": .string("forge_session")]),
                ]),
                "schemas": .object([
                    "Error": .object(["type": .string("object"),
                                      "properties": .object(["detail": .object([:])]),
                                      "required": .array([.string("detail")])]),
                ]),
            ]),
        ])
    }

    static func operationID(_ route: RouteInfo) -> String {
        let words = route.pattern.split(separator: "/").map { $0.hasPrefix(":") ? "by_" + $0.dropFirst() : String($0) }
        return route.method.rawValue.lowercased() + "_" + words.joined(separator: "_")
            .replacingOccurrences(of: "-", with: "_").replacingOccurrences(of: ".", with: "_")
    }

    static func errorResponse(_ example: String) -> JSONValue {
        .object(["description": .string(example),
                 "content": .object(["application/json": .object([
                     "schema": .object(["$ref": .string("#/components/schemas/Error")])])])])
    }
}
