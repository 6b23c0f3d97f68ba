import ForgeCore
import ForgeHTTP

/// The OpenAPI 3.1 document served at `GET /api/openapi.json`, built from the
/// frozen route table and the typed ``APIOperation`` of each route, so that no
/// route can be missing and no schema can drift from the code.
///
/// A typed operation gets its query and path parameters, its request body
/// (required unless every member is optional), the schema of its success
/// body read from the response type (``WireSchema``), every error status it
/// declares plus those of its ``Access`` wrapper (401/403), 413 and 422
/// where it reads input, 507 (disk full) for every method but GET, and its security scheme: `cookieAuth` for members
/// and admins, `cookieAuth` or `displayCookie` for kitchen routes,
/// `bearerAuth` for `/ingest` and `/mcp`, none for public routes.
enum OpenAPIDocument {
    /// `/api/sessions/:id/sets` → `/api/sessions/{id}/sets`.
    static func openAPIPath(_ pattern: String) -> String {
        pattern.split(separator: "/", omittingEmptySubsequences: false).map { segment in
            segment.hasPrefix(":") ? "{\(segment.dropFirst())}" : String(segment)
        }.joined(separator: "/")
    }

    static func build(routes: [RouteInfo], operations: [APIOperation], version: String, serverURL: String) -> JSONValue {
        var reader = WireSchema()
        var paths: [String: [String: JSONValue]] = [:]
        var typed: [String: APIOperation] = [:]
        for op in operations { typed["\(op.method.rawValue) \(op.pattern)"] = op }
        for route in routes {
            let path = openAPIPath(route.pattern)
            let document: JSONValue
            if let op = typed["\(route.method.rawValue) \(route.pattern)"] {
                document = operation(op, reader: &reader)
            } else {
                document = untyped(route)
            }
            paths[path, default: [:]][route.method.rawValue.lowercased()] = document
        }
        var schemas = reader.components
        schemas["Error"] = ["type": "object", "properties": ["detail": ["type": "string"]], "required": ["detail"]]
        schemas["ValidationError"] = [
            "type": "object", "required": ["detail"],
            "properties": ["detail": ["type": "array", "items": [
                "type": "object", "required": ["type", "loc", "msg"],
                "properties": ["type": ["type": "string"], "msg": ["type": "string"], "input": [:],
                               "loc": ["type": "array", "items": ["anyOf": [["type": "string"], ["type": "integer"]]]]],
            ]]],
        ]
        return [
            "openapi": "3.1.0",
            "info": ["title": "Forge household API (forged)", "version": .string(version)],
            "servers": [["url": .string(serverURL)]],
            "paths": .object(paths.mapValues { .object($0) }),
            "components": [
                "securitySchemes": [
                    "cookieAuth": ["type": "apiKey", "in": "cookie", "name": "forge_session"],
                    "displayCookie": ["type": "apiKey", "in": "cookie", "name": "forge_display"],
                    "bearerAuth": ["type": "http", "scheme": "bearer"],
                ],
                "schemas": .object(schemas),
            ],
        ]
    }

    /// A typed operation.
    static func operation(_ op: APIOperation, reader: inout WireSchema) -> JSONValue {
        var parameters = pathParameters(op.pattern)
        if let query = op.query {
            let ref = query.schema(&reader)
            let schema = resolve(ref, reader)
            let required = Set(schema["required"]?.arrayValue?.compactMap(\.stringValue) ?? [])
            for (name, property) in (schema["properties"]?.objectValue ?? [:]).sorted(by: { $0.key < $1.key }) {
                parameters.append(["name": .string(name), "in": "query", "required": .bool(required.contains(name)),
                                   "schema": property])
            }
        }
        var responses: [String: JSONValue] = [:]
        let success: JSONValue = op.response.map { $0.schema(&reader) } ?? [:]
        if (300..<400).contains(op.success) {
            responses[String(op.success)] = ["description": "redirect", "headers": ["Location": ["schema": ["type": "string"]]]]
        } else {
            responses[String(op.success)] = ["description": "success",
                                             "content": .object([op.produces: ["schema": success]])]
        }
        var statuses = Set(op.errors + op.access.statuses)
        if op.body != nil { statuses.formUnion([413, 422]) }
        if op.query != nil { statuses.insert(422) }
        if op.method != .GET && op.method != .HEAD { statuses.insert(507) }   // StorageErrors
        let ownError = op.errorBody.map { $0.schema(&reader) }
        for status in statuses.sorted() {
            switch status {
            case 300..<400:
                responses[String(status)] = ["description": "redirect",
                                             "headers": ["Location": ["schema": ["type": "string"]]]]
            case 422 where ownError == nil:
                responses[String(status)] = errorResponse("validation error", schema: "ValidationError")
            case 400..<500 where ownError != nil && !op.access.statuses.contains(status):
                responses[String(status)] = ["description": .string(reason(status)),
                                             "content": ["application/json": ["schema": ownError!]]]
            default:
                responses[String(status)] = errorResponse(reason(status), schema: "Error")
            }
        }
        var document: [String: JSONValue] = [
            "summary": .string(op.summary),
            "operationId": .string(operationID(op.method, op.pattern)),
            "responses": .object(responses),
            "security": security(op.access),
        ]
        if !parameters.isEmpty { document["parameters"] = .array(parameters) }
        if let body = op.body {
            var media: [String: JSONValue] = ["schema": body.schema(&reader)]
            if let example = body.example { media["example"] = example }
            document["requestBody"] = ["required": .bool(!op.bodyOptional), "content": .object([op.bodyMedia: .object(media)])]
        }
        if let tag = tag(op.pattern) { document["tags"] = [.string(tag)] }
        return .object(document)
    }

    /// A route registered without types (documented by its tags only).
    static func untyped(_ route: RouteInfo) -> JSONValue {
        let access: Access = switch route.tags["auth"] {
        case "public": .public
        case "bearer": .bearer
        default: route.tags["display"] == "yes" ? .kitchen : .member
        }
        let produces = route.tags["produces"] ?? "application/json"
        var responses: [String: JSONValue] = [
            "200": ["description": "success", "content": .object([produces: ["schema": [:]]])],
        ]
        for status in access.statuses { responses[String(status)] = errorResponse(reason(status), schema: "Error") }
        if route.method != .GET { responses["422"] = errorResponse("validation error", schema: "ValidationError") }
        var document: [String: JSONValue] = [
            "summary": .string(route.summary.isEmpty ? "\(route.method.rawValue) \(openAPIPath(route.pattern))" : route.summary),
            "operationId": .string(operationID(route.method, route.pattern)),
            "responses": .object(responses),
            "security": security(access),
        ]
        let parameters = pathParameters(route.pattern)
        if !parameters.isEmpty { document["parameters"] = .array(parameters) }
        if let tag = tag(route.pattern) { document["tags"] = [.string(tag)] }
        return .object(document)
    }

    static func pathParameters(_ pattern: String) -> [JSONValue] {
        pattern.split(separator: "/").filter { $0.hasPrefix(":") }.map {
            ["name": .string(String($0.dropFirst())), "in": "path", "required": true, "schema": ["type": "string"]]
        }
    }

    static func security(_ access: Access) -> JSONValue {
        switch access {
        case .public: return []
        case .member, .admin: return [["cookieAuth": []]]
        case .kitchen: return [["cookieAuth": []], ["displayCookie": []]]
        case .bearer: return [["bearerAuth": []]]
        }
    }

    static func resolve(_ schema: JSONValue, _ reader: WireSchema) -> JSONValue {
        guard let ref = schema["$ref"]?.stringValue else { return schema }
        return reader.components[String(ref.split(separator: "/").last ?? "")] ?? [:]
    }

    static func tag(_ pattern: String) -> String? {
        pattern.split(separator: "/").dropFirst(pattern.hasPrefix("/api/") ? 1 : 0).first.map(String.init)
    }

    static func reason(_ status: Int) -> String {
        switch status {
        case 400: return "bad request"
        case 401: return "not signed in"
        case 403: return "forbidden (admin only, cross-origin, or not for kitchen displays)"
        case 404: return "not found (or not owned)"
        case 409: return "conflict"
        case 413: return "request body too large"
        case 429: return "too many requests"
        case 502: return "upstream failed"
        case 503: return "not configured"
        case 507: return "disk full: nothing was saved"
        default: return "error"
        }
    }

    static func operationID(_ method: HTTPMethod, _ pattern: String) -> String {
        let words = pattern.split(separator: "/").map { $0.hasPrefix(":") ? "by_" + $0.dropFirst() : String($0) }
        return method.rawValue.lowercased() + "_" + words.joined(separator: "_")
            .replacingOccurrences(of: "-", with: "_").replacingOccurrences(of: ".", with: "_")
    }

    static func errorResponse(_ description: String, schema: String) -> JSONValue {
        ["description": .string(description),
         "content": ["application/json": ["schema": ["$ref": .string("#/components/schemas/\(schema)")]]]]
    }
}
