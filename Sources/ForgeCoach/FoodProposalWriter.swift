import ForgeCook
import ForgeCore
import ForgeStore
import Foundation

/// Writes coach-authored food-week proposals (docs/contract.md §4.17) for a food scope:
/// the household for members, the demo's own scope for the demo.
package enum FoodProposalWriter {
    /// A stored food revision (``FoodProposalStore/Written``).
    package typealias Written = FoodProposalStore.Written

    /// The validator for `member`'s scope as of now (library, the member's
    /// targets, the scope's active week).
    package static func validator(for member: Member, in db: Connection) throws -> FoodProposalValidator {
        let recipes = Dictionary(try RecipeStore.all(in: db).map { ($0.slug, $0) }, uniquingKeysWith: { a, _ in a })
        let targets = NutritionTargets.merged(stored: member.prefs["nutrition_targets"]?.objectValue)
        let scope = FoodWeekStore.scope(userID: member.id, isDemo: member.isDemo)
        return FoodProposalValidator(
            recipes: recipes, targets: targets,
            active: try FoodWeekStore.active(scope: scope, in: db)?.content)
    }

    /// Validates and stores a proposal for `member`'s scope: every other
    /// pending proposal of the scope is superseded (one pending at a time);
    /// with the member's `prefs.coach_approval == "auto"` it is stored
    /// `active` and the scope's older active weeks are superseded, in the
    /// caller's transaction.
    /// - Throws: ``ProposalFailure`` (nothing written), `DatabaseError`.
    @discardableResult
    package static func propose(
        member: Member, content: JSONValue, rationale: String, now: Date,
        in db: Connection
    ) throws -> Written {
        let (checked, text) = try validator(for: member, in: db).validate(content: content, rationale: rationale)
        let scope = FoodWeekStore.scope(userID: member.id, isDemo: member.isDemo)
        return try FoodProposalStore.store(
            scope: scope, content: checked, rationale: text, autoApprove: member.autoApprove, now: now, in: db)
    }
}
