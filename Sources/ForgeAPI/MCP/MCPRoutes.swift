import ForgeCook
import ForgeCore
import ForgeHTTP
import Foundation

extension RecipeImportError: RecipeImportErrorBridge {}

/// `POST /mcp` and `GET /mcp` (docs/contract.md §3.16): stateless MCP over
/// streamable HTTP, one JSON-RPC message per POST, one JSON answer, no
/// sessions, no SSE.
enum MCPRoutes {
    static func register(_ app: ForgeApp, on router: inout APIRouter) {
        router.raw(
            .POST, "/mcp", "MCP (stateless streamable HTTP, JSON-RPC 2.0); bearer ingest or OAuth token",
            access: .bearer, body: JSONRPCRequest.self, errorBody: JSONRPCReply.self,
            errorBodies: [401: OAuthErrorBody.self], answers: JSONRPCReply.self,
            errors: [202, 400]
        ) { request, _ in
            let user = try app.mcpUser(request)
            let body = request.body
            // `import_recipe` fetches images: it runs as a job while the connection waits suspended.
            if fetches(body) {
                return .deferred(DeferredResponse.run { handle(body, context: MCPContext(app: app, user: user)) })
            }
            return handle(body, context: MCPContext(app: app, user: user))
        }
        router.raw(
            .GET, "/mcp", "Not supported: the MCP endpoint is POST only (405, Allow: POST)",
            access: .public, answers: nil as OK.Type?, success: 405, errors: [405]
        ) { _, _ in
            var response = Response.error(405, "method not allowed")
            response.headers.set("Allow", "POST")
            return response
        }
    }

    /// Answers one JSON-RPC message: 400 with error -32700 (not JSON) or
    /// -32600 (a batch, or no `method`); 202 with no body for a notification
    /// (no `id`, or a `notifications/…` method); else 200 with a
    /// ``JSONRPCReply`` carrying `result` or the dispatcher's `error`.
    static func handle(_ body: Data, context: MCPContext) -> Response {
        guard let message = try? JSONCoding.decode(JSONValue.self, from: body) else {
            return error(id: .null, code: -32700, message: "parse error", status: 400)
        }
        if case .array = message {
            return error(id: .null, code: -32600, message: "batch requests are not supported", status: 400)
        }
        guard message.objectValue != nil, let rpc = try? WireDecoder.decodeInput(JSONRPCRequest.self, from: message)
        else {
            return error(id: message["id"] ?? .null, code: -32600, message: "invalid request", status: 400)
        }
        let id = rpc.id ?? .null
        if rpc.method.hasPrefix("notifications/") || rpc.id == nil { return Response(status: 202) }
        let params = rpc.params?.objectValue ?? [:]
        do {
            let result = try MCPDispatcher(context: context).handle(method: rpc.method, params: params)
            return .wire(JSONRPCReply(id: id, result: result))
        } catch let rpc as MCPDispatcher.RPCError {
            return error(id: id, code: rpc.code, message: rpc.message, data: rpc.data, status: 200)
        } catch {
            return self.error(id: id, code: -32603, message: "internal error", status: 200)
        }
    }

    /// True for a `tools/call` of a tool that fetches from the network (`import_recipe`).
    static func fetches(_ body: Data) -> Bool {
        guard let message = try? JSONCoding.decode(JSONValue.self, from: body) else { return false }
        return message["method"]?.stringValue == "tools/call"
            && message["params"]?["name"]?.stringValue == "import_recipe"
    }

    static func error(id: JSONValue, code: Int, message: String, data: JSONValue? = nil, status: Int) -> Response {
        .wire(JSONRPCReply(id: id, error: JSONRPCError(code: code, message: message, data: data)), status: status)
    }
}

/// One JSON-RPC 2.0 message as `POST /mcp` reads it: `{ jsonrpc: "2.0", id?:
/// string | number, method, params?: object }`. Without `id` it is a
/// notification (answered 202, no body). Batches (arrays) are refused.
struct JSONRPCRequest: RequestInput {
    /// Always `"2.0"` (not checked).
    var jsonrpc: String?
    /// A string or number echoed in the reply; absent for a notification.
    var id: JSONValue?
    /// `initialize`, `ping`, `server/discover`, `tools/list`, `tools/call`, `notifications/…`.
    var method: String
    /// The method's parameters (`tools/call`: `{ name, arguments }`; `_meta` for the stateless revision).
    var params: JSONValue?

    static var example: JSONValue? {
        [
            "jsonrpc": "2.0", "id": 1, "method": "tools/call",
            "params": ["name": "get_food_log", "arguments": ["date": "2026-07-20", "days": 1]],
        ]
    }
}

/// The JSON-RPC reply: `{ jsonrpc: "2.0", id, result }` or `{ jsonrpc, id, error }`.
/// `id` is the request's, `null` when it could not be read. A `tools/call`
/// `result` is `{ content: [{type: "text", text}], structuredContent?, isError }`
/// — a bad argument or a domain failure is `isError: true` with a message,
/// never a JSON-RPC error.
struct JSONRPCReply: Codable, Sendable {
    var jsonrpc = "2.0"
    var id: JSONValue
    /// The method's result (open: each method and tool has its own shape).
    var result: JSONValue?
    var error: JSONRPCError?
}

/// A JSON-RPC error: -32700 parse error, -32600 invalid request, -32601
/// method not found, -32602 unknown tool, -32603 internal error, -32022
/// unsupported protocol version (`data: { supported, requested }`).
struct JSONRPCError: Codable, Sendable {
    var code: Int
    var message: String
    var data: JSONValue?
}
