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
    /// Stores a meal-log row of the original Forge server with its own id (`forged
    /// import forge-server`), as it was logged (no replacing, no day cap, macros as stored).
    package static func insertKeepingID(_ m: MovedMeal, in db: Connection) throws {
        let x = m.macros
        try db.execute(
            """
            INSERT INTO meal_logs (id, user_id, day, slot, recipe, label, servings, kcal, protein_g, carbs_g, sugar_g,
              fiber_g, fat_g, satfat_g, sodium_mg, estimated, source, client_id, venue, cost, currency, note, photos,
              created_at)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """,
            [
                m.id, m.userID, m.day, m.slot, m.recipe, m.label, m.servings, x.kcal, x.proteinG, x.carbsG, x.sugarG,
                x.fiberG, x.fatG, x.satfatG, x.sodiumMg, m.estimated ? 1 : 0, m.source, m.clientID, m.venue, m.cost,
                m.currency, m.note, m.photos, Instant.storage(m.loggedAt),
            ])
    }
}
