import ForgeCore
import ForgeStore
import ForgeTrain
import Foundation

/// The built-in coach's weekly plan: the active revision with ``Progression``
/// applied to every strength exercise, and exercises a current niggle avoids
/// (or whose equipment the active profile lacks) swapped for an alternative
/// sharing a primary muscle (library order, not avoided, equipment available,
/// not already on the day; its load is the member's last logged load of it, else 0).
/// Body-weight lifts progress by reps, and a loaded lift planned at 0 kg takes
/// the top load logged (``Progression``); squats carry a depth note while an
/// active niggle is about deep squats, and lose it once none is (``SquatDepth``).
/// Changed days get a note naming what changed.
package struct ReviewPlanner {
    /// The member planned for and the household day the review runs on.
    package let member: Member
    package let today: LocalDate

    /// A planner for `member` on `today`.
    package init(member: Member, today: LocalDate) {
        self.member = member
        self.today = today
    }

    /// What the planner decided, for the proposal and the summary.
    package struct Outcome {
        package var content: PlanContent
        package var rationale: String
        /// Summary lines, one per planned lift with data (``ReviewLine``).
        package var lines: [ReviewLine]
        package var changes: [PlanChange]
    }

    /// Plans the coming week from the active revision, or nil when there is none.
    package func plan(in db: Connection) throws -> Outcome? {
        guard let active = try PlanStore.active(userID: member.id, in: db) else { return nil }
        let library = try ExerciseCatalog.library(in: db)
        let validator = try ProposalStore.validator(for: member, in: db)
        let kit = validator.kit ?? .unknown
        let avoided = Set(validator.niggles.filter(\.isActive).flatMap(\.avoidPatterns))
        // The review's window (the seven days ending today) and the seven days before it.
        let days = WeeklyReview.window(endingOn: today)
        let thisWeek = try CoachQueries.sets(userID: member.id, from: days.lowerBound, to: days.upperBound, in: db)
        let lastWeek = try CoachQueries.sets(
            userID: member.id, from: days.lowerBound.adding(days: -7), to: days.upperBound.adding(days: -7), in: db)
        var content = active.content
        var lines: [ReviewLine] = []
        let niggles = validator.niggles.filter(\.isActive)
        let niggleNotes = try NiggleStore.list(userID: member.id, in: db).filter(\.isActive)
        var changes: [PlanChange] = []
        for weekday in content.weekdays {
            guard case .strength(var day) = content.days[weekday]! else { continue }
            var notes: [String] = []
            for index in day.exercises.indices {
                var entry = day.exercises[index]
                guard let exercise = library.exercise(entry.slug) else { continue }
                if Self.isBlocked(exercise, avoided: avoided, available: validator.available),
                    let swap = alternative(
                        for: exercise, day: day, library: library, avoided: avoided,
                        available: validator.available)
                {
                    notes.append("\(swap.name) replaces \(exercise.name)")
                    changes.append(
                        PlanChange(
                            sign: "~", what: "\(exercise.name) → \(swap.name)",
                            why: SwapReason.text(for: exercise, niggles: niggleNotes, available: validator.available)))
                    entry.slug = swap.slug
                    entry.name = nil
                    // A new lift starts from its own last logged load, else unloaded (pick a light start).
                    entry.weight = try SessionQueries.last(userID: member.id, slug: swap.slug, in: db)?.weight ?? 0
                    day.exercises[index] = entry
                    continue
                }
                switch SquatDepth.apply(to: &entry, exercise: exercise, niggles: niggles) {
                case .added?:
                    notes.append("\(exercise.name) to parallel")
                    changes.append(PlanChange(sign: "~", what: "\(exercise.name) to parallel", why: entry.note))
                case .removed?:
                    notes.append("\(exercise.name) back to full depth")
                    changes.append(
                        PlanChange(
                            sign: "~", what: "\(exercise.name) to full depth",
                            why: "no active niggle limits deep squats now"))
                case nil: break
                }
                let now = thisWeek.filter { $0.set.slug == entry.slug }.map(\.set)
                let before = lastWeek.filter { $0.set.slug == entry.slug }.map(\.set)
                let decision = Progression.decide(entry, kind: exercise.kind, thisWeek: now, lastWeek: before, kit: kit)
                let unit = LoadUnit.preferred(prefs: member.prefs, slug: entry.slug)
                func load(_ kg: Double) -> String { CoachQueries.load(kg, unit) }
                let logged = CoachQueries.describe(CoachQueries.repLines(thisWeek, slug: entry.slug), unit: unit)
                let head = "\(exercise.name) \(logged)"
                switch decision {
                case .increase(let from, let to):
                    entry.weight = to
                    notes.append("\(exercise.name) up to \(load(to))")
                    changes.append(
                        PlanChange(
                            sign: "+", what: "\(exercise.name) \(load(from)) → \(load(to))",
                            why: "every set met \(entry.reps) reps at RPE 8 or easier"))
                    lines.append(ReviewLine(head + ": every set met", new: load(to), current: load(from)))
                case .deload(let from, let to):
                    entry.weight = to
                    notes.append("\(exercise.name) eased to \(load(to))")
                    changes.append(
                        PlanChange(
                            sign: "-", what: "\(exercise.name) \(load(from)) → \(load(to))",
                            why: "two weeks short of the target reps"))
                    lines.append(
                        ReviewLine(
                            head + ", short two weeks running", new: "a deload to \(load(to))", current: load(from)))
                case .reps(let from, let to):
                    entry.reps = to
                    let up = to > from
                    notes.append("\(exercise.name) \(up ? "up" : "eased") to \(to) reps")
                    changes.append(
                        PlanChange(
                            sign: up ? "+" : "-", what: "\(exercise.name) \(from) → \(to) reps",
                            why: up
                                ? "every set met \(from) reps at RPE 8 or easier" : "two weeks short of \(from) reps"))
                    lines.append(
                        ReviewLine(
                            head + (up ? ": every set met" : ", short two weeks running"), new: "\(to) reps",
                            current: "\(from) reps"))
                case .adopt(let to):
                    entry.weight = to
                    notes.append("\(exercise.name) at \(load(to))")
                    changes.append(
                        PlanChange(
                            sign: "+", what: "\(exercise.name) → \(load(to))",
                            why: "the plan had no load for it; this is the top load you logged"))
                    lines.append(
                        ReviewLine(head + ": the plan had no load for it", new: load(to), current: "no load"))
                case .variation(let reps):
                    lines.append(
                        ReviewLine(
                            "\(head): every set met at \(reps) reps; stays at \(reps) reps, and next a harder variation "
                                + "(slower lowering or a pause at the hardest point)"))
                case .hold(let w, let reason):
                    guard !now.isEmpty else { break }
                    if Progression.byReps(entry, kind: exercise.kind) {
                        lines.append(ReviewLine("\(head): stays at \(entry.reps) reps (\(reason))"))
                    } else if w == 0 {
                        lines.append(ReviewLine("\(head): no load in the plan yet (\(reason))"))
                    } else {
                        // The load the proposal will hold once validation puts it on the profile's weights.
                        let held = kit.rounds(exercise.kind) && w > 0 ? kit.nearest(kg: w, kind: exercise.kind) : w
                        lines.append(ReviewLine("\(head): stays at \(load(held)) (\(reason))"))
                    }
                }
                day.exercises[index] = entry
            }
            if !notes.isEmpty {
                day.why = "\(LocalDate.dayNames[weekday]): " + notes.joined(separator: "; ")
            }
            content.days[weekday] = .strength(day)
        }
        content.changes = changes
        let rationale =
            changes.isEmpty
            ? "A steady week: loads hold where sets fell short or were not logged, so the same targets stand."
            : "Loads follow the logged sets: up a step where every set met its reps at RPE 8 or easier, held where sets fell short, eased after two short weeks."
        return Outcome(content: content, rationale: rationale, lines: lines, changes: changes)
    }

    /// An active niggle avoids one of the exercise's patterns, or the active
    /// profile (when known) lacks some of its equipment.
    static func isBlocked(_ exercise: Exercise, avoided: Set<String>, available: Set<String>?) -> Bool {
        !Set(exercise.patterns).isDisjoint(with: avoided)
            || (available.map { av in !exercise.equipment.allSatisfy(av.contains) } ?? false)
    }

    /// The lift that takes `base`'s place on `day`: one working a primary muscle of `base`, with
    /// no avoided pattern, the equipment for it, and not already on the day, itself or a variant
    /// of it by name (no Bulgarian Split Squat beside a Split Squat). Among those, the first in
    /// library order that shares no movement pattern with the day's other lifts, else the first.
    func alternative(
        for base: Exercise, day: StrengthDay, library: ExerciseLibrary, avoided: Set<String>,
        available: Set<String>?
    ) -> Exercise? {
        let others = day.exercises.compactMap { library.exercise($0.slug) }.filter { $0.slug != base.slug }
        let names = others.map { $0.name.lowercased() }
        let patterns = Set(others.flatMap(\.patterns))
        let candidates = library.all.filter { e in
            let name = e.name.lowercased()
            return e.kind != .mobility && e.slug != base.slug && !others.contains { $0.slug == e.slug }
                && !names.contains { name.contains($0) || $0.contains(name) }
                && !Set(e.primaryMuscles).isDisjoint(with: base.primaryMuscles)
                && Set(e.patterns).isDisjoint(with: avoided)
                && (available.map { av in e.equipment.allSatisfy(av.contains) } ?? true)
        }
        return candidates.first { Set($0.patterns).isDisjoint(with: patterns) } ?? candidates.first
    }
}
