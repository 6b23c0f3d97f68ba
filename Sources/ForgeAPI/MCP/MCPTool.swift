import ForgeCore
import ForgeHTTP
import ForgeHousehold
import Foundation

/// One MCP tool (docs/contract.md §4.24): name, description, JSON Schema of its
/// arguments and the function that runs it as the authenticated user.
struct MCPTool: Sendable {
    let name: String
    let description: String
    /// JSON Schema object (`type: object`, `properties`, `required`).
    let inputSchema: JSONValue
    let run: @Sendable (MCPContext, [String: JSONValue]) throws -> JSONValue

    /// The `tools/list` entry.
    var listing: JSONValue {
        ["name": .string(name), "description": .string(description), "inputSchema": inputSchema]
    }

    /// A tool whose `arguments` decode into `Args` through ``WireDecoder``
    /// (docs/contract.md §1.1 coercion, unknown members ignored) and pass
    /// `Args.validate()` before `run` is called, so a bad argument is a tool
    /// error naming it and nothing is written. The `inputSchema` is read
    /// from `Args` by ``WireSchema`` (inlined, no `$ref`), with `hints`
    /// (per property: `description`, `enum`, `default`, `minimum`, …)
    /// laid over the properties of the same name; `required`, when given,
    /// replaces the schema's list (arguments the contract marks required
    /// that still read a default when missing).
    static func typed<Args: RequestInput>(
        _ name: String, _ description: String, _ args: Args.Type, hints: [String: JSONValue] = [:],
        required: [String]? = nil, run: @escaping @Sendable (MCPContext, Args) throws -> JSONValue
    ) -> MCPTool {
        MCPTool(name: name, description: description, inputSchema: inputSchema(Args.self, hints, required)) {
            context, object in
            try run(context, try decode(Args.self, object))
        }
    }

    /// ``typed(_:_:_:hints:required:run:)`` for arguments whose checks
    /// produce the values the tool uses (``ValidatingInput``): `run` gets
    /// them, checked once, and parses no argument again.
    static func typed<Args: ValidatingInput>(
        _ name: String, _ description: String, _ args: Args.Type, hints: [String: JSONValue] = [:],
        required: [String]? = nil, run: @escaping @Sendable (MCPContext, Args.Validated) throws -> JSONValue
    ) -> MCPTool {
        MCPTool(name: name, description: description, inputSchema: inputSchema(Args.self, hints, required)) {
            context, object in
            let value = try decoded(Args.self, object)
            let valid: Args.Validated
            do { valid = try value.validated() } catch let e as HTTPError { throw MCPToolError(message(of: e)) }
            return try run(context, valid)
        }
    }

    /// `object` as `Args`, validated.
    /// - Throws: ``MCPToolError`` `invalid argument <path>: <reason>` (or the
    ///   contract's own message, such as `bad date`, when the check has one).
    static func decode<Args: RequestInput>(_ type: Args.Type, _ object: [String: JSONValue]) throws -> Args {
        let value = try decoded(type, object)
        do { try value.validate() } catch let e as HTTPError {
            throw MCPToolError(message(of: e))
        }
        return value
    }

    /// The `inputSchema` of `Args`: ``schema(of:hints:)``, with `required` replacing its list when given.
    private static func inputSchema<Args: Decodable>(
        _ type: Args.Type, _ hints: [String: JSONValue], _ required: [String]?
    ) -> JSONValue {
        var schema = schema(of: type, hints: hints)
        if let required, case .object(var top) = schema {
            top["required"] = .strings(required)
            schema = .object(top)
        }
        return schema
    }

    /// `object` as `Args`, before its checks.
    /// - Throws: ``MCPToolError`` `invalid argument <path>: <reason>`.
    private static func decoded<Args: RequestInput>(_ type: Args.Type, _ object: [String: JSONValue]) throws -> Args {
        do { return try WireDecoder.decodeInput(type, from: .object(object)) } catch let e as WireDecodingError {
            throw MCPToolError("invalid argument \(path(e.loc)): \(e.message)")
        }
    }

    /// `["ingredients", 0, "kcal_100"]` → `ingredients[0].kcal_100`; `arguments` when empty.
    static func path(_ loc: [JSONValue]) -> String {
        var out = ""
        for item in loc {
            switch item {
            case .int(let i): out += "[\(i)]"
            case .string(let s): out += out.isEmpty ? s : "." + s
            default: break
            }
        }
        return out.isEmpty ? "arguments" : out
    }

    /// A readable sentence for a check's ``HTTPError``: the first item of a
    /// 422 body as `invalid argument <path>: <msg>` (the leading `body`
    /// dropped), else the error's own detail.
    static func message(of error: HTTPError) -> String {
        guard let body = error.body, let tree = try? JSONCoding.decode(JSONValue.self, from: body),
            let item = tree["detail"]?.arrayValue?.first, let msg = item["msg"]?.stringValue
        else {
            return error.detail
        }
        var loc = item["loc"]?.arrayValue ?? []
        if loc.first == "body" { loc.removeFirst() }
        return "invalid argument \(path(loc)): \(msg)"
    }

    /// The JSON Schema of `Args`, every `$ref` inlined and every optional
    /// member's `anyOf [T, null]` reduced to `T`, the control-character rule
    /// published (``ControlCharacters/published(in:)``), with `hints` merged into its properties.
    static func schema<Args: Decodable>(of type: Args.Type, hints: [String: JSONValue] = [:]) -> JSONValue {
        var reader = WireSchema()
        let root = reader.schema(for: type)
        // Declared strings refuse control characters (``ControlCharacters``, as ``decode(_:_:)`` checks).
        var schema = ControlCharacters.published(in: inline(root, reader.components))
        guard case .object(var top) = schema, case .object(var properties)? = top["properties"] else { return schema }
        for (key, hint) in hints {
            guard case .object(let extra) = hint else { continue }
            var property = properties[key]?.objectValue ?? [:]
            property.merge(extra) { _, new in new }
            properties[key] = .object(property)
        }
        top["properties"] = .object(properties)
        schema = .object(top)
        return schema
    }

    private static func inline(_ schema: JSONValue, _ components: [String: JSONValue]) -> JSONValue {
        switch schema {
        case .object(var members):
            if let ref = members["$ref"]?.stringValue, let name = ref.split(separator: "/").last,
                let target = components[String(name)]
            {
                return inline(target, components)
            }
            // `anyOf: [T, {type: null}]` (an optional member; null reads as absent) → T, the form MCP clients expect.
            if let options = members["anyOf"]?.arrayValue, options.count == 2, options.contains(["type": "null"]),
                case .object(let inner)? = options.first(where: { $0 != ["type": "null"] })
            {
                members["anyOf"] = nil
                members.merge(inner) { outer, _ in outer }
                return inline(.object(members), components)
            }
            return .object(members.mapValues { inline($0, components) })
        case .array(let items):
            return .array(items.map { inline($0, components) })
        default:
            return schema
        }
    }
}

/// A tool without arguments' worth of checks: `{}` or anything (ignored).
struct NoArguments: RequestInput {}

/// Who runs a tool and where.
struct MCPContext: Sendable {
    let app: ForgeApp
    let user: User

    /// - Throws: ``MCPToolError`` when the caller is the demo (shared-library writes).
    func requireMember() throws {
        if user.isDemo { throw MCPToolError("the demo account cannot change the shared library") }
    }
}

/// A domain failure reported as a tool error (`isError: true`) with `message`.
struct MCPToolError: Error, CustomStringConvertible {
    let message: String
    init(_ message: String) { self.message = message }
    var description: String { message }
}

extension WireEncoder {
    /// `value` as a ``JSONValue`` that keeps each number's declared form
    /// (`Double` → `.double`, `Int` → `.int`), with `extra` members laid over
    /// its top level; for tool outputs built from domain types.
    static func merged<T: Encodable>(_ value: T, _ extra: [String: JSONValue] = [:]) throws -> JSONValue {
        guard case .object(var object) = try jsonValue(value) else { return .object(extra) }
        object.merge(extra) { _, new in new }
        return .object(object)
    }
}
