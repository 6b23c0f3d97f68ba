import ForgeCore
import ForgeStore
import ForgeTrain
import Foundation

/// The context tag of a chat message (docs/contract.md §4.18): appended on its own line
/// when the context resolves for this member; unresolvable context adds nothing.
///
/// - `session` (owned only) → `[re: session <day> · <session name>]`
/// - `exercise` → `[re: exercise <exercise name>]`
/// - `proposal` (only while a training proposal is pending) → `[re: the proposed week]`
package enum ChatContext {
    /// The tag and the data handed to the model, or nil.
    package static func resolve(_ context: JSONValue?, userID: String, in db: Connection) throws -> (
        tag: String, data: JSONValue
    )? {
        guard let context, let kind = context["kind"]?.stringValue else { return nil }
        let id = context["id"]?.stringValue ?? ""
        switch kind {
        case "session":
            guard let s = try TrainingSessionStore.find(id, userID: userID, in: db) else { return nil }
            let sets = try TrainingSessionStore.sets(id, in: db).map {
                [
                    "slug": .string($0.slug), "weight": .double($0.weight), "reps": .int($0.reps),
                    "rpe": .integerOrNull($0.rpe),
                ] as JSONValue
            }
            return (
                "[re: session \(s.day) · \(s.name)]",
                [
                    "kind": "session", "id": .string(id), "day": .string(s.day.description), "name": .string(s.name),
                    "status": .string(s.status), "sets": .array(sets),
                ]
            )
        case "exercise":
            guard let e = try ExerciseCatalog.find(id, in: db)?.exercise else { return nil }
            return ("[re: exercise \(e.name)]", ["kind": "exercise", "id": .string(id), "name": .string(e.name)])
        case "proposal":
            guard let p = try ProposalStore.pending(userID: userID, in: db) else { return nil }
            return (
                "[re: the proposed week]", ["kind": "proposal", "num": .int(p.num), "rationale": .string(p.rationale)]
            )
        default:
            return nil
        }
    }
}
