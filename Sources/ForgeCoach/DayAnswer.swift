import ForgeCore
import ForgeStore
import ForgeTrain
import Foundation

/// "What should I do today?" (or tomorrow): the day of the plan in force —
/// its lifts with sets, reps and load (the nearest the active profile makes,
/// as Today shows it) or its run — or a rest day with the next planned day.
/// Says when the day's session is already done, and keeps a waiting
/// proposal apart: what it would change about the day is said as proposed,
/// not in force.
enum DayAnswer {
    static func text(for member: Member, on date: LocalDate, today: LocalDate, in db: Connection) throws -> String {
        let when = date == today ? "Today (\(date.dayName))" : "\(date.dayName) \(date)"
        guard let active = try PlanStore.active(userID: member.id, in: db) else {
            return "You have no plan in force yet, so \(when.lowercased()) is yours to choose. "
                + "Approve a proposal (or finish intake) and I'll tell you each day's session."
        }
        var text: String
        if let day = active.content.day(date.weekday) {
            text = "\(when) is \(day.name): " + (try describe(day, member: member, in: db)) + "."
            let sessions = try SessionQueries.sessions(userID: member.id, from: date, to: date, in: db)
            if let done = sessions.first(where: { $0.kind == day.kind.rawValue && $0.status != "active" }) {
                text += " You've already done it (\(done.name)): rest up."
            }
        } else {
            text = "\(when) is a rest day in your plan."
            if let next = (1...7).lazy.map({ date.adding(days: $0) }).first(where: {
                active.content.day($0.weekday) != nil
            }),
                let day = active.content.day(next.weekday)
            {
                text += " Next: \(day.name) on \(next.dayName) (" + (try describe(day, member: member, in: db)) + ")."
            }
        }
        if let pending = try ProposalStore.pending(userID: member.id, in: db) {
            let proposed = pending.content.day(date.weekday)
            let current = active.content.day(date.weekday)
            let change: String
            if let proposed, proposed.name == current?.name {
                let diff = try differences(from: current, to: proposed, member: member, in: db)
                change = diff.isEmpty ? "keeps \(proposed.name) as it is" : "would change " + ScheduleReading.list(diff)
            } else {
                change = proposed.map { "would make it \($0.name)" } ?? "would make it a rest day"
            }
            text +=
                " That is revision \(active.num), in force; proposal #\(pending.num) (waiting for your approval) \(change)."
        }
        return text
    }

    /// What a proposed day changes on the same-named one in force, each as a phrase:
    /// "Back Squat to 60 kg", "Hanging Leg Raise to 4 sets and 14 reps", "Face Pull in",
    /// "Split Squat out", "Back Squat with a new note"; for a run, "Zone 2 run to 45 min at 125–140 bpm".
    /// Empty when nothing changes.
    static func differences(from current: PlanDay?, to proposed: PlanDay, member: Member, in db: Connection)
        throws -> [String]
    {
        switch (current, proposed) {
        case (.strength(let was)?, .strength(let will)):
            return try differences(from: was, to: will, member: member, in: db)
        case (.cardio(let was)?, .cardio(let will)):
            let (a, b) = (was.cardio, will.cardio)
            var parts: [String] = []
            if a.type != b.type { parts.append("a \(b.type)") }
            if a.minutes != b.minutes { parts.append("\(b.minutes) min") }
            if a.hrLow != b.hrLow || a.hrHigh != b.hrHigh {
                parts.append(b.hrHigh > 0 ? "\(b.hrLow)–\(b.hrHigh) bpm" : "no heart-rate band")
            }
            return parts.isEmpty ? [] : ["\(will.name) to " + parts.joined(separator: ", ")]
        case (let was?, _):
            return was.kind == proposed.kind ? [] : ["\(proposed.name) to a \(proposed.kind.rawValue) day"]
        case (nil, _):
            return ["\(proposed.name) in"]
        }
    }

    /// What a proposed strength day changes on the one in force, lift by lift.
    static func differences(from current: StrengthDay, to proposed: StrengthDay, member: Member, in db: Connection)
        throws -> [String]
    {
        let library = try ExerciseCatalog.library(in: db)
        func name(_ slug: String) -> String { library.exercise(slug)?.name ?? slug }
        let changed = proposed.exercises.compactMap { e -> String? in
            guard let was = current.exercises.first(where: { $0.slug == e.slug }) else { return "\(name(e.slug)) in" }
            var to: [String] = []
            if was.weight != e.weight {
                to.append(CoachQueries.load(e.weight, LoadUnit.preferred(prefs: member.prefs, slug: e.slug)))
            }
            if was.sets != e.sets { to.append(Plural.count(e.sets, "sets")) }
            if was.reps != e.reps { to.append(Plural.count(e.reps, "reps")) }
            if !to.isEmpty { return "\(name(e.slug)) to " + ScheduleReading.list(to) }
            return was.note != e.note ? "\(name(e.slug)) with a new note" : nil
        }
        let kept = Set(proposed.exercises.map(\.slug))
        return changed + current.exercises.filter { !kept.contains($0.slug) }.map { "\(name($0.slug)) out" }
    }

    /// "Back Squat 3×5 at 60 kg, …" or "40 min run at 125–140 bpm".
    static func describe(_ day: PlanDay, member: Member, in db: Connection) throws -> String {
        switch day {
        case .cardio(let c):
            let hr = c.cardio.hrHigh > 0 ? " at \(c.cardio.hrLow)–\(c.cardio.hrHigh) bpm" : ""
            return "\(c.cardio.minutes) min \(c.cardio.type)\(hr)"
        case .strength(let s):
            let library = try ExerciseCatalog.library(in: db)
            let kit = try ProposalStore.validator(for: member, in: db).kit ?? .unknown
            return s.exercises.map { e in
                let kind = library.exercise(e.slug)?.kind ?? .bb
                let name = library.exercise(e.slug)?.name ?? e.slug
                let kg = kit.rounds(kind) && e.weight > 0 ? kit.nearest(kg: e.weight, kind: kind) : e.weight
                let load =
                    kg > 0 ? " at " + CoachQueries.load(kg, LoadUnit.preferred(prefs: member.prefs, slug: e.slug)) : ""
                let note = e.note.isEmpty ? "" : " (\(e.note.trimmingCharacters(in: CharacterSet(charactersIn: "."))))"
                return "\(name) \(e.sets)×\(e.reps)\(load)\(note)"
            }.joined(separator: ", ")
        }
    }
}
