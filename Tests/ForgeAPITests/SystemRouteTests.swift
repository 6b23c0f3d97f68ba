import ForgeAPI
import ForgeCore
import ForgeHTTP
import Foundation
import Testing

@Suite(.serialized) struct SystemRouteTests {
    @Test func healthzReportsTheBuild() async throws {
        try await withTestServer { server in
            let health = try await server.get("/healthz")
            #expect(health.status == 200)
            #expect(health.json["ok"] == true && health.json["build"] == "test")
            #expect(health.header("X-Request-Id")?.count == 16)
        }
    }

    @Test func openAPIDocumentCoversEveryRoute() async throws {
        try await withTestServer { server in
            let doc = try await server.get("/api/openapi.json").json
            #expect(doc["openapi"] == "3.1.0")
            let paths = try #require(doc["paths"]?.objectValue)
            for route in server.app.makeResponder().routes {
                let path = route.pattern.split(separator: "/", omittingEmptySubsequences: false)
                    .map { $0.hasPrefix(":") ? "{\($0.dropFirst())}" : String($0) }.joined(separator: "/")
                let operation = paths[path]?[route.method.rawValue.lowercased()]
                #expect(operation != nil, "no OpenAPI entry for \(route.method) \(route.pattern)")
                #expect(operation?["summary"]?.stringValue?.isEmpty == false)
            }
            #expect(paths["/api/exercises/{slug}"]?["get"]?["parameters"]?.arrayValue?.first?["name"] == "slug")
        }
    }

    @Test func unknownPathsAndWrongMethodsAnswerJSON() async throws {
        try await withTestServer { server in
            let missing = try await server.get("/no/such/path")
            #expect(missing.status == 404 && missing.detail == "not found")
            let wrong = try await server.request("DELETE", "/healthz")
            #expect(wrong.status == 405 && wrong.detail == "method not allowed")
            #expect(wrong.header("Allow")?.contains("GET") == true)
            let kitchen = try await server.get("/kitchen")
            #expect(kitchen.status == 200 && kitchen.header("Content-Type")?.hasPrefix("text/html") == true)
            #expect(String(decoding: kitchen.data, as: UTF8.self).contains("/kitchen/assets/kitchen.js"))
            let root = try await server.request("GET", "/dashboard")
            #expect(root.status == 404 && root.detail == "not built")
        }
    }
}
