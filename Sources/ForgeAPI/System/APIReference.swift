import ForgeCore
import ForgeHTTP

/// `docs/api.md`: the API reference as Markdown, generated from the typed
/// route table (every ``APIOperation``) and the schemas `/api/openapi.json`
/// publishes, so the repository documents its own contract. The test
/// `APIReferenceTests` fails when the committed file is stale and rewrites
/// it when run with `FORGE_UPDATE_DOCS=1`.
enum APIReference {
    /// The whole document: one section per area (first path segment after
    /// `/api`), one row per operation, then each request and response
    /// type's members with their JSON types.
    static func markdown(operations: [APIOperation]) -> String {
        var reader = WireSchema()
        var out = """
            # forged HTTP API reference

            Generated from the route table (`Sources/ForgeAPI`, every route registered through
            `APIRouter`) by `APIReferenceTests`; do not edit by hand (`FORGE_UPDATE_DOCS=1 swift test
            --filter APIReferenceTests` rewrites it). The machine-readable form is `GET /api/openapi.json`.
            Access: `public` (no credentials), `member` (the `forge_session` cookie), `admin` (a member
            whose role is admin), `kitchen` (a member or a paired display's `forge_display` cookie),
            `bearer` (`Authorization: Bearer <token>`). Every error body is `{"detail": …}` (422: the
            validation list `[{type, loc, msg, input?}]`) unless a route says otherwise.

            """
        var types: [String] = []
        let grouped = Dictionary(grouping: operations) { OpenAPIDocument.tag($0.pattern) ?? "root" }
        for area in grouped.keys.sorted() {
            out +=
                "\n## \(area)\n\n| method | path | access | input | answer | other statuses | summary |\n|---|---|---|---|---|---|---|\n"
            for op in grouped[area]!.sorted(by: { ($0.pattern, $0.method.rawValue) < ($1.pattern, $1.method.rawValue) })
            {
                var input: [String] = []
                if let q = op.query {
                    input.append("query `\(q.name)`")
                    types.append(q.name)
                    _ = q.schema(&reader)
                }
                if let b = op.body {
                    input.append(op.bodyMedia == "application/json" ? "`\(b.name)`" : "`\(b.name)` (\(op.bodyMedia))")
                    types.append(b.name)
                    _ = b.schema(&reader)
                }
                let answer: String
                if let r = op.response, op.produces == "application/json" {
                    answer = "\(op.success) `\(r.name)`"
                    types.append(r.name)
                    _ = r.schema(&reader)
                } else {
                    answer = "\(op.success) \(op.produces)"
                }
                let statuses = Set(op.errors + op.access.statuses).subtracting([op.success]).sorted().map(String.init)
                out +=
                    "| \(op.method.rawValue) | `\(OpenAPIDocument.openAPIPath(op.pattern))` | \(op.access.rawValue) | "
                    + "\(input.isEmpty ? "—" : input.joined(separator: ", ")) | \(answer) | "
                    + "\(statuses.isEmpty ? "—" : statuses.joined(separator: ", ")) | \(op.summary.replacingOccurrences(of: "|", with: "\\|")) |\n"
            }
        }
        out +=
            "\n## Types\n\nMembers in the order they are written; `?` = may be absent; `| null` = present, may be null.\n"
        for name in reader.components.keys.sorted() {
            guard let schema = reader.components[name], let properties = schema["properties"]?.objectValue else {
                continue
            }
            let required = Set(schema["required"]?.arrayValue?.compactMap(\.stringValue) ?? [])
            out += "\n### \(name)\n\n"
            for key in properties.keys.sorted() {
                out += "- `\(key)\(required.contains(key) ? "" : "?")`: \(typeText(properties[key]!))\n"
            }
        }
        return out
    }

    /// A schema as a short type expression (`number | null`, `FoodDay[]`, `"kg" | "lb"`).
    static func typeText(_ schema: JSONValue) -> String {
        if let ref = schema["$ref"]?.stringValue { return String(ref.split(separator: "/").last ?? "") }
        if let options = schema["anyOf"]?.arrayValue { return options.map(typeText).joined(separator: " | ") }
        if let values = schema["enum"]?.arrayValue {
            return values.map { $0.stringValue.map { "\"\($0)\"" } ?? JSONWriter.string($0) }.joined(separator: " | ")
        }
        switch schema["type"]?.stringValue {
        case "array"?: return typeText(schema["items"] ?? [:]) + "[]"
        case "object"?:
            if let value = schema["additionalProperties"], value.objectValue != nil {
                return "{[key]: \(typeText(value))}"
            }
            return "object"
        case let t?: return t
        case nil: return "any"
        }
    }
}
