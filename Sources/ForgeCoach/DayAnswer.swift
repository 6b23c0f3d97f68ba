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
                let diff = try differences(from: current?.strength, to: proposed.strength, member: member, in: db)
                change = diff.isEmpty ? "keeps \(proposed.name) as it is" : "would change " + ScheduleReading.list(diff)
            } else {
                change = proposed.map { "would make it \($0.name)" } ?? "would make it a rest day"
            }
            text +=
                " That is revision \(active.num), in force; proposal #\(pending.num) (waiting for your approval) \(change)."
        }
        return text
    }

    /// What a proposed strength day changes on the one in force: "Back Squat to 60 kg", "Hanging Leg Raise to 14 reps".
    static func differences(from current: StrengthDay?, to proposed: StrengthDay?, member: Member, in db: Connection)
        throws -> [String]
    {
        guard let current, let proposed else { return [] }
        let library = try ExerciseCatalog.library(in: db)
        return proposed.exercises.compactMap { e in
            let name = library.exercise(e.slug)?.name ?? e.slug
            guard let was = current.exercises.first(where: { $0.slug == e.slug }) else { return "\(name) in" }
            if was.weight != e.weight {
                return
                    "\(name) to \(CoachQueries.load(e.weight, LoadUnit.preferred(prefs: member.prefs, slug: e.slug)))"
            }
            return was.reps != e.reps ? "\(name) to \(e.reps) reps" : nil
        }
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
