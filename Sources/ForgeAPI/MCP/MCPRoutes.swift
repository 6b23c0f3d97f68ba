import ForgeCook
import ForgeCore
import ForgeHTTP
import Foundation

extension RecipeImportError: RecipeImportErrorBridge {}

/// `POST /mcp` and `GET /mcp` (API.md §3.16): stateless MCP over
/// streamable HTTP, one JSON-RPC message per POST, one JSON answer, no
/// sessions, no SSE.
enum MCPRoutes {
    static func register(_ app: ForgeApp, on router: inout APIRouter) {
        router.post("/mcp", summary: "MCP (stateless streamable HTTP, JSON-RPC 2.0); bearer ingest or OAuth token",
                    tags: ["auth": "bearer", "errors": "202,400"]) { request in
            let user = try app.mcpUser(request)
            return handle(request.body, context: MCPContext(app: app, user: user))
        }
        router.get("/mcp", summary: "Not supported: the MCP endpoint is POST only (405, Allow: POST)",
                   tags: ["auth": "public", "errors": "405"]) { _ in
            var response = Response.error(405, "method not allowed")
            response.headers.set("Allow", "POST")
            return response
        }
    }

    /// Answers one JSON-RPC message.
    static func handle(_ body: Data, context: MCPContext) -> Response {
        guard let message = try? JSONCoding.decode(JSONValue.self, from: body) else {
            return error(id: .null, code: -32700, message: "parse error", status: 400)
        }
        if case .array = message { return error(id: .null, code: -32600, message: "batch requests are not supported", status: 400) }
        guard let object = message.objectValue, let method = object["method"]?.stringValue else {
            return error(id: message["id"] ?? .null, code: -32600, message: "invalid request", status: 400)
        }
        let id = object["id"]
        if method.hasPrefix("notifications/") || id == nil { return Response(status: 202) }
        let params = object["params"]?.objectValue ?? [:]
        do {
            let result = try MCPDispatcher(context: context).handle(method: method, params: params)
            let reply: JSONValue = ["jsonrpc": "2.0", "id": id ?? .null, "result": result]
            return .json(reply)
        } catch let rpc as MCPDispatcher.RPCError {
            return error(id: id ?? .null, code: rpc.code, message: rpc.message, data: rpc.data, status: 200)
        } catch {
            return self.error(id: id ?? .null, code: -32603, message: "internal error", status: 200)
        }
    }

    static func error(id: JSONValue, code: Int, message: String, data: JSONValue? = nil, status: Int) -> Response {
        var err: [String: JSONValue] = ["code": .int(code), "message": .string(message)]
        if let data { err["data"] = data }
        let reply: JSONValue = ["jsonrpc": "2.0", "id": id, "error": .object(err)]
        return .json(reply, status: status)
    }
}
