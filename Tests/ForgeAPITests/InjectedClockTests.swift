import ForgeAPI
import ForgeCore
import ForgeStore
import Foundation
import Testing

/// Times forged stores come from its injected clock (docs/architecture.md §8), never the
/// machine's: with the clock standing months away from the system time, every stamp shows it.
@Suite struct InjectedClockTests {
    static let instant = Instant.parse("2026-07-20T17:00:00.000Z")!

    @Test func migrationsAndAMealLogWithAPhotoCarryTheClocksTime() async throws {
        try await withTestServer(clock: FixedClock(Self.instant)) { server in
            let db = server.app.db
            let appliedAt = try db.read { try $0.query("SELECT DISTINCT applied_at FROM schema_migrations") }
            #expect(try appliedAt.map { try $0.get("applied_at") as String } == ["2026-07-20T17:00:00.000Z"])

            let ada = try await server.signIn("ada@example.org")
            let png = MediaRouteTests.png.base64EncodedString()
            let reply = try await server.logMeal(
                ["slot": "snack", "label": "Cake", "kcal": 350, "photos": .strings(["data:image/png;base64," + png])],
                cookie: ada)
            #expect(reply.status == 200)
            let id = reply.json["id"]?.stringValue ?? ""
            let logged: String? = try db.read {
                try $0.scalar("SELECT created_at FROM meal_logs WHERE id = ?", [id])
            }
            #expect(logged == "2026-07-20T17:00:00.000Z")
            let photo: String? = try db.read {
                try $0.scalar(
                    "SELECT created_at FROM media WHERE owner_id = (SELECT id FROM users WHERE email = ?)",
                    [
                        "ada@example.org"
                    ])
            }
            #expect(photo == "2026-07-20T17:00:00.000Z")
        }
    }
}
