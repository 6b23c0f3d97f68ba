import ForgeCook
import ForgeCore
import ForgeHousehold
import ForgeStore
import ForgeTrain
import Foundation

/// The demo seat's lifecycle (docs/contract.md §4.26): create (after deleting any old
/// one), enrich with the food block, delete with every row it owns.
///
/// The generated history is reduced but real, and deterministic (a fixed seed,
/// dates relative to the household's today): 13 plan revisions (one per four
/// weeks, the last active) plus a pending proposal, 52 weeks of completed
/// strength and cardio sessions with sets (misses, a holiday at weeks 24–25),
/// daily-ish weight, resting HR and sleep, fortnightly VO2max, a cleared and an
/// active niggle, and the food block (its own active week). Not generated yet:
/// records, HR/route traces, labs, chat, review runs, meal logs, carry-overs.
package enum DemoSeat {
    package static let email = "demo@forge.invalid"
    package static let name = "Robin (demo)"

    /// The demo user, if one exists.
    package static func find(in c: Connection) throws -> User? {
        try HouseholdStore.allUsers(c).first(where: \.isDemo)
    }

    /// The plan scale of week `w` (0-based): `min(1.3, 0.75 + 0.0105·w − 0.05·[w mod 8 = 7] − 0.12·[w ∈ {24,25}])`, 4 dp.
    package static func scale(week w: Int) -> Double {
        let raw = 0.75 + 0.0105 * Double(w) - (w % 8 == 7 ? 0.05 : 0) - ((w == 24 || w == 25) ? 0.12 : 0)
        return (min(1.3, raw) * 10_000).rounded() / 10_000
    }

    /// Deletes any demo and creates a fresh one. Runs in the caller's transaction.
    @discardableResult
    package static func create(today: LocalDate, now: Date, calendar: HouseholdCalendar, in c: Connection) throws
        -> User
    {
        try delete(in: c)
        var prefs: [String: JSONValue] = ["onboarded": true, "notif_proposal": false, "notif_reminder": false]
        for (key, value) in Seeder.nutritionDefaults { prefs[key] = value }
        let user = try HouseholdStore.addUser(
            email: email, name: name, role: "demo", prefs: prefs, passwordHash: nil,
            now: now, in: c)
        try HouseholdStore.rotateIngestToken(userID: user.id, now: now, in: c)
        try EquipmentStore.seedUser(user.id, now: now, in: c)
        var history = DemoHistory(userID: user.id, today: today, now: now, calendar: calendar, c: c)
        try history.plan()
        try history.sessions()
        try history.metrics()
        try history.niggles()
        _ = try addFood(userID: user.id, now: now, in: c)
        return user
    }

    /// Adds the food block when the demo has no food revisions; returns whether it did.
    package static func addFood(userID: String, now: Date, in c: Connection) throws -> Bool {
        let scope = FoodWeekStore.scope(userID: userID, isDemo: true)
        let count: Int = try c.scalar("SELECT COUNT(*) FROM food_revisions WHERE scope = ?", [scope]) ?? 0
        guard count == 0 else { return false }
        let content = try JSONCoding.string(FirstFoodWeek.content)
        try c.execute(
            """
            INSERT INTO food_revisions (id, scope, num, status, rationale, content, changes, created_at)
            VALUES (?, ?, 1, 'active', ?, ?, '[]', ?)
            """, [Identifier.make(), scope, FirstFoodWeek.rationale, content, Instant.storage(now)])
        return true
    }

    /// Deletes the demo and everything it owns (§6 quirk 15): rows of every table
    /// with a `user_id` column, its food scope in every table with a `scope`
    /// column, then the user (whose `ON DELETE CASCADE` children go with it).
    /// - Returns: whether a demo existed.
    @discardableResult
    package static func delete(in c: Connection) throws -> Bool {
        guard let demo = try find(in: c) else { return false }
        let scope = FoodWeekStore.scope(userID: demo.id, isDemo: true)
        for table in try tables(withColumn: "scope", in: c) {
            try c.execute("DELETE FROM \(quoted(table)) WHERE scope = ?", [scope])
        }
        for table in try tables(withColumn: "user_id", in: c) {
            try c.execute("DELETE FROM \(quoted(table)) WHERE user_id = ?", [demo.id])
        }
        try HouseholdStore.deleteUser(id: demo.id, in: c)
        return true
    }

    /// Names of the tables that have `column`.
    static func tables(withColumn column: String, in c: Connection) throws -> [String] {
        try c.query(
            """
            SELECT m.name AS name FROM sqlite_schema m, pragma_table_info(m.name) p
            WHERE m.type = 'table' AND m.name NOT LIKE 'sqlite_%' AND p.name = ? ORDER BY m.name
            """, [column]
        ).map { try $0.get("name") }
    }

    static func quoted(_ name: String) -> String { "\"" + name.replacingOccurrences(of: "\"", with: "\"\"") + "\"" }
}
