import Foundation
import Testing

@testable import ForgeAPI

/// `docs/api.md` is the route table as generated now: a route added or
/// changed without regenerating the reference fails here.
@Suite(.serialized) struct APIReferenceTests {
    @Test func theCommittedReferenceMatchesTheRouteTable() async throws {
        try await withTestServer { server in
            let generated = APIReference.markdown(operations: server.app.makeRoutes().operations)
            let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
                .deletingLastPathComponent().appendingPathComponent("docs/api.md").path
            if ProcessInfo.processInfo.environment["FORGE_UPDATE_DOCS"] == "1" {
                try generated.write(toFile: path, atomically: true, encoding: .utf8)
            }
            let committed = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
            #expect(
                committed == generated,
                "docs/api.md is stale: run FORGE_UPDATE_DOCS=1 swift test --filter APIReferenceTests")
            #expect(generated.contains("| POST | `/api/sessions/{sid}/sets` | member | `SetInput` | 200 `SetLogged` |"))
        }
    }
}
