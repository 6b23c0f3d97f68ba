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
/// where it reads input, 507 (disk full) for every method but GET, 415 (a
/// `Content-Type` the route does not take, ``BodyMedia``) for every write but
/// bearer ones, and its security scheme: `cookieAuth` for members
/// and admins, `cookieAuth` or `displayCookie` for kitchen routes,
/// `bearerAuth` for `/ingest` and `/mcp`, none for public routes.
enum OpenAPIDocument {
    /// `/api/sessions/:id/sets` → `/api/sessions/{id}/sets`.
    static func openAPIPath(_ pattern: String) -> String {
        pattern.split(separator: "/", omittingEmptySubsequences: false).map { segment in
            segment.hasPrefix(":") ? "{\(segment.dropFirst())}" : String(segment)
        }.joined(separator: "/")
    }

    static func build(routes: [RouteInfo], operations: [APIOperation], version: String, serverURL: String) -> JSONValue
    {
        var reader = WireSchema()
        var paths: [String: [String: JSONValue]] = [:]
        var typed: [String: APIOperation] = [:]
        for op in operations { typed["\(op.method.rawValue) \(op.pattern)"] = op }
        for route in routes {
            let path = openAPIPath(route.pattern)
            // Every route is registered through APIRouter, so every route has its operation.
            guard let op = typed["\(route.method.rawValue) \(route.pattern)"] else { continue }
            paths[path, default: [:]][route.method.rawValue.lowercased()] = operation(op, reader: &reader)
        }
        var schemas = reader.components
        // docs/contract.md §1.1: in a request body, `null` counts as absent, so every
        // optional member of a body type also admits null.
        var requestTypes: Set<String> = []
        for op in operations {
            guard let ref = op.body?.schema(&reader)["$ref"]?.stringValue,
                let name = ref.split(separator: "/").last.map(String.init)
            else { continue }
            schemas[name] = constrained(schemas[name] ?? [:], members: op.body?.constraints() ?? [:])
            requestTypes.insert(name)
        }
        // The types a body nests (`keys`, `context`, `results[]`) read null the same way.
        var pending = Array(requestTypes)
        while let name = pending.popLast() {
            for nested in references(in: schemas[name] ?? [:]) where !requestTypes.contains(nested) {
                requestTypes.insert(nested)
                pending.append(nested)
            }
        }
        // A body's declared strings refuse control characters, and its free keys too
        // (``ControlCharacters``): the same rule, published here.
        for name in requestTypes {
            schemas[name] = ControlCharacters.published(in: nullableOptionals(schemas[name] ?? [:]))
        }
        schemas["Error"] = ["type": "object", "properties": ["detail": ["type": "string"]], "required": ["detail"]]
        schemas["ValidationError"] = [
            "type": "object", "required": ["detail"],
            "properties": [
                "detail": [
                    "type": "array",
                    "items": [
                        "type": "object", "required": ["type", "loc", "msg"],
                        "properties": [
                            "type": ["type": "string"], "msg": ["type": "string"], "input": [:],
                            "loc": ["type": "array", "items": ["anyOf": [["type": "string"], ["type": "integer"]]]],
                        ],
                    ],
                ]
            ],
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
            let constraints = query.constraints()
            for (name, property) in (schema["properties"]?.objectValue ?? [:]).sorted(by: { $0.key < $1.key }) {
                // An empty query value reads as absent, so an enumeration admits "".
                var keywords = constraints[name]
                if let values = keywords?["enum"]?.arrayValue, !values.contains("") {
                    keywords = keywords?.objectValue.map { .object($0.merging(["enum": .array(values + [""])]) { $1 }) }
                }
                // …and so does a number or boolean parameter.
                var schema = constrained(property, keywords)
                if !required.contains(name), let type = schema["type"]?.stringValue, type != "string" {
                    schema = ["anyOf": [schema, ["type": "string", "maxLength": 0]]]
                }
                parameters.append([
                    "name": .string(name), "in": "query", "required": .bool(required.contains(name)),
                    "schema": schema,
                ])
            }
        }
        var responses: [String: JSONValue] = [:]
        let success: JSONValue = op.response.map { $0.schema(&reader) } ?? [:]
        if (300..<400).contains(op.success) {
            responses[String(op.success)] = [
                "description": "redirect", "headers": ["Location": ["schema": ["type": "string"]]],
            ]
        } else {
            var content: [String: JSONValue] = [op.produces: ["schema": success]]
            for media in op.alsoProduces { content[media] = ["schema": ["type": "string"]] }
            responses[String(op.success)] = ["description": "success", "content": .object(content)]
        }
        var statuses = Set(op.errors + op.access.statuses)
        if op.body != nil { statuses.formUnion([413, 422]) }
        if op.query != nil { statuses.insert(422) }
        if op.method != .GET && op.method != .HEAD { statuses.insert(507) }  // StorageErrors
        if op.method != .GET && op.method != .HEAD && op.access != .bearer { statuses.insert(415) }  // BodyMedia
        let ownError = op.errorBody.map { $0.schema(&reader) }
        for status in statuses.sorted() {
            switch (status, ownError, op.errorBodies[status]) {
            case (202, _, _), (204, _, _):
                responses[String(status)] = ["description": "accepted (no body)"]
            case (300..<400, _, _):
                responses[String(status)] = [
                    "description": "redirect (Location; no body)",
                    "headers": ["Location": ["schema": ["type": "string"]]],
                ]
            case (422, .none, _):
                responses[String(status)] = validationResponse
            case (400..<500, let own?, _) where !op.access.statuses.contains(status):
                responses[String(status)] = [
                    "description": .string(reason(status)),
                    "content": ["application/json": ["schema": own]],
                ]
            case _ where op.pageErrors.contains(status):
                responses[String(status)] = [
                    "description": .string(reason(status)),
                    "content": ["text/html": ["schema": ["type": "string"]]],
                ]
            case (_, _, let body?):
                responses[String(status)] = [
                    "description": .string(reason(status)),
                    "content": ["application/json": ["schema": body.schema(&reader)]],
                ]
            default:
                responses[String(status)] = errorResponse(reason(status), schema: "Error")
            }
        }
        responses["414"] = uriTooLong
        responses["431"] = headersTooLarge
        var document: [String: JSONValue] = [
            "summary": .string(op.summary),
            "operationId": .string(operationID(op.method, op.pattern)),
            "responses": .object(responses),
            "security": security(op.access),
        ]
        if !parameters.isEmpty { document["parameters"] = .array(parameters) }
        if let body = op.body {
            var media: [String: JSONValue] = ["schema": ControlCharacters.published(in: body.schema(&reader))]
            if let example = body.example { media["example"] = example }
            var content: [String: JSONValue] = [op.bodyMedia: .object(media)]
            for other in op.accepts { content[other] = ["schema": ["type": "string", "format": "binary"]] }
            document["requestBody"] = ["required": .bool(!op.bodyOptional), "content": .object(content)]
        } else if !op.accepts.isEmpty {
            // A file body (the cardio import): each media type it is read as.
            var content: [String: JSONValue] = [:]
            for other in op.accepts { content[other] = ["schema": ["type": "string", "format": "binary"]] }
            document["requestBody"] = ["required": .bool(!op.bodyOptional), "content": .object(content)]
        }
        if let tag = tag(op.pattern) { document["tags"] = [.string(tag)] }
        return .object(document)
    }

    /// `property` with `keywords` added (the ranges, lengths and enumerations
    /// its type's ``RequestInput/rules`` declare).
    static func constrained(_ property: JSONValue, _ keywords: JSONValue?) -> JSONValue {
        guard case .object(var object) = property, let keywords = keywords?.objectValue else { return property }
        if let branches = object["anyOf"]?.arrayValue {
            object["anyOf"] = .array(branches.map { $0 == ["type": "null"] ? $0 : constrained($0, .object(keywords)) })
            return .object(object)
        }
        for (k, v) in keywords {
            // A date string's pattern replaces its `format: date` (years 1-9999).
            if k == "pattern" { object["format"] = nil }
            object[k] = v
        }
        return .object(object)
    }

    /// An object schema with `members`' keywords added to its properties.
    static func constrained(_ schema: JSONValue, members: [String: JSONValue]) -> JSONValue {
        guard case .object(var object) = schema, var properties = object["properties"]?.objectValue else {
            return schema
        }
        for (name, keywords) in members {
            guard let property = properties[name] else { continue }
            properties[name] = constrained(property, keywords)
        }
        object["properties"] = .object(properties)
        return .object(object)
    }

    /// Component names `schema` refers to.
    static func references(in schema: JSONValue) -> Set<String> {
        switch schema {
        case .object(let object):
            var names: Set<String> = []
            if let ref = object["$ref"]?.stringValue, let name = ref.split(separator: "/").last {
                names.insert(String(name))
            }
            for value in object.values { names.formUnion(references(in: value)) }
            return names
        case .array(let items): return items.reduce(into: Set<String>()) { $0.formUnion(references(in: $1)) }
        default: return []
        }
    }

    /// A request boolean as the decoder takes it (§1.1's lax coercion):
    /// `true`/`false`, `0`/`1`, or the strings `"true"`/`"false"` in any case.
    static let laxBoolean: JSONValue = [
        "anyOf": [
            ["type": "boolean"], ["enum": [0, 1]],
            ["type": "string", "pattern": "^([Tt][Rr][Uu][Ee]|[Ff][Aa][Ll][Ss][Ee])$"],
        ]
    ]

    /// `schema` with each property outside `required` also admitting null,
    /// and each boolean as ``laxBoolean``.
    static func nullableOptionals(_ schema: JSONValue) -> JSONValue {
        guard case .object(var object) = schema, let properties = object["properties"]?.objectValue else {
            return schema
        }
        let required = Set(object["required"]?.arrayValue?.compactMap(\.stringValue) ?? [])
        var out: [String: JSONValue] = [:]
        for (name, property) in properties {
            let property = property["type"] == "boolean" ? laxBoolean : property
            let admitsNull =
                required.contains(name) || property == [:] || property["type"] == "null"
                || property["anyOf"]?.arrayValue?.contains(["type": "null"]) == true
            if admitsNull {
                out[name] = property
            } else {
                // The description stays on the member, beside the choice.
                var inner = property.objectValue ?? [:]
                let description = inner.removeValue(forKey: "description")
                var wrapped: [String: JSONValue] = ["anyOf": [.object(inner), ["type": "null"]]]
                if let description { wrapped["description"] = description }
                out[name] = .object(wrapped)
            }
        }
        object["properties"] = .object(out)
        return .object(object)
    }

    /// Path parameters: identifiers, slugs and file names, never longer than
    /// ``maxPathParameter`` characters.
    static func pathParameters(_ pattern: String) -> [JSONValue] {
        pattern.split(separator: "/").filter { $0.hasPrefix(":") }.map {
            [
                "name": .string(String($0.dropFirst())), "in": "path", "required": true,
                "schema": ["type": "string", "minLength": 1, "maxLength": .int(maxPathParameter)],
            ]
        }
    }

    static let maxPathParameter = 200

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
        case 405: return "method not allowed"
        case 409: return "conflict"
        case 413: return "request body too large"
        case 429: return "too many requests"
        case 502: return "upstream failed"
        case 503: return "not configured"
        case 507: return "disk full: nothing was saved"
        case 415: return "unsupported content type: the body is read only as the media types listed in requestBody"
        default: return "error"
        }
    }

    static func operationID(_ method: HTTPMethod, _ pattern: String) -> String {
        let words = pattern.split(separator: "/").map { $0.hasPrefix(":") ? "by_" + $0.dropFirst() : String($0) }
        return method.rawValue.lowercased() + "_"
            + words.joined(separator: "_")
            .replacingOccurrences(of: "-", with: "_").replacingOccurrences(of: ".", with: "_")
    }

    /// 431 from the HTTP layer (libmicrohttpd) before any route runs, for a
    /// request line or headers (a huge cookie) over its buffer; no JSON body.
    static let headersTooLarge: JSONValue = ["description": "request headers too large (answered by the HTTP layer)"]
    /// 414 from the HTTP layer for a request line (path and query) over its buffer.
    static let uriTooLong: JSONValue = ["description": "request line too long (answered by the HTTP layer)"]

    /// 422: §1.4's validation list, or the contract's own message (`invalid
    /// email`, `empty file`, …) as a plain `{detail: string}`.
    static let validationResponse: JSONValue = [
        "description": "validation error",
        "content": [
            "application/json": [
                "schema": [
                    "anyOf": [
                        ["$ref": "#/components/schemas/ValidationError"],
                        ["$ref": "#/components/schemas/Error"],
                    ]
                ]
            ]
        ],
    ]

    static func errorResponse(_ description: String, schema: String) -> JSONValue {
        [
            "description": .string(description),
            "content": ["application/json": ["schema": ["$ref": .string("#/components/schemas/\(schema)")]]],
        ]
    }
}
