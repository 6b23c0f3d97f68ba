import ForgeCore
import ForgeHousehold
import Foundation

/// One MCP tool (API.md §4.24): name, description, JSON Schema of its
/// arguments and the function that runs it as the authenticated user.
struct MCPTool: Sendable {
    let name: String
    let description: String
    /// JSON Schema object (`type: object`, `properties`, `required`).
    let inputSchema: JSONValue
    let run: @Sendable (MCPContext, MCPArguments) throws -> JSONValue

    /// The `tools/list` entry.
    var listing: JSONValue {
        ["name": .string(name), "description": .string(description), "inputSchema": inputSchema]
    }

    /// A schema object from `properties` with `required` names.
    static func schema(_ properties: [String: JSONValue], required: [String] = []) -> JSONValue {
        var object: [String: JSONValue] = ["type": "object", "properties": .object(properties)]
        if !required.isEmpty { object["required"] = .strings(required) }
        return .object(object)
    }
}

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

/// Lax typed access to `tools/call` arguments (API.md §1.1 coercion:
/// numeric strings count as numbers, "true"/"false" as booleans).
struct MCPArguments: Sendable {
    let object: [String: JSONValue]

    func has(_ key: String) -> Bool { object[key].map { !$0.isNull } ?? false }

    func string(_ key: String) -> String? {
        switch object[key] {
        case .string(let s)?: return s
        case .int(let i)?: return String(i)
        case .double(let d)?: return String(d)
        default: return nil
        }
    }

    func double(_ key: String) -> Double? { Self.double(object[key]) }

    static func double(_ value: JSONValue?) -> Double? {
        switch value {
        case .int(let i)?: return Double(i)
        case .double(let d)? where d.isFinite: return d
        case .string(let s)?: return Double(s.trimmingCharacters(in: .whitespaces)).flatMap { $0.isFinite ? $0 : nil }
        default: return nil
        }
    }

    func int(_ key: String) -> Int? {
        guard let d = double(key), abs(d) < 1e12 else { return nil }
        return Int(d.rounded(.towardZero))
    }

    func bool(_ key: String) -> Bool? { Self.bool(object[key]) }

    static func bool(_ value: JSONValue?) -> Bool? {
        switch value {
        case .bool(let b)?: return b
        case .string("true")?: return true
        case .string("false")?: return false
        case .int(let i)?: return i != 0
        default: return nil
        }
    }

    func strings(_ key: String) -> [String] {
        object[key]?.arrayValue?.compactMap(\.stringValue) ?? []
    }

    func objects(_ key: String) -> [[String: JSONValue]]? {
        object[key]?.arrayValue?.map { $0.objectValue ?? [:] }
    }
}
