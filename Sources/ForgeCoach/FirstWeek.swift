import ForgeCore
import ForgeStore
import ForgeTrain

/// The built-in coach's first week after intake: the active plan with only
/// as many training days as the member has (strength days first), placed on
/// the weekdays they named in weekday order ("Monday, Wednesday, Thursday and
/// Saturday" puts Lower A, Zone 2 run, Upper A and Intervals on days 0/2/3/5),
/// or on the plan's own weekdays when none were named. Loads at 80 % (new to
/// lifting) or 90 % of the plan's, each the nearest load the active profile
/// can make (``LoadingKit/nearest(kg:kind:)``, ties half-to-even: 90 % of
/// 52.5 kg → 47.5 kg on §5.2's Gym); lifts an active niggle or the equipment
/// rules out swapped as the weekly review swaps them; squats kept to parallel
/// for a niggle about deep squats (``SquatDepth``).
struct FirstWeek {
    var content: PlanContent
    var rationale: String
    /// Names of the training days, in weekday order.
    var dayNames: [String]
    /// Swaps made: the exercise replaced and its replacement.
    var swaps: [(from: Exercise, to: Exercise)]
    /// Lifts kept but to parallel.
    var depthLimited: [String]
    /// Named days the plan has no training day for, said in words, or nil.
    var unplaced: String?

    /// What the week does about `note`, in a sentence that says which lifts.
    func effect(of note: InjuryNote) -> String {
        let part = "For your \(note.bodyPart.lowercased())"
        var parts: [String] = []
        if note.avoid.contains(InjuryReading.deepSquat) {
            parts.append(
                depthLimited.isEmpty
                    ? "squats go to parallel, no deeper"
                    : ScheduleReading.list(depthLimited) + " stay\(depthLimited.count == 1 ? "s" : "") in, "
                        + "to parallel and no deeper, not swapped")
        }
        let swapped = swaps.filter { !Set($0.from.patterns).isDisjoint(with: note.avoid) }
        if !swapped.isEmpty {
            parts.append(ScheduleReading.list(swapped.map { "\($0.from.name) is swapped for \($0.to.name)" }))
        }
        let avoided = note.avoid.filter { $0 != InjuryReading.deepSquat }.map { Self.words[$0] ?? $0 }
        if note.avoid.isEmpty {
            return part + " I haven't changed any lift: tell me which movements hurt and I'll plan around them."
        }
        if parts.isEmpty {
            return part + ", nothing in this week uses " + ScheduleReading.list(avoided) + ", so no lift changes."
        }
        return part + ": " + parts.joined(separator: "; ")
            + (avoided.isEmpty ? "." : "; " + ScheduleReading.list(avoided) + " stay out.")
    }

    /// Movement patterns as a member says them.
    static let words = [
        "deep_lunge": "deep lunges", "lunge": "lunges", "squat": "squats", "hinge": "deadlift-type lifts",
        "overhead_press": "overhead pressing", "incline_push": "incline pressing",
        "horizontal_push": "bench-type pressing", "vertical_pull": "pull-ups and pulldowns",
        "horizontal_pull": "rows", "trunk_flexion": "sit-up-type ab work",
    ]

    /// The first week for `member` from the active plan, or nil when there is none.
    static func build(
        member: Member, schedule: ScheduleAnswer, factor: Double, today: LocalDate, in db: Connection
    ) throws -> FirstWeek? {
        guard let active = try PlanStore.active(userID: member.id, in: db) else { return nil }
        let library = try ExerciseCatalog.library(in: db)
        let validator = try ProposalStore.validator(for: member, in: db)
        let kit = validator.kit ?? .unknown
        let niggles = validator.niggles.filter(\.isActive)
        let notes = try NiggleStore.list(userID: member.id, in: db).filter(\.isActive)
        let avoided = Set(niggles.flatMap(\.avoidPatterns))
        let planner = ReviewPlanner(member: member, today: today)
        let plan = active.content
        let strength = plan.weekdays.filter { plan.days[$0]?.kind == .strength }
        let cardio = plan.weekdays.filter { plan.days[$0]?.kind == .cardio }
        let wanted = schedule.weekdays.isEmpty ? max(1, schedule.days) : schedule.weekdays.count
        let kept = (strength + cardio).prefix(wanted).sorted()
        let targets =
            schedule.weekdays.isEmpty ? kept : ScheduleReading.spread(schedule.weekdays, kept.count)
        let placed = Dictionary(uniqueKeysWithValues: zip(kept, targets))
        var week = FirstWeek(
            content: PlanContent(days: [:], changes: [], extra: plan.extra),
            rationale: kept.count < plan.weekdays.count
                ? "A gentle start: fewer days, lighter loads, the lifts you'll build on."
                : "A gentle start: lighter loads on your days, the lifts you'll build on.", dayNames: [],
            swaps: [], depthLimited: [])
        var changes: [PlanChange] = []
        let daysText =
            schedule.weekdays.isEmpty
            ? "\(Plural.count(kept.count, "training days")) a week" : "you train \(schedule.daysText)"
        for weekday in plan.weekdays {
            guard let day = plan.days[weekday] else { continue }
            guard let target = placed[weekday] else {
                changes.append(
                    PlanChange(
                        sign: "-", what: "\(LocalDate.dayNames[weekday]) \(day.name)", why: "rest day: \(daysText)"))
                continue
            }
            if target != weekday {
                changes.append(
                    PlanChange(
                        sign: "~", what: "\(day.name): \(LocalDate.dayNames[weekday]) → \(LocalDate.dayNames[target])",
                        why: daysText))
            }
            guard case .strength(var lifts) = day else {
                week.content.days[target] = day
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
                            why: SwapReason.text(for: exercise, niggles: notes, available: validator.available)))
                    week.swaps.append((exercise, swap))
                    entry.slug = swap.slug
                    entry.name = nil
                    entry.weight = 0
                }
                if let exercise = library.exercise(entry.slug),
                    SquatDepth.apply(to: &entry, exercise: exercise, niggles: niggles) == .added
                {
                    week.depthLimited.append(exercise.name)
                    changes.append(PlanChange(sign: "~", what: "\(exercise.name) to parallel", why: entry.note))
                }
                entry.weight = kit.nearest(kg: entry.weight * factor, kind: library.exercise(entry.slug)?.kind ?? .bb)
                lifts.exercises[index] = entry
            }
            lifts.why =
                "\(LocalDate.dayNames[target]) \(lifts.name): first week at \(Int(factor * 100)) % to learn the lifts"
            week.content.days[target] = .strength(lifts)
        }
        changes.append(PlanChange(sign: "~", what: "Loads at \(Int(factor * 100)) %", why: "a conservative start"))
        week.content.changes = changes
        week.dayNames = week.content.weekdays.map { LocalDate.dayNames[$0] }
        let spare = schedule.weekdays.filter { week.content.days[$0] == nil }
        if !spare.isEmpty {
            week.unplaced =
                "Your plan has \(Plural.count(kept.count, "training days")), so \(ScheduleReading.list(spare.map { LocalDate.dayNames[$0] })) "
                + "\(spare.count == 1 ? "stays" : "stay") free for now."
        }
        return week
    }
}
