import ForgeCore
import ForgeStore
import ForgeTrain
import Foundation

/// A plan that starts from the history an import brought (issue 38): each strength lift of the active
/// plan that now has logged working sets starts from them, by the plan's own reps, instead of the
/// starter plan's loads. The contract changes a plan only through proposals (§4.16): the caller
/// proposes the outcome, which is active at once for a member whose `coach_approval` is `auto`.
///
/// A lift's start: of its loaded sets that are no warm-up (working, drop and failure sets) in the latest
/// completed session holding any, within the last 12 weeks (``recentDays``), the heaviest done for at least the plan's reps; when none reached them, the
/// load Epley's e1RM of the best of them gives for the plan's reps (`e1RM / (1 + reps / 30)`, the
/// inverse of ``OneRepMax/epley(weight:reps:)``). Either is put on the active profile's loadable
/// weights (``LoadingKit/nearest(kg:kind:)``). Body-weight and mobility entries, and lifts with no
/// loaded working set, keep their plan.
package enum HistoryStart {
    /// The proposal to make.
    package struct Outcome: Sendable {
        package var content: PlanContent
        package var rationale: String
        package var changes: [PlanChange]
    }

    /// How recent a lift's latest working sets must be to start it: after 12 weeks off, a lifter starts
    /// lower than they left, so older history leaves the plan's load as it is.
    package static let recentDays = 84

    /// The active revision with the lifts of `slugs` (those an import wrote) started from their history
    /// (sessions within ``recentDays`` of `today`), or nil when there is no active plan or no load changes.
    package static func plan(member: Member, slugs: Set<String>, today: LocalDate, in db: Connection) throws
        -> Outcome?
    {
        guard let active = try PlanStore.active(userID: member.id, in: db) else { return nil }
        let library = try ExerciseCatalog.library(in: db)
        let profile = try EquipmentStore.active(userID: member.id, activeID: member.activeProfileID, in: db)
        let kit = profile?.kit ?? .unknown
        var content = active.content
        var changes: [PlanChange] = []
        var history: [String: (day: LocalDate, sets: [LoggedSet])?] = [:]
        for weekday in content.weekdays {
            guard case .strength(var day)? = content.days[weekday] else { continue }
            var notes: [String] = []
            for index in day.exercises.indices {
                var entry = day.exercises[index]
                guard slugs.contains(entry.slug), let exercise = library.exercise(entry.slug),
                    [.bb, .db, .machine].contains(exercise.kind)
                else { continue }
                if history[entry.slug] == nil {
                    history[entry.slug] = .some(
                        try SessionQueries.lastLoadedSets(userID: member.id, slug: entry.slug, in: db))
                }
                guard let last = history[entry.slug] ?? nil, last.day >= today.adding(days: -recentDays),
                    let start = start(last.sets, reps: entry.reps)
                else { continue }
                let load = kit.nearest(kg: start.kg, kind: exercise.kind)
                guard abs(load - entry.weight) >= 0.01 else { continue }
                let unit = LoadUnit.preferred(prefs: member.prefs, slug: entry.slug)
                let change = PlanChange(
                    sign: load > entry.weight ? "+" : "-",
                    what:
                        "\(exercise.name) \(CoachQueries.load(entry.weight, unit)) → \(CoachQueries.load(load, unit))",
                    why: "your history: \(start.from(unit)) on \(last.day)")
                if !changes.contains(change) { changes.append(change) }
                notes.append("\(exercise.name) from your history, \(CoachQueries.load(load, unit))")
                entry.weight = load
                day.exercises[index] = entry
            }
            // A changed day says why (§4.16).
            if !notes.isEmpty { day.why = "\(LocalDate.dayNames[weekday]): " + notes.joined(separator: "; ") }
            content.days[weekday] = .strength(day)
        }
        guard !changes.isEmpty else { return nil }
        content.changes = changes
        return Outcome(
            content: content,
            rationale: "Loads start from the history you imported: each lift from its latest working sets at the "
                + "plan's reps.",
            changes: changes)
    }

    /// The start load for `reps` from one session's working `sets` (see the type), kg, with what it came
    /// from in words; nil when no set has a load and reps.
    static func start(_ sets: [LoggedSet], reps: Int) -> (kg: Double, from: (LoadUnit) -> String)? {
        let done = sets.filter { $0.weight > 0 && $0.reps > 0 }
        if let best = done.filter({ $0.reps >= reps }).max(by: { $0.weight < $1.weight }) {
            return (best.weight, { "\(CoachQueries.load(best.weight, $0)) × \(best.reps)" })
        }
        guard
            let best = done.max(by: {
                OneRepMax.epley(weight: $0.weight, reps: $0.reps) < OneRepMax.epley(weight: $1.weight, reps: $1.reps)
            }),
            reps > 0
        else { return nil }
        let e1rm = OneRepMax.epley(weight: best.weight, reps: best.reps)
        let kg = reps == 1 ? e1rm : e1rm / (1 + Double(reps) / 30)
        return (kg, { "\(CoachQueries.load(best.weight, $0)) × \(best.reps) (e1RM \(CoachQueries.load(e1rm, $0)))" })
    }
}
