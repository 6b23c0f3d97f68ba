import ForgeCore
import ForgeHousehold
import ForgeStore
import ForgeTrain
import Foundation

/// Intake mode (docs/contract.md §4.18): while `prefs.onboarded` is falsy the coach
/// interviews the member — goal, schedule, experience, injuries — and ends by
/// proposing a conservative first week.
///
/// The interview's state lives in `prefs.coach_intake`
/// (`{"step": 1…4, "answers": {"goal", "schedule", "experience", "injuries"}}`;
/// `step` is the question last asked). Each message is read against every
/// question still open (``IntakeReading``): an opening that states a goal
/// answers it, a member who answers ahead is not asked again, and the next
/// question is the first one still open. Each turn says back what it
/// understood. The built-in coach's first week is ``FirstWeek``; injuries
/// in the member's words (``InjuryReading``) become niggles keeping those
/// words, or rewrite the active niggle of the same body part.
/// Finishing sets `prefs.onboarded = true` even when no proposal could be made.
package enum Intake {
    /// The four questions, in order, with the answer key each fills.
    package static let questions: [(key: String, text: String)] = [
        ("goal", "What's the main thing you want from training: strength, muscle, fitness, or something else?"),
        ("schedule", "Which days (or how many a week) can you train, and roughly how long per session?"),
        ("experience", "How long have you been lifting? (\"new to it\", \"a few months\", \"years\" are all fine.)"),
        ("injuries", "Any injuries or niggles I should plan around? Say \"none\" if not."),
    ]

    /// True while the member has not finished intake.
    package static func isActive(_ member: Member) -> Bool {
        switch member.prefs["onboarded"] {
        case .bool(let b): !b
        case .int(let n): n == 0
        case .string(let s): s.isEmpty || s == "false" || s == "0"
        case .none, .null: true
        default: false
        }
    }

    /// One intake turn of the built-in coach: files what the message answers
    /// (any open question, ``IntakeReading``), says it back, and asks the first
    /// question still open, or finishes with a first week.
    /// - Returns: the coach's message.
    package static func builtinTurn(_ turn: CoachTurn) throws -> String {
        try turn.db.write { db in
            let state = turn.member.prefs["coach_intake"]
            let step = state?["step"]?.intValue ?? 0
            var answers = state?["answers"]?.objectValue ?? [:]
            let open = questions.map(\.key).filter { answers[$0] == nil }
            let asked = (1...questions.count).contains(step) ? questions[step - 1].key : nil
            let text = turn.text.trimmingCharacters(in: .whitespacesAndNewlines)
            let heard = IntakeReading.read(text, open: open, asked: asked)
            for (key, value) in heard { answers[key] = .string(value) }
            let ack = acknowledgement(of: heard)
            if let next = questions.firstIndex(where: { answers[$0.key] == nil }) {
                try save(
                    ["step": .int(next + 1), "answers": .object(answers)], onboarded: false, userID: turn.member.id,
                    in: db)
                let opening =
                    step == 0
                    ? "Welcome, \(turn.member.name)! Before I plan anything, a few quick questions. "
                    : ack.isEmpty ? "Sorry, I didn't catch that. " : "Thanks. "
                return opening + ack + questions[next].text
            }
            let summary = try finish(turn, answers: answers, in: db)
            try save(
                ["step": .int(step), "answers": .object(answers)], onboarded: true, userID: turn.member.id, in: db)
            // The summary names the niggles in the member's words: say back only the rest.
            return (step == 0 ? "Welcome, \(turn.member.name)! " : "")
                + acknowledgement(of: heard.filter { $0.key != "injuries" }) + summary
        }
    }

    /// What the coach says back for the answers it filed, in whole sentences ending in a space, or
    /// "": "Got it: your goal is "Get stronger"; you can train Monday and Friday. I'll plan around
    /// your lower back. "
    static func acknowledgement(of heard: [String: String]) -> String {
        let said = questions.map(\.key).compactMap { key in heard[key].flatMap { echo(key, $0) } }
        var text = said.isEmpty ? "" : "Got it: " + said.joined(separator: "; ") + ". "
        if let injuries = heard["injuries"] { text += injuryEcho(injuries) + " " }
        return text
    }

    /// The sentence that says back an answer about injuries: the parts to plan around, no
    /// injuries, or the answer as given.
    static func injuryEcho(_ answer: String) -> String {
        let read = InjuryReading.read(answer, asked: true)
        if read.notes.isEmpty {
            return read.none ? "No injuries: good." : "On injuries, I noted \"\(answer)\"."
        }
        return "I'll plan around " + ScheduleReading.list(read.notes.map { "your \($0.bodyPart.lowercased())" }) + "."
    }

    /// What the coach says back for a goal, schedule or experience answer it filed, or nil
    /// (injuries: ``injuryEcho(_:)``).
    static func echo(_ key: String, _ answer: String) -> String? {
        switch key {
        case "goal": return "your goal is \"\(answer)\""
        case "schedule":
            guard let s = ScheduleReading.read(answer) else { return "your schedule is \"\(answer)\"" }
            return "you can train \(s.daysText)" + (s.minutes.map { ", about \($0) minutes a session" } ?? "")
        case "experience": return "lifting experience \"\(answer)\""
        default: return nil
        }
    }

    /// 0.8 for a member new to lifting ("new", "never", "beginner", "novice", "month(s)", "weeks", "just",
    /// "first", "a little"), else 0.9.
    static func loadFactor(for experience: String) -> Double {
        let text = experience.lowercased()
        return ["new", "never", "beginner", "novice", "month", "week", "just", "none", "first", "little"].contains {
            text.contains($0)
        } ? 0.8 : 0.9
    }

    private static func finish(_ turn: CoachTurn, answers: [String: JSONValue], in db: Connection) throws -> String {
        let injuries = InjuryReading.read(answers["injuries"]?.stringValue ?? "", asked: true).notes
        try recordNiggles(injuries, turn: turn, in: db)
        if let goal = answers["goal"]?.stringValue, !goal.isEmpty {
            try PlanStore.setGoal(userID: turn.member.id, goal: String(goal.prefix(200)), in: db)
        }
        let schedule =
            ScheduleReading.read(answers["schedule"]?.stringValue ?? "")
            ?? ScheduleAnswer(count: nil, weekdays: [], minutes: nil)
        let factor = loadFactor(for: answers["experience"]?.stringValue ?? "")
        var text = "Thanks, that's everything."
        if !injuries.isEmpty {
            text +=
                " I've noted "
                + ScheduleReading.list(injuries.map { "your \($0.bodyPart.lowercased()) (\"\($0.words)\")" })
                + " as \(injuries.count == 1 ? "a niggle" : "niggles") in your words."
        }
        guard
            let week = try FirstWeek.build(
                member: turn.member, schedule: schedule, factor: factor, today: turn.today, in: db)
        else {
            return text + " There is no plan to start from yet, so I'll propose one at your first weekly review."
        }
        for note in injuries { text += " " + week.effect(of: note) }
        do {
            let revision = try ProposalStore.propose(
                member: turn.member, content: try .encoded(week.content),
                rationale: week.rationale, now: turn.now, in: db)
            let names = ScheduleReading.list(week.dayNames)
            let days = week.dayNames.count
            text +=
                " Here's a conservative first week: \(Plural.count(days, "days")) (\(names)) at about "
                + "\(Int(factor * 100)) % of the listed loads."
            if let extra = week.unplaced { text += " " + extra }
            text +=
                revision.status == "active"
                ? " It is your plan now." : " Proposal #\(revision.num) is waiting for your approval."
        } catch let failure as ProposalFailure {
            text += " I couldn't put a first week together (\(failure.message)); your current plan stands."
        }
        return text
    }

    /// Stores each injury as a niggle in the member's words: an active niggle of
    /// the same body part (``sided(_:)``: the part equal, and the same side, or
    /// no side said on either) is rewritten, else a new one is added.
    static func recordNiggles(_ notes: [InjuryNote], turn: CoachTurn, in db: Connection) throws {
        let existing = try NiggleStore.list(userID: turn.member.id, in: db).filter(\.isActive)
        for note in notes {
            let said = sided(note.bodyPart)
            let match = existing.first { row in
                let have = sided(row.bodyPart)
                return have.part == said.part && (said.side == nil || have.side == nil || have.side == said.side)
            }
            if let match {
                try NiggleStore.revise(
                    match.id, userID: turn.member.id, note: note.words, avoidPatterns: note.avoid, in: db)
            } else {
                _ = try NiggleStore.add(
                    userID: turn.member.id, bodyPart: note.bodyPart, severity: "mild", note: note.words,
                    avoidPatterns: note.avoid, mobilitySlug: "", today: turn.today, now: turn.now, in: db)
            }
        }
    }

    /// A body part's side and the part without it, lower-cased: "Left knee" → ("left", "knee"),
    /// "Lower back" → (nil, "lower back").
    static func sided(_ bodyPart: String) -> (side: String?, part: String) {
        let words = bodyPart.lowercased().split(separator: " ").map(String.init)
        guard let first = words.first, ["left", "right"].contains(first) else {
            return (nil, words.joined(separator: " "))
        }
        return (first, words.dropFirst().joined(separator: " "))
    }

    /// Ends intake (`prefs.onboarded = true`); the LLM coach's first proposal does this.
    package static func markOnboarded(userID: String, in db: Connection) throws {
        try HouseholdStore.updatePrefs(merge: ["onboarded": true], userID: userID, in: db)
    }

    private static func save(_ state: JSONValue, onboarded: Bool, userID: String, in db: Connection) throws {
        try HouseholdStore.updatePrefs(
            merge: ["coach_intake": state, "onboarded": .bool(onboarded)], userID: userID, in: db)
    }
}
