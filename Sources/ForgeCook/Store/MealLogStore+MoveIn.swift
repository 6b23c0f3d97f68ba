import ForgeCore
import ForgeStore
import Foundation

/// One meal-log row of the original Forge server as it stored it: macros are
/// the totals for `servings`, `photos` JSON text.
package struct MovedMeal: Sendable {
    package var id: String
    package var userID: String
    /// `YYYY-MM-DD`.
    package var day: String
    /// `breakfast`, `lunch`, `dinner` or `snack`.
    package var slot = ""
    /// The recipe's slug; nil for an off-plan estimate.
    package var recipe: String?
    package var label = ""
    /// Servings eaten (a multiple of the recipe's one serving).
    package var servings = 1.0
    /// Totals for ``servings``.
    package var macros = Macros.zero
    package var estimated = false
    /// Where the log came from: `plan`, `chat`, `order` or `mcp`.
    package var source = "plan"
    /// The client's idempotency key, nil when none was sent.
    package var clientID: String?
    package var venue = ""
    /// What the meal cost, in ``currency`` (0 when not given).
    package var cost = 0.0
    /// The member's own currency text (up to 8 characters), empty when not given.
    package var currency = ""
    package var note = ""
    /// A JSON array of stored photo references, as text.
    package var photos = "[]"
    /// When it was logged (stored as `created_at`).
    package var loggedAt: Date

    package init(id: String, userID: String, day: String, loggedAt: Date) {
        self.id = id
        self.userID = userID
        self.day = day
        self.loggedAt = loggedAt
    }
}

extension MealLogStore {
    /// Stores meal-log rows of the original Forge server with their own ids (`forged import
    /// forge-server`), in order, as they were logged (no replacing, no day cap, macros as
    /// stored): multi-row `INSERT`s (``MultiRowInsert``), one statement journal per statement.
    /// - Throws: `DatabaseError` (`.constraint` for an id or client key already taken, or a
    ///   member that does not exist); nothing of the failing statement is kept.
    package static func insertKeepingID(_ meals: [MovedMeal], in db: Connection) throws {
        try movedInsert.run(meals.count, in: db) { range, arguments in
            arguments.reserveCapacity(range.count * 24)
            for m in meals[range] {
                let x = m.macros
                arguments += [
                    .text(m.id), .text(m.userID), .text(m.day), .text(m.slot), m.recipe.map { .text($0) } ?? .null,
                    .text(m.label), .real(m.servings), .real(x.kcal), .real(x.proteinG), .real(x.carbsG),
                    .real(x.sugarG), .real(x.fiberG), .real(x.fatG), .real(x.satfatG), .real(x.sodiumMg),
                    .integer(m.estimated ? 1 : 0), .text(m.source), m.clientID.map { .text($0) } ?? .null,
                    .text(m.venue), .real(m.cost), .text(m.currency), .text(m.note), .text(m.photos),
                    .text(Instant.storage(m.loggedAt)),
                ]
            }
        }
    }

    /// The multi-row insert of ``insertKeepingID(_:in:)``: 24 arguments a row.
    static let movedInsert = MultiRowInsert(
        """
        INSERT INTO meal_logs (id, user_id, day, slot, recipe, label, servings, kcal, protein_g, carbs_g, sugar_g,
          fiber_g, fat_g, satfat_g, sodium_mg, estimated, source, client_id, venue, cost, currency, note, photos,
          created_at)
        """, row: "(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)")
}

extension MealLogStore {
    /// Runs `body`, a writer of many meal logs inside the caller's one write transaction (the
    /// forge-server move), with `meal_logs`' secondary index (`meal_logs_user_day`) built once
    /// after the rows instead of row by row
    /// (``Connection/deferringIndexes(on:_:)``); the primary key and the
    /// unique client key still check each row as it arrives. `body` must not read meal logs by
    /// member and day meanwhile. When anything throws, the caller's transaction rolls back, the
    /// dropped index with it.
    /// - Throws: what `body` throws; `DatabaseError` (`.misuse` outside a write transaction).
    package static func bulkLoad<T>(in db: Connection, _ body: () throws -> T) throws -> T {
        try db.deferringIndexes(on: ["meal_logs"], body)
    }
}
