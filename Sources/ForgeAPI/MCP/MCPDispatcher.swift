import ForgeCore
import ForgeHTTP
import Foundation

/// JSON-RPC methods of the stateless MCP endpoint (docs/contract.md §3.16, docs/architecture.md §16.10).
///
/// Handshake revisions: `initialize` echoes the client's version when it is
/// one of ``handshakeVersions`` (the contract's three plus 2025-11-25), else
/// answers 2025-06-18. Stateless revision 2026-07-28: a request whose
/// `params._meta["io.modelcontextprotocol/protocolVersion"]` names a version
/// is answered without any handshake; `server/discover` lists
/// ``supportedVersions``; results of such requests carry
/// `resultType: "complete"` (and `ttlMs: 0`, `cacheScope: "private"` on
/// the cacheable `server/discover` and `tools/list`); an unknown version
/// there is error -32022 with `data: {supported, requested}`.
struct MCPDispatcher {
    static let handshakeVersions = ["2025-11-25", "2025-06-18", "2025-03-26", "2024-11-05"]
    static let modernVersion = "2026-07-28"
    static let supportedVersions = ["2024-11-05", "2025-03-26", "2025-06-18", "2025-11-25", "2026-07-28"]
    static let metaVersionKey = "io.modelcontextprotocol/protocolVersion"
    static let instructions =
        "Forge's household food library: search and read recipes, read the week's shopping list (get_shopping_list), import recipes (steps in done-when form: each step's detail ends with the cue that tells the cook it is finished), and maintain the ingredient reference (per 100 g/ml, or per item for unit x)."

    let context: MCPContext

    static var tools: [MCPTool] {
        MCPRecipeTools.tools + MCPIngredientTools.tools + MCPFoodLogTools.tools + MCPFoodReferenceTools.tools
            + MCPShoppingTools.tools
    }

    /// A JSON-RPC error.
    struct RPCError: Error {
        let code: Int
        let message: String
        var data: JSONValue? = nil
    }

    /// The `result` for `method`.
    func handle(method: String, params: [String: JSONValue]) throws -> JSONValue {
        let meta = params["_meta"]?.objectValue ?? [:]
        let modernVersion = meta[Self.metaVersionKey]?.stringValue
        if let v = modernVersion, method != "initialize", !Self.supportedVersions.contains(v) {
            throw RPCError(
                code: -32022, message: "unsupported protocol version: \(v)",
                data: ["supported": .strings(Self.supportedVersions), "requested": .string(v)])
        }
        var result: [String: JSONValue]
        var cacheable = false
        switch method {
        case "initialize":
            let asked = params["protocolVersion"]?.stringValue ?? ""
            return [
                "protocolVersion": .string(Self.handshakeVersions.contains(asked) ? asked : "2025-06-18"),
                "capabilities": ["tools": .object([:])],
                "serverInfo": ["name": "forge-food", "version": "1.0.0"],
                "instructions": .string(Self.instructions),
            ]
        case "server/discover":
            result = [
                "supportedVersions": .strings(Self.supportedVersions),
                "capabilities": ["tools": .object([:])], "instructions": .string(Self.instructions),
            ]
            cacheable = true
            if modernVersion == nil {
                result["resultType"] = "complete"
                result["ttlMs"] = 0
                result["cacheScope"] = "private"
            }
        case "ping":
            result = [:]
        case "tools/list":
            result = ["tools": .array(Self.tools.map(\.listing))]
            cacheable = true
        case "tools/call":
            result = try call(params)
        default:
            throw RPCError(code: -32601, message: "method not found: \(method)")
        }
        if modernVersion != nil {
            result["resultType"] = "complete"
            if cacheable {
                result["ttlMs"] = 0
                result["cacheScope"] = "private"
            }
        }
        return .object(result)
    }

    private func call(_ params: [String: JSONValue]) throws -> [String: JSONValue] {
        let name = params["name"]?.stringValue ?? ""
        guard let tool = Self.tools.first(where: { $0.name == name }) else {
            throw RPCError(code: -32602, message: "unknown tool: \(name)")
        }
        let arguments: [String: JSONValue]
        switch params["arguments"] {
        case nil, .null?: arguments = [:]
        case .object(let object)?: arguments = object
        default: return Self.toolError("invalid argument arguments: Input should be a valid dictionary")
        }
        do {
            let output = try tool.run(context, arguments)
            let text = String(decoding: JSONWriter.data(output), as: UTF8.self)
            return [
                "content": .array([["type": "text", "text": .string(text)]]), "structuredContent": output,
                "isError": false,
            ]
        } catch let error as MCPToolError {
            return Self.toolError(error.message)
        } catch let error as RecipeImportErrorBridge {
            return Self.toolError(error.message)
        } catch let error as HTTPError where error.status < 500 {
            return Self.toolError(MCPTool.message(of: error))
        } catch let error as any HTTPMappedError where error.status < 500 {
            return Self.toolError(MCPTool.message(of: error.httpError))
        } catch {
            Log.error("MCP tool \(name) failed", fields: ["error": "\(error)"])
            return Self.toolError("internal error; nothing was changed")
        }
    }

    static func toolError(_ message: String) -> [String: JSONValue] {
        ["content": .array([["type": "text", "text": .string(message)]]), "isError": true]
    }
}

/// Domain errors that carry a readable message for a tool error.
protocol RecipeImportErrorBridge: Error { var message: String { get } }
