import ForgeCook
import ForgeCore
import ForgeStore
import ForgeTrain
import Foundation

/// The built-in coach (no network, no key): answers questions about the
/// member's own data with simple keyword intents, and runs the weekly review
/// with ``ReviewPlanner``'s written-down rules.
///
/// While the member is in intake mode it runs the interview (``Intake``).
/// Otherwise intents, first match wins: today (`today`, `tonight`, "should I
/// do", "what's on") and `tomorrow` (``DayAnswer``); records (`record`, `pb`,
/// `pr`, `best`); trend (`trend`, `progress`, `stall`, `improv`); cardio
/// (`zone`, `cardio`, `run`); food (`meal`, `food`, `eat`, `protein`, `calor`,
/// `kcal`); week (`week` but not "next week", "how am I doing";
/// ``WeekSummary``); plan (`plan`, `proposal`, `next`); last session (`last`,
/// `session`, `workout`, `yesterday`); otherwise what the coach can answer,
/// with today's plan.
package struct BuiltinCoach: CoachBackend {
    /// The built-in coach (no network, no key).
    package init() {}
    package var model: String { "builtin" }

    package func reply(_ turn: CoachTurn) throws -> CoachReply {
        if Intake.isActive(turn.member) {
            return CoachReply(text: try Intake.builtinTurn(turn), run: CoachRun(kind: "chat", model: model, ok: true))
        }
        let text = turn.text.lowercased()
        let words = Set(text.split { !$0.isLetter && !$0.isNumber }.map(String.init))
        // Short keys ("pb", "pr", "run") match whole words; longer ones match inside words ("records").
        func has(_ keys: String...) -> Bool { keys.contains { $0.count <= 3 ? words.contains($0) : text.contains($0) } }
        func says(_ phrases: String...) -> Bool { phrases.contains { text.contains($0) } }
        let answer: String = try turn.db.read { db in
            // "Tomorrow" first: "What should I do tomorrow?" asks about tomorrow, whatever else it says.
            if has("tomorrow") {
                return try DayAnswer.text(for: turn.member, on: turn.today.adding(days: 1), today: turn.today, in: db)
            }
            if has("today", "tonight") || says("this morning", "this evening", "should i do", "what's on", "whats on") {
                return try DayAnswer.text(for: turn.member, on: turn.today, today: turn.today, in: db)
            }
            if has("record", "pb", "pr", "prs", "best") { return try records(turn, db) }
            if has("trend", "progress", "stall", "improv") { return try trends(turn, db) }
            if has("zone", "cardio", "run", "runs", "running") { return try cardio(turn, db) }
            if has("meal", "food", "eat", "ate", "protein", "calor", "kcal") { return try meals(turn, db) }
            if (has("week", "weekly") && !says("next week")) || says("how am i doing", "how's it going") {
                return try week(turn, db)
            }
            if has("plan", "proposal", "next") { return try plan(turn, db) }
            if has("last", "session", "workout", "yesterday") { return try lastSession(turn, db) }
            return try overview(turn, db)
        }
        return CoachReply(text: answer, run: CoachRun(kind: "chat", model: model, ok: true))
    }

    package func review(_ turn: CoachTurn) throws -> CoachReply {
        let summary = try WeeklyReview.builtin(turn)
        return CoachReply(text: summary.text, run: CoachRun(kind: "review", model: model, toolCalls: 0, ok: true))
    }

    func name(_ slug: String, _ db: Connection) throws -> String {
        try ExerciseCatalog.find(slug, in: db)?.exercise.name ?? slug
    }

    func lastSession(_ turn: CoachTurn, _ db: Connection) throws -> String {
        guard let (session, sets) = try CoachQueries.lastSession(userID: turn.member.id, in: db) else {
            return "No completed strength session yet. Log one and ask me again: I'll go through the sets with you."
        }
        var order: [String] = []
        var bySlug: [String: [LoggedSet]] = [:]
        for s in sets {
            if bySlug[s.slug] == nil { order.append(s.slug) }
            bySlug[s.slug, default: []].append(s)
        }
        let parts = try order.map { slug -> String in
            let list = bySlug[slug]!
            let reps = list.map { String($0.reps) }.joined(separator: "/")
            let rpes = list.compactMap(\.rpe)
            let rpe = rpes.isEmpty ? "" : " @ RPE \(rpes.max()!)"
            let unit = LoadUnit.preferred(prefs: turn.member.prefs, slug: slug)
            let top = list.map(\.weight).max() ?? 0
            let load = top == 0 ? " (body weight)" : " at \(CoachQueries.load(top, unit))"
            return "\(try name(slug, db)) \(reps)\(load)\(rpe)"
        }
        return "Your last session was \(session.name) on \(session.day.dayName) \(session.day): "
            + (parts.isEmpty ? "no sets logged." : parts.joined(separator: "; ") + ".")
    }

    func records(_ turn: CoachTurn, _ db: Connection) throws -> String {
        let records = try RecordStore.all(userID: turn.member.id, in: db).filter { $0.kind == .e1rm }
            .sorted { $0.value > $1.value }.prefix(5)
        guard !records.isEmpty else { return "No records yet: they appear as soon as you log working sets." }
        let parts = try records.map {
            let unit = LoadUnit.preferred(prefs: turn.member.prefs, slug: $0.slug)
            return
                "\(try name($0.slug, db)) e1RM \(CoachQueries.load($0.value, unit)) (\(CoachQueries.load($0.weight, unit)) × \($0.reps) on \($0.achievedOn))"
        }
        return "Your best estimated one-rep maxes: " + parts.joined(separator: "; ") + "."
    }

    func trends(_ turn: CoachTurn, _ db: Connection) throws -> String {
        let trends = try CoachQueries.trends(userID: turn.member.id, in: db)
        guard !trends.isEmpty else { return "Not enough logged sets for a trend yet." }
        let parts = try trends.keys.sorted().prefix(6).map { slug -> String in
            let t = trends[slug]!
            let unit = LoadUnit.preferred(prefs: turn.member.prefs, slug: slug)
            let change =
                t.changeKg == 0
                ? ""
                : " (\(t.changeKg > 0 ? "+" : "")\(CoachQueries.load(t.changeKg, unit)) e1RM over \(t.windowDays) days)"
            return "\(try name(slug, db)): \(t.label)\(change)"
        }
        return "How your lifts are moving: " + parts.joined(separator: "; ") + "."
    }

    /// "How are my runs going?": the runs and zone-2 minutes of the week ``weekEnd(_:)`` reads.
    func cardio(_ turn: CoachTurn, _ db: Connection) throws -> String {
        let through = weekEnd(turn)
        let week = try WeekSummary.of(
            turn.member, through: through, today: turn.today, calendar: turn.calendar, in: db)
        let km = week.distanceKm > 0 ? ", \(NumberText.shortest(Rounding.round1(week.distanceKm))) km" : ""
        let minutes = NumberText.shortest(Rounding.round1(week.zone2Minutes))
        let target = week.zone2Planned > 0 ? " of the \(week.zone2Planned) your plan sets" : ""
        let which = through < turn.today ? "Last week" : "This week"
        return "\(which): \(Plural.count(week.runs, "cardio sessions"))\(km) and \(minutes) zone-2 minutes"
            + "\(target)\(through < turn.today ? "" : " so far")."
    }

    /// "How was my week?": the week so far against the plan (``WeekSummary``);
    /// on a Monday, the week just ended.
    func week(_ turn: CoachTurn, _ db: Connection) throws -> String {
        let unit = LoadUnit.preferred(prefs: turn.member.prefs, slug: nil)
        let week = try WeekSummary.of(
            turn.member, through: weekEnd(turn), today: turn.today, calendar: turn.calendar, in: db)
        return week.text(unit: unit)
    }

    /// The last day of the week a question about "the week" means: today, or on a Monday (nothing of
    /// the new week done yet) the Sunday just past.
    func weekEnd(_ turn: CoachTurn) -> LocalDate {
        turn.today.weekday == 0 ? turn.today.adding(days: -1) : turn.today
    }

    /// A question no intent matched: what the coach answers, and today's plan.
    func overview(_ turn: CoachTurn, _ db: Connection) throws -> String {
        "I answer from your data: today's session, your week, your last session, records, lift trends, "
            + "runs and zone-2 minutes, meals against your targets, and your plan. "
            + (try DayAnswer.text(for: turn.member, on: turn.today, today: turn.today, in: db))
    }

    func meals(_ turn: CoachTurn, _ db: Connection) throws -> String {
        let from = turn.today.adding(days: -6)
        let m = try CoachQueries.meals(member: turn.member, from: from, to: turn.today, in: db)
        guard m.days > 0 else {
            return "No meals logged in the last seven days, so I can't compare against your targets yet."
        }
        let avg = m.totals.scaled(by: 1.0 / Double(m.days))
        func n(_ x: Double) -> String { NumberText.shortest(x.rounded()) }
        return "Over the \(Plural.count(m.days, "days")) you logged this week you averaged \(n(avg.kcal)) kcal "
            + "(target \(n(m.targets.kcal))) and \(n(avg.proteinG)) g protein (target \(n(m.targets.proteinG))), "
            + "fibre \(n(avg.fiberG)) g (target \(n(m.targets.fiberG)))."
    }

    func plan(_ turn: CoachTurn, _ db: Connection) throws -> String {
        if let p = try ProposalStore.pending(userID: turn.member.id, in: db) {
            let changes = (p.content.changes ?? []).map(\.what)
            return "Proposal #\(p.num) is waiting for you: \(p.rationale)"
                + (changes.isEmpty ? "" : " Changes: " + changes.joined(separator: "; ") + ".")
        }
        guard let active = try PlanStore.active(userID: turn.member.id, in: db) else {
            return "You have no active plan yet."
        }
        let days = active.content.weekdays.map { "\(LocalDate.dayNames[$0]) \(active.content.days[$0]!.name)" }
        return "Your plan (revision \(active.num)): " + days.joined(separator: ", ")
            + ". I propose changes at the weekly review."
    }
}
