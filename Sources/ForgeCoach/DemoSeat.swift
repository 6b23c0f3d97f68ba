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

    /// Whether the demo seat exists. One read.
    /// - Throws: `DatabaseError`.
    package static func exists(in database: Database) throws -> Bool {
        try database.read { try find(in: $0) } != nil
    }

    /// Deletes any demo seat and creates a fresh one with its generated history (``create(today:now:calendar:in:)``).
    /// One write.
    /// - Throws: `DatabaseError`.
    package static func reset(now: Date, calendar: HouseholdCalendar, in database: Database) throws {
        _ = try database.write { c in try create(today: calendar.date(of: now), now: now, calendar: calendar, in: c) }
    }

    /// Adds the demo's food block when it has none. One write.
    /// - Returns: whether a demo exists, and whether the block was added.
    /// - Throws: `DatabaseError`.
    package static func enrich(now: Date, in database: Database) throws -> (exists: Bool, added: Bool) {
        try database.write { c in
            guard let demo = try find(in: c) else { return (false, false) }
            return (true, try addFood(userID: demo.id, now: now, in: c))
        }
    }

    /// Deletes the demo seat and every row it owns (``delete(in:)``). One write.
    /// - Returns: whether a demo existed.
    /// - Throws: `DatabaseError`.
    package static func remove(in database: Database) throws -> Bool {
        try database.write { try delete(in: $0) }
    }

    /// The demo user, if one exists.
    package static func find(in c: Connection) throws -> User? {
        try HouseholdStore.allUsers(c).first(where: \.isDemo)
    }

    /// Deletes any demo and creates a fresh one. Runs in the caller's transaction.
    @discardableResult
    static func create(today: LocalDate, now: Date, calendar: HouseholdCalendar, in c: Connection) throws
        -> User
    {
        try delete(in: c)
        var prefs: [String: JSONValue] = ["onboarded": true, "notif_proposal": false, "notif_reminder": false]
        for (key, value) in HouseholdSeed.nutritionDefaults { prefs[key] = value }
        let user = try HouseholdStore.addUser(
            email: email, name: name, role: "demo", prefs: prefs, passwordHash: nil,
            now: now, in: c)
        try HouseholdStore.rotateIngestToken(userID: user.id, now: now, in: c)
        try EquipmentStore.seedUser(user.id, now: now, in: c)
        try MemberLoadUnit.settle(userID: user.id, in: c)
        var history = DemoHistory(userID: user.id, today: today, now: now, calendar: calendar, c: c)
        try history.plan()
        try history.sessions()
        try history.metrics()
        try history.niggles()
        _ = try addFood(userID: user.id, now: now, in: c)
        return user
    }

    /// Adds the food block when the demo has no food revisions; returns whether it did.
    static func addFood(userID: String, now: Date, in c: Connection) throws -> Bool {
        let scope = FoodWeekStore.scope(userID: userID, isDemo: true)
        return try FoodWeekStore.seedFirstWeek(scope: scope, now: now, in: c)
    }

    /// Deletes the demo and everything it owns (§6 quirk 15): rows of every table
    /// with a `user_id` column, its food scope in every table with a `scope`
    /// column, then the user (whose `ON DELETE CASCADE` children go with it).
    /// - Returns: whether a demo existed.
    @discardableResult
    static func delete(in c: Connection) throws -> Bool {
        guard let demo = try find(in: c) else { return false }
        try HouseholdStore.deleteOwnedRows(
            userID: demo.id, scope: FoodWeekStore.scope(userID: demo.id, isDemo: true), in: c)
        try HouseholdStore.deleteUser(id: demo.id, in: c)
        return true
    }
}
