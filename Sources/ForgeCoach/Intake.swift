import ForgeCore
import ForgeHousehold
import ForgeStore
import ForgeTrain
import Foundation

/// Intake mode (docs/contract.md §4.18): while `prefs.onboarded` is falsy the coach
/// interviews the member — goal, schedule, experience, injuries, one
/// question per turn — and ends by proposing a conservative first week.
///
/// The interview's state lives in `prefs.coach_intake`
/// (`{"step": 1…4, "answers": {"goal", "schedule", "experience", "injuries"}}`;
/// `step` is the question last asked). The built-in coach's first week
/// (``firstWeek(member:answers:in:)``): the active plan with only as many
/// training days as the schedule names (strength days first, in weekday
/// order), loads at 80 % (new to lifting) or 90 % of the plan's, each the
/// nearest load the active profile can make (``LoadingKit/nearest(kg:kind:)``,
/// ties half-to-even: 90 % of 52.5 kg → 47.5 kg on §5.2's Gym), and lifts an injury or the equipment rules out swapped as the weekly
/// review swaps them. Named injuries (knee, back, shoulder) become niggles
/// unless an active niggle already names that body part.
/// Finishing sets `prefs.onboarded = true` even when no proposal could be made.
package enum Intake {
    /// The four questions, in order, with the answer key each fills.
    package static let questions: [(key: String, text: String)] = [
        ("goal", "What's the main thing you want from training: strength, muscle, fitness, or something else?"),
        ("schedule", "How many days a week can you train, and roughly how long per session?"),
        ("experience", "How long have you been lifting? (\"new to it\", \"a few months\", \"years\" are all fine.)"),
        ("injuries", "Any injuries or niggles I should plan around? Say \"none\" if not."),
    ]

    /// Body parts recognised in the injuries answer → the movement patterns to avoid.
    static let injuryPatterns: [(word: String, bodyPart: String, avoid: [String])] = [
        ("knee", "Knee", ["lunge", "deep_lunge"]),
        ("back", "Lower back", ["hinge", "trunk_flexion"]),
        ("shoulder", "Shoulder", ["overhead_press", "incline_push"]),
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

    /// One intake turn of the built-in coach: stores the answer to the
    /// question last asked and asks the next, or finishes with a first week.
    /// - Returns: the coach's message.
    package static func builtinTurn(_ turn: CoachTurn) throws -> String {
        try turn.db.write { db in
            let state = turn.member.prefs["coach_intake"]
            let step = state?["step"]?.intValue ?? 0
            var answers = state?["answers"]?.objectValue ?? [:]
            if (1...questions.count).contains(step) {
                answers[questions[step - 1].key] = .string(turn.text.trimmingCharacters(in: .whitespacesAndNewlines))
            }
            if step < questions.count {
                try save(
                    ["step": .int(step + 1), "answers": .object(answers)], onboarded: false, userID: turn.member.id,
                    in: db)
                let opening =
                    step == 0
                    ? "Welcome, \(turn.member.name)! Before I plan anything, four quick questions. " : "Thanks. "
                return opening + questions[step].text
            }
            let text = try finish(turn, answers: answers, in: db)
            try save(
                ["step": .int(step), "answers": .object(answers)], onboarded: true, userID: turn.member.id, in: db)
            return text
        }
    }

    /// Training days per week named in the schedule answer (a digit or a
    /// number word 1–7), else 3.
    static func days(in schedule: String) -> Int {
        let words = ["one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "once": 1, "twice": 2]
        for token in schedule.lowercased().split(whereSeparator: { !$0.isLetter && !$0.isNumber }) {
            if let n = Int(token), (1...7).contains(n) { return n }
            if let n = words[String(token)] { return n }
        }
        return 3
    }

    /// 0.8 for a member new to lifting ("new", "never", "beginner", "month(s)", "just"), else 0.9.
    static func loadFactor(for experience: String) -> Double {
        let text = experience.lowercased()
        return ["new", "never", "beginner", "month", "just", "none"].contains { text.contains($0) } ? 0.8 : 0.9
    }

    private static func finish(_ turn: CoachTurn, answers: [String: JSONValue], in db: Connection) throws -> String {
        let injuries = answers["injuries"]?.stringValue?.lowercased() ?? ""
        var added: [String] = []
        let existing = try NiggleStore.all(userID: turn.member.id, in: db).filter(\.isActive).map {
            $0.bodyPart.lowercased()
        }
        for injury in injuryPatterns
        where injuries.contains(injury.word) && !existing.contains(where: { $0.contains(injury.word) }) {
            _ = try NiggleStore.add(
                userID: turn.member.id, bodyPart: injury.bodyPart, severity: "1",
                note: "From intake: " + injuries.prefix(200), avoidPatterns: injury.avoid, mobilitySlug: "",
                today: turn.today, now: turn.now, in: db)
            added.append(injury.bodyPart.lowercased())
        }
        if let goal = answers["goal"]?.stringValue, !goal.isEmpty {
            try PlanStore.setGoal(userID: turn.member.id, goal: String(goal.prefix(200)), in: db)
        }
        let days = days(in: answers["schedule"]?.stringValue ?? "")
        let factor = loadFactor(for: answers["experience"]?.stringValue ?? "")
        var text = "Thanks, that's everything."
        if !added.isEmpty {
            text +=
                " I've noted your \(added.joined(separator: " and ")) as a niggle and will keep those movements out."
        }
        guard let week = try firstWeek(member: turn.member, days: days, factor: factor, today: turn.today, in: db)
        else {
            return text + " There is no plan to start from yet, so I'll propose one at your first weekly review."
        }
        do {
            let revision = try ProposalStore.propose(
                member: turn.member, content: try .encoded(week.content),
                rationale: week.rationale, now: turn.now, in: db)
            let names = week.dayNames.joined(separator: ", ")
            text +=
                " Here's a conservative first week: \(days) day\(days == 1 ? "" : "s") (\(names)) at about "
                + "\(Int(factor * 100)) % of the listed loads."
            text +=
                revision.status == "active"
                ? " It is your plan now." : " Proposal #\(revision.num) is waiting for your approval."
        } catch let failure as ProposalFailure {
            text += " I couldn't put a first week together (\(failure.message)); your current plan stands."
        }
        return text
    }

    /// The first week (see the type): content, rationale and the kept days' names.
    static func firstWeek(
        member: Member, days: Int, factor: Double, today: LocalDate,
        in db: Connection
    ) throws -> (content: PlanContent, rationale: String, dayNames: [String])? {
        guard let active = try PlanStore.active(userID: member.id, in: db) else { return nil }
        let library = try ExerciseCatalog.library(in: db)
        let validator = try ProposalStore.validator(for: member, in: db)
        let kit = validator.kit ?? .unknown
        let avoided = Set(validator.niggles.filter(\.isActive).flatMap(\.avoidPatterns))
        let planner = ReviewPlanner(member: member, today: today)
        let strength = active.content.weekdays.filter { active.content.days[$0]?.kind == .strength }
        let cardio = active.content.weekdays.filter { active.content.days[$0]?.kind == .cardio }
        let kept = Set((strength + cardio).prefix(max(1, days)))
        var content = PlanContent(days: [:], changes: [], extra: active.content.extra)
        var changes: [PlanChange] = []
        for weekday in active.content.weekdays {
            guard let day = active.content.days[weekday] else { continue }
            guard kept.contains(weekday) else {
                changes.append(
                    PlanChange(
                        sign: "-", what: "\(LocalDate.dayNames[weekday]) \(day.name)",
                        why: "rest day: \(days) training day\(days == 1 ? "" : "s") a week"))
                continue
            }
            guard case .strength(var lifts) = day else {
                content.days[weekday] = day
                continue
            }
            for index in lifts.exercises.indices {
                var entry = lifts.exercises[index]
                if let exercise = library.exercise(entry.slug),
                    ReviewPlanner.isBlocked(exercise, avoided: avoided, available: validator.available),
                    let swap = planner.alternative(
                        for: exercise, day: lifts, library: library, avoided: avoided,
                        available: validator.available)
                {
                    changes.append(
                        PlanChange(
                            sign: "~", what: "\(exercise.name) → \(swap.name)",
                            why: "an injury or the equipment rules it out"))
                    entry.slug = swap.slug
                    entry.name = nil
                    entry.weight = 0
                }
                entry.weight = kit.nearest(kg: entry.weight * factor, kind: library.exercise(entry.slug)?.kind ?? .bb)
                lifts.exercises[index] = entry
            }
            lifts.why =
                "\(LocalDate.dayNames[weekday]) \(lifts.name): first week at \(Int(factor * 100)) % to learn the lifts"
            content.days[weekday] = .strength(lifts)
        }
        changes.append(PlanChange(sign: "~", what: "Loads at \(Int(factor * 100)) %", why: "a conservative start"))
        content.changes = changes
        let names = content.weekdays.map { LocalDate.dayNames[$0] }
        return (content, "A gentle start: fewer days, lighter loads, the same lifts you'll build on.", names)
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
