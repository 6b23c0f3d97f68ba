import ForgeCore
import ForgeStore
import Foundation

/// Changing the household's food week (docs/contract.md §4.17-§4.19; issue 42):
/// set one slot's recipe, read, approve or reject the pending proposal. Each
/// call is one transaction; `scope` is the food scope (the household's, or the
/// demo seat's own).
package enum FoodPlan {
    /// A pending proposal with the library's recipes its slots name by `recipe`, by slug
    /// (a slug the library no longer has is absent).
    package typealias Pending = (proposal: FoodProposal, recipes: [String: Recipe])

    /// Sets the recipe of `slot` on `weekday` (0 = Monday) of the scope's active week.
    /// - Parameter now: forged's clock's time, for a revision this creates.
    /// - Returns: the recipe written.
    /// - Throws: ``FoodWeekStore/SlotEditError`` (nothing written); storage errors.
    package static func setSlot(
        scope: String, weekday: Int, slot: MealSlot, recipe: String, now: Date, in database: Database
    ) throws -> Recipe {
        try database.write { db in
            try FoodWeekStore.setSlot(scope: scope, weekday: weekday, slot: slot, recipe: recipe, now: now, in: db)
        }
    }

    /// The scope's food week containing `date`: each day's slots resolved against the plan in force,
    /// and when `plateOf` names a member, what they logged and their day totals (nil: the kitchen
    /// display's shared view, no plates).
    package static func week(
        scope: String, containing date: LocalDate, plateOf userID: String?, in database: Database
    ) throws -> FoodWeekAssembly {
        try database.read { db in try FoodWeekAssembly.week(scope: scope, containing: date, plateOf: userID, in: db) }
    }

    /// The scope's pending proposal, or nil.
    package static func pending(scope: String, in database: Database) throws -> Pending? {
        try database.read { db in
            guard let proposal = try FoodProposalStore.pending(scope: scope, in: db) else { return nil }
            var recipes: [String: Recipe] = [:]
            for day in proposal.content.days.values {
                for plan in day.slots.values {
                    guard let slug = plan.recipe, recipes[slug] == nil else { continue }
                    recipes[slug] = try RecipeStore.find(slug, in: db)
                }
            }
            return (proposal, recipes)
        }
    }

    /// Approves proposal `id`: its slots are checked again against the library, and it
    /// replaces the scope's active week.
    /// - Returns: the activated revision's `num`.
    /// - Throws: ``FoodProposalStore/DecisionError`` (nothing written); storage errors.
    package static func approve(id: String, scope: String, in database: Database) throws -> Int {
        try database.write { db in try FoodProposalStore.approve(id: id, scope: scope, in: db) }
    }

    /// Rejects proposal `id`, stamped `now`.
    /// - Throws: ``FoodProposalStore/DecisionError/notFound``; storage errors.
    package static func reject(id: String, scope: String, now: Date, in database: Database) throws {
        try database.write { db in try FoodProposalStore.reject(id: id, scope: scope, now: now, in: db) }
    }
}
