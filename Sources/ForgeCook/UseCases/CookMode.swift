import ForgeCore
import ForgeStore
import Foundation

/// Cook mode's use cases: start a session for a recipe, move through its
/// method, finish it (docs/additions.md; issue 42). Each change is one write
/// transaction; reading the active session is one read. Finishing logs the meal to the finishing member's plate
/// through ``MealLog`` under `client_id` `cook:<session id>`, so each member
/// logs it once and a repeat answers the first log; a display has no plate
/// and logs nothing. The shared plan is untouched.
package enum CookMode {
    /// A session with the recipe it cooks (nil once the recipe was deleted).
    package typealias Cooking = (session: CookSessionStore.Session, recipe: Recipe?)

    /// What finishing did: the session and its recipe, the meal log (nil for a
    /// display or a deleted recipe), and whether this call ended the session.
    package struct Finished: Sendable {
        package let session: CookSessionStore.Session
        package let recipe: Recipe?
        package let logged: MealLogResult?
        /// True when the session was active until this call (a repeat finds it finished).
        package let ended: Bool
    }

    /// Starts cooking `recipeSlug` in `scope`, abandoning the scope's active session.
    /// - Parameters:
    ///   - actor: who started it, stored as `started_by` (a member id or `display:<id>`).
    ///   - now: forged's clock's time.
    /// - Throws: ``CookModeError/unknownRecipe``; storage errors.
    package static func start(
        recipeSlug: String, scope: String, by actor: String, now: Date, in database: Database
    ) throws -> (session: CookSessionStore.Session, recipe: Recipe) {
        try database.write { db in
            guard let recipe = try RecipeStore.find(recipeSlug, in: db) else { throw CookModeError.unknownRecipe }
            return (
                try CookSessionStore.start(scope: scope, recipeSlug: recipeSlug, by: actor, now: now, in: db), recipe
            )
        }
    }

    /// Moves the scope's session `id` to method step `step` (zero-based).
    /// - Throws: ``CookModeError/notFound``; ``CookModeError/notActive(_:)`` for a finished or
    ///   abandoned session; ``CookModeError/stepOutOfRange(steps:step:)`` when `step` is not below
    ///   the recipe's step count (at least 1); storage errors.
    package static func move(
        sessionID: String, scope: String, to step: Int, now: Date, in database: Database
    ) throws -> Cooking {
        try database.write { db in
            guard var s = try CookSessionStore.find(id: sessionID, scope: scope, in: db) else {
                throw CookModeError.notFound
            }
            guard s.state == "active" else { throw CookModeError.notActive(s.state) }
            let recipe = try RecipeStore.find(s.recipeSlug, in: db)
            let steps = max(1, recipe?.steps.count ?? 0)
            guard step < steps else { throw CookModeError.stepOutOfRange(steps: steps, step: step) }
            s.step = step
            try CookSessionStore.save(s, now: now, in: db)
            return (s, recipe)
        }
    }

    /// Finishes the scope's session `id` and, for a member, logs the recipe to their plate.
    /// - Parameters:
    ///   - userID: the finishing member, or nil for a display (nothing is logged).
    ///   - servings: portions eaten (> 0, checked by the caller).
    ///   - slot: the meal's slot, or nil for the recipe's own kind.
    ///   - day: the household-calendar day the meal is logged on.
    ///   - now: forged's clock's time, the session's `finished_at` on its first finish.
    /// - Throws: ``CookModeError/notFound``; ``CookModeError/notActive(_:)`` for an abandoned
    ///   session (a finished one finishes again as a no-op that answers its log); ``MealLogError``;
    ///   storage errors.
    package static func finish(
        sessionID: String, scope: String, userID: String?, servings: Double, slot: MealSlot?, day: LocalDate,
        now: Date, in database: Database
    ) throws -> Finished {
        try database.write { db in
            guard var s = try CookSessionStore.find(id: sessionID, scope: scope, in: db) else {
                throw CookModeError.notFound
            }
            guard s.state != "abandoned" else { throw CookModeError.notActive(s.state) }
            let recipe = try RecipeStore.find(s.recipeSlug, in: db)
            let ended = s.state == "active"
            if ended {
                s.state = "finished"
                s.finishedAt = now
                try CookSessionStore.save(s, now: now, in: db)
            }
            var logged: MealLogResult?
            if let userID, let recipe {
                let meal = MealLogInput(
                    day: day, slot: slot ?? recipe.kind, recipe: recipe.slug, servings: servings,
                    clientID: "cook:\(s.id)")
                logged = try MealLog.log(meal, userID: userID, placement: .replacingSlot, now: now, in: db)
            }
            return Finished(session: s, recipe: recipe, logged: logged, ended: ended)
        }
    }

    /// The scope's active session and its recipe, or nil.
    package static func active(scope: String, in database: Database) throws -> Cooking? {
        try database.read { db in
            guard let s = try CookSessionStore.active(scope: scope, in: db) else { return nil }
            return (s, try RecipeStore.find(s.recipeSlug, in: db))
        }
    }
}

/// Why a cook-mode call changed nothing.
package enum CookModeError: Error, Sendable, Equatable {
    /// The recipe to cook is not in the household's library.
    case unknownRecipe
    /// No session with that id in the caller's scope.
    case notFound
    /// The session is `finished` or `abandoned` (the state named).
    case notActive(String)
    /// `step` is not below the recipe's `steps` (zero-based steps).
    case stepOutOfRange(steps: Int, step: Int)
}
