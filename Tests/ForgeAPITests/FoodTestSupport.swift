import ForgeAPI
import ForgeCore
import ForgeHousehold
import ForgeStore
import Foundation

/// Helpers for the food write tests.
extension TestServer {
    /// Creates a demo seat directly in the database and returns its `Cookie` header value and id.
    func demoSeat() throws -> (cookie: String, id: String) {
        let id = Identifier.make()
        let token = try app.db.write { db in
            try db.execute(
                "INSERT INTO users (id, email, name, role, created_at) VALUES (?, 'demo@example.org', 'Demo', 'demo', ?)",
                [id, Instant.storage(Date())])
            return try HouseholdStore.createSession(userID: id, now: Date(), in: db)
        }
        return ("\(HouseholdStore.sessionCookieName)=\(token)", id)
    }

    /// The id of the signed-in user behind `email`.
    func userID(_ email: String) throws -> String {
        try app.db.read { try $0.scalar("SELECT id FROM users WHERE email = ?", [email]) } ?? ""
    }

    /// How many meal logs `userID` has.
    func mealLogCount(_ userID: String) throws -> Int {
        try app.db.read { try $0.scalar("SELECT COUNT(*) FROM meal_logs WHERE user_id = ?", [userID]) } ?? 0
    }

    /// `POST /api/food/log`.
    func logMeal(_ body: JSONValue, cookie: String) async throws -> Reply {
        try await request("POST", "/api/food/log", json: body, cookie: cookie)
    }

    /// The slot `name` of day `index` (0 = Monday) of the week containing `date`, as `cookie` sees it.
    func foodSlot(_ date: String, day index: Int, _ name: String, cookie: String) async throws -> JSONValue? {
        let week = try await get("/api/food/week?date=\(date)", cookie: cookie).json
        return week["days"]?.arrayValue?[index]["slots"]?.arrayValue?.first { $0["slot"]?.stringValue == name }
    }

    /// The day `index` (0 = Monday) of the week containing `date`, as `cookie` sees it.
    func foodDay(_ date: String, day index: Int, cookie: String) async throws -> JSONValue {
        try await get("/api/food/week?date=\(date)", cookie: cookie).json["days"]?.arrayValue?[index] ?? .null
    }

    /// A recipe's per-serving macros as the library reports them.
    func recipeMacros(_ slug: String, cookie: String) async throws -> [String: Double] {
        let detail = try await get("/api/food/recipes/\(slug)", cookie: cookie).json
        var macros: [String: Double] = [:]
        for key in ["kcal", "protein_g", "carbs_g", "sugar_g", "fiber_g", "fat_g", "satfat_g", "sodium_mg"] {
            macros[key] = detail[key]?.doubleValue ?? .nan
        }
        return macros
    }
}
