import ForgeCore
import ForgeStore
import Foundation

/// Writing meal logs (docs/contract.md §4.20). Call these inside `Database.write`
/// (one `BEGIN IMMEDIATE` transaction), so a replace and its insert commit
/// together and concurrent duplicates of one `client_id` serialise.
extension MealLogStore {
    /// Most logs one member may have on one day: a cap on absurd volumes, so a day's
    /// reads stay small (the food week reads a week of logs per request). The next one
    /// throws ``MealLogError/dayFull(limit:)`` (HTTP 422) and writes nothing.
    package static let logsPerDay = 200

    /// Slots where a new log replaces the user's earlier logs of that slot and day.
    package static let replacingSlots: Set<MealSlot> = [.breakfast, .lunch, .dinner]

    /// Logs one meal to `userID`'s plate.
    ///
    /// 1. `client_id` first: a row of this user with the same id is returned
    ///    (`duplicate: true`, totals of `input.day`) and nothing else happens.
    /// 2. With a recipe: each macro = `round1(per-serving value × servings)`
    ///    (half-to-even, docs/contract.md §1.11), snapshotted now; `label` = recipe name;
    ///    `estimated` = false; source = `input.source` ?? `"plan"`.
    /// 3. Without: `label` and `kcal` required; macros as given (missing → 0);
    ///    source = `input.source` ?? `"manual"` (DESIGN quirk 6 fixed: off-plan
    ///    meals are not reported as the plan's).
    /// 4. Breakfast, lunch and dinner replace the user's logs of that slot on
    ///    that day (only when `replace` is true; MCP `log_food` is additive);
    ///    snacks always add.
    ///
    /// `now` is forged's clock's time (`ForgeApp.clock`), stored as the log's `created_at`.
    /// - Throws: `MealLogError` (nothing written), `DatabaseError`.
    package static func log(
        _ input: MealLogInput, userID: String, replace: Bool = true, now: Date,
        in db: Connection
    ) throws -> MealLogResult {
        if let clientID = input.clientID, let original = try id(clientID: clientID, userID: userID, in: db) {
            return MealLogResult(
                id: original, duplicate: true, totals: try totals(userID: userID, day: input.day, in: db))
        }
        let macros: Macros
        let label: String
        let source: String
        let estimated: Bool
        if let slug = input.recipe, !slug.isEmpty {
            guard let recipe = try RecipeStore.find(slug, in: db) else { throw MealLogError.unknownRecipe }
            macros = recipe.macros.scaled(by: input.servings).rounded1()
            label = recipe.name
            source = input.source ?? "plan"
            estimated = false
        } else {
            let text = (input.label ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
            guard !text.isEmpty, input.macros["kcal"] != nil else { throw MealLogError.offPlanNeedsLabelAndKcal }
            macros = Macros(values: Macros.keys.map { input.macros[$0] ?? 0 })
            label = text
            source = input.source ?? "manual"
            estimated = input.estimated
        }
        if replace && replacingSlots.contains(input.slot) {
            try db.execute(
                "DELETE FROM meal_logs WHERE user_id = ? AND day = ? AND slot = ?",
                [userID, input.day.description, input.slot.rawValue])
        }
        let logged: Int =
            try db.scalar(
                "SELECT COUNT(*) FROM meal_logs WHERE user_id = ? AND day = ?",
                [userID, input.day.description]) ?? 0
        guard logged < logsPerDay else { throw MealLogError.dayFull(limit: logsPerDay) }
        let id = Identifier.make()
        let m = macros
        try db.execute(
            """
            INSERT INTO meal_logs (id, user_id, day, slot, recipe, label, servings, kcal, protein_g, carbs_g, sugar_g,
              fiber_g, fat_g, satfat_g, sodium_mg, estimated, source, client_id, venue, cost, currency, note, photos,
              created_at)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """,
            [
                id, userID, input.day.description, input.slot.rawValue, input.isOffPlan ? nil : input.recipe, label,
                input.servings, m.kcal, m.proteinG, m.carbsG, m.sugarG, m.fiberG, m.fatG, m.satfatG, m.sodiumMg,
                estimated, source, input.clientID, input.venue, input.cost, input.currency, input.note,
                try JSONColumn.text(input.photos), Instant.storage(now),
            ])
        return MealLogResult(id: id, duplicate: false, totals: try totals(userID: userID, day: input.day, in: db))
    }

    /// Deletes the user's log `id`.
    /// - Returns: the day it was on, or nil when there is no such log of this user (nothing deleted).
    package static func delete(id: String, userID: String, in db: Connection) throws -> LocalDate? {
        guard let row = try db.queryOne("SELECT day FROM meal_logs WHERE id = ? AND user_id = ?", [id, userID]),
            let day = LocalDate(try row.get("day") as String)
        else { return nil }
        try db.execute("DELETE FROM meal_logs WHERE id = ? AND user_id = ?", [id, userID])
        return day
    }

    /// Σ of the user's logs on `day`, each field rounded half-to-even to 1 dp,
    /// `complete: false` naming the logs of recipes without energy data (``DayTotals``).
    package static func totals(userID: String, day: LocalDate, in db: Connection) throws -> DayTotals {
        DayTotals.of(try logs(userID: userID, from: day, to: day, in: db)[day] ?? [])
    }

    /// The id of the user's log with `clientID`, or nil.
    package static func id(clientID: String, userID: String, in db: Connection) throws -> String? {
        try db.scalar("SELECT id FROM meal_logs WHERE user_id = ? AND client_id = ?", [userID, clientID])
    }

    /// How many logs the user has (all days), for tests and the demo reset.
    package static func count(userID: String, in db: Connection) throws -> Int {
        try db.scalar("SELECT COUNT(*) FROM meal_logs WHERE user_id = ?", [userID]) ?? 0
    }
}

extension MealLogStore {
    /// Stores one planned meal of a recipe as eaten, without ``log(_:userID:replace:now:in:)``'s
    /// rules (no replacing, no day cap, macros not rounded): each macro is
    /// `per-serving value × servings`, `source` is `plan`. For generated
    /// histories only (the bench household, `forged bench-fill`).
    /// - Returns: the log id.
    @discardableResult
    package static func insertPlanned(
        userID: String, day: LocalDate, slot: MealSlot, recipe: Recipe, servings: Double, createdAt: Date,
        in db: Connection
    ) throws -> String {
        let id = Identifier.make()
        let m = recipe.macros
        try db.execute(
            """
            INSERT INTO meal_logs (id, user_id, day, slot, recipe, label, servings, kcal, protein_g, carbs_g,
              sugar_g, fiber_g, fat_g, satfat_g, sodium_mg, source, created_at)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'plan', ?)
            """,
            [
                id, userID, day.description, slot.rawValue, recipe.slug, recipe.name, servings,
                m.kcal * servings, m.proteinG * servings, m.carbsG * servings, m.sugarG * servings,
                m.fiberG * servings, m.fatG * servings, m.satfatG * servings, m.sodiumMg * servings,
                Instant.storage(createdAt),
            ])
        return id
    }
}
