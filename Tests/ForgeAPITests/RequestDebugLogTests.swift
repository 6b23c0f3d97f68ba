import ForgeCore
import Foundation
import Synchronization
import Testing

@testable import ForgeAPI

/// `--log-level debug` explains the request floor's decisions (issue 17,
/// item 6): read-cache hit, miss-and-stored, 304, and sign-in decisions
/// (caller cache hit or miss, a session refused and why), with the request id
/// and never a token or cookie. At info, none of them is built.
@Suite(.serialized) struct RequestDebugLogTests {
    @Test func cacheAndAuthDecisionsAreLoggedAtDebugWithoutSecrets() async throws {
        let records = Mutex<[LogRecord]>([])
        let previous = Log.currentMinimum
        Log.setSink { record in
            records.withLock { $0.append(record) }
            return true
        }
        defer {
            Log.setSink(nil)
            Log.setMinimum(previous)
        }
        try await withTestServer { server in
            let ada = try await server.signIn("ada@example.org")
            let token = String(ada.split(separator: "=", maxSplits: 1)[1])
            let path = "/api/records"
            Log.setMinimum(.info)
            _ = try await server.get(path, cookie: ada)
            #expect(records.withLock { $0 }.filter { $0.priority == .debug }.isEmpty)

            Log.setMinimum(.debug)
            records.withLock { $0.removeAll() }
            _ = try await server.get("/api/history", cookie: ada)  // caller cached at info; history computed
            let first = try await server.get("/api/history", cookie: ada)  // served from the cache
            let etag = try #require(first.header("ETag"))
            let revalidated = try await server.request(
                "GET", "/api/history", cookie: ada, headers: ["If-None-Match": etag])
            #expect(revalidated.status == 304)
            _ = try await server.get("/api/history", cookie: "forge_session=not-a-session-\(token.prefix(3))")
            _ = try await server.get("/api/history")

            let lines = records.withLock { $0 }.filter { $0.priority == .debug }
            let messages = lines.map(\.message)
            #expect(
                messages.contains {
                    $0.hasPrefix("read cache: miss, stored (") && $0.contains(": /api/history for member:")
                })
            #expect(messages.contains { $0.hasPrefix("read cache: hit: /api/history") })
            #expect(messages.contains { $0.hasPrefix("read cache: hit, 304: /api/history") })
            #expect(messages.contains { $0.hasPrefix("auth: caller cache hit: member ") })
            #expect(messages.contains { $0 == "auth: refused: session unknown, expired or revoked (GET /api/history)" })
            #expect(messages.contains { $0 == "auth: refused: no session cookie (GET /api/history)" })
            #expect(lines.allSatisfy { $0.fields.contains { $0.key == "FORGE_REQUEST_ID" && $0.value.count == 16 } })
            for line in lines {
                #expect(!line.message.contains(token) && !line.message.contains("forge_session"), "\(line.message)")
                #expect(!line.fields.contains { $0.value.contains(token) })
            }
        }
    }
}
