import ForgeAPI
import ForgeCore
import ForgeStore
import Foundation
import Testing

/// A set's slug is read trimmed, so a blank one (spaces, a no-break space) is
/// refused; the OpenAPI document says so with `pattern: \S`, or a client
/// generating from it (schemathesis found one) sends a "valid" blank slug.
@Suite(.serialized) struct BlankSlugTests {
    @Test func aBlankSlugIsRefusedAndTheDocumentAsksForANonBlankOne() async throws {
        let clock = FixedClock(Instant.parse("2026-07-20T17:00:00.000Z")!)
        try await withTestServer(clock: clock) { server in
            let doc = try await server.get("/api/openapi.json").json
            let operation = doc["paths"]?["/api/sessions/{sid}/sets"]?["patch"]
            let ref = try #require(
                operation?["requestBody"]?["content"]?["application/json"]?["schema"]?["$ref"]?.stringValue)
            let name = try #require(ref.split(separator: "/").last.map(String.init))
            let slug = doc["components"]?["schemas"]?[name]?["properties"]?["slug"]
            #expect(slug?["pattern"]?.stringValue == "\\S")
            #expect(slug?["minLength"]?.intValue == 1)

            let ada = try await server.signIn("ada@example.org")
            let start = try await server.request("POST", "/api/sessions", json: [:], cookie: ada)
            let sid = try #require(start.json["id"]?.stringValue)
            for blank in ["\u{00A0}", "  "] {
                let reply = try await server.request(
                    "POST", "/api/sessions/\(sid)/sets", json: ["slug": .string(blank), "set_no": 1, "reps": 5],
                    cookie: ada)
                #expect(reply.status == 422)
                #expect(reply.json["detail"]?.arrayValue?.first?["type"]?.stringValue == "string_too_short")
            }
            let padded = try await server.request(
                "POST", "/api/sessions/\(sid)/sets", json: ["slug": " back-squat ", "set_no": 1, "reps": 5],
                cookie: ada)
            #expect(padded.status == 200)
        }
    }
}
