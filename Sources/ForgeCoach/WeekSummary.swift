import ForgeCore
import ForgeStore
import ForgeTrain
import Foundation

/// A training week against the plan in force, as the built-in coach answers
/// "How was my week?" and the weekly review counts it: the planned days (each
/// day by the plan revision in force on it, ``plans(for:calendar:in:)``) and
/// whether each was done (a session of the day's kind on that date, any
/// name), sessions off the plan, the strength volume (working sets and
/// Σ load × reps of completed sessions), runs and their distance, and zone-2
/// minutes against the plan's zone-2 minutes (docs/contract.md §4.11, as
/// `/api/progress` counts them).
package struct WeekSummary: Sendable {
    /// Session statuses that count as done, as `/api/progress` and history count them
    /// (an `active` session, still under way, does not).
    static let doneStatuses: Set<String> = ["completed", "unplanned"]

    /// First day covered: a Monday for "How was my week?"; six days before the review day for a review.
    package let from: LocalDate
    /// Last day covered (inclusive).
    package let to: LocalDate
    /// Planned days in `from...to` in date order: the date, the day's name and
    /// kind, and whether a session of that kind was done on that date.
    package var planned: [(date: LocalDate, name: String, kind: PlanDayKind, done: Bool)] = []
    /// Planned days still to come: after `to` in its Monday-to-Sunday week, and
    /// a planned day on today's date not done yet (not counted as missed).
    package var upcoming: [(date: LocalDate, name: String)] = []
    /// Sessions done on a day with nothing of their kind planned: "Easy run on Tuesday".
    package var extra: [String] = []
    /// Strength sessions done in `from...to`.
    package var strengthSessions = 0
    /// Working sets logged in `from...to` (warm-ups left out, ``CoachQueries/sets(userID:from:to:in:)``).
    package var workingSets = 0
    /// Σ weight × reps of those working sets, kg.
    package var tonnageKg = 0.0
    /// Cardio sessions done in `from...to`, any type.
    package var runs = 0
    /// Distance of those cardio sessions, km.
    package var distanceKm = 0.0
    /// Zone-2 minutes logged in `from...to` (each workout's `zone2_min`, summed).
    package var zone2Minutes = 0.0
    /// The zone-2 target for a whole week of the plan in force on `to`, minutes
    /// (``PlanContent/zone2PlannedMinutes``), however much of the week `from...to` covers; 0 with no plan.
    package var zone2Planned = 0

    /// The week for `member` through `to`: Monday of `to`'s week to `to`.
    /// - Parameters:
    ///   - today: the household's date; its planned session, not done yet, is still to come.
    ///   - calendar: the household calendar, which day each plan revision came into force on.
    package static func of(
        _ member: Member, through to: LocalDate, today: LocalDate, calendar: HouseholdCalendar, in db: Connection
    ) throws -> WeekSummary {
        try of(member, from: to.monday, through: to, today: today, calendar: calendar, in: db)
    }

    /// The days `from...to` (at most a week) for `member`.
    /// - Parameters:
    ///   - today: the household's date; its planned session, not done yet, is still to come.
    ///   - calendar: the household calendar, which day each plan revision came into force on.
    package static func of(
        _ member: Member, from: LocalDate, through to: LocalDate, today: LocalDate, calendar: HouseholdCalendar,
        in db: Connection
    ) throws -> WeekSummary {
        var week = WeekSummary(from: from, to: to)
        let plan = try plans(for: member, calendar: calendar, in: db)
        let sessions = try SessionQueries.sessions(userID: member.id, from: from, to: to, in: db)
            .filter { doneStatuses.contains($0.status) }
        var matched = Set<String>()
        var date = from
        while date <= to.monday.adding(days: 6) {
            defer { date = date.adding(days: 1) }
            guard let day = plan(date)?.day(date.weekday) else { continue }
            let done = sessions.first { $0.day == date && $0.kind == day.kind.rawValue && !matched.contains($0.id) }
            if let done { matched.insert(done.id) }
            if date > to || date == today && done == nil {
                week.upcoming.append((date, day.name))
            } else {
                week.planned.append((date, day.name, day.kind, done != nil))
            }
        }
        week.extra = sessions.filter { !matched.contains($0.id) }.map { "\($0.name) on \($0.day.dayName)" }
        week.strengthSessions = sessions.filter { $0.kind == "strength" }.count
        let sets = try CoachQueries.sets(userID: member.id, from: from, to: to, in: db)
        week.workingSets = sets.count
        week.tonnageKg = sets.reduce(0) { $0 + $1.set.weight * Double($1.set.reps) }
        let cardio = sessions.filter { $0.kind == "cardio" }
        week.runs = cardio.count
        week.distanceKm = cardio.compactMap { $0.stats["distance"]?.doubleValue }.reduce(0, +)
        week.zone2Minutes = try ProgressQueries.zone2Minutes(userID: member.id, from: from, to: to, in: db)
        week.zone2Planned = plan(to)?.zone2PlannedMinutes ?? 0
        return week
    }

    /// The plan `member` had on a day: the revision activated last on or before that household
    /// day (one approved on Monday morning is Monday's plan), nil before the first one came into
    /// force. A proposal never approved is never a day's plan.
    static func plans(for member: Member, calendar: HouseholdCalendar, in db: Connection) throws
        -> (LocalDate) -> PlanContent?
    {
        let revisions = try PlanStore.inForce(userID: member.id, in: db).map {
            (day: calendar.date(of: $0.activatedAt), content: $0.revision.content)
        }
        return { date in revisions.last { $0.day <= date }?.content }
    }

    /// The summary in sentences, loads in `unit`.
    package func text(unit: LoadUnit) -> String {
        let span =
            from == to
            ? "\(from.dayName) \(from)" : "\(from.dayName) \(from) to \(to.dayName) \(to)"
        let done = planned.filter(\.done)
        var text = "Your week (\(span)): "
        if planned.isEmpty && upcoming.isEmpty {
            text += "no plan in force, so nothing to measure against."
        } else {
            text += "\(done.count) of \(Plural.count(planned.count, "planned sessions")) done"
            let list = planned.map { "\($0.name) \($0.date.dayName) \($0.done ? "done" : "missed")" }
            text += list.isEmpty ? "." : " (" + list.joined(separator: ", ") + ")."
        }
        if !extra.isEmpty { text += " Off the plan: " + ScheduleReading.list(extra) + "." }
        if workingSets > 0 {
            text +=
                " Strength volume: \(Plural.count(workingSets, "working sets")), "
                + "\(Int((unit == .kg ? tonnageKg : tonnageKg / LoadUnit.kgPerLb).rounded())) \(unit.rawValue) lifted in \(Plural.count(strengthSessions, "sessions"))."
        } else {
            text += " No strength sets logged."
        }
        let km = NumberText.shortest(Rounding.round1(distanceKm))
        text +=
            runs == 0
            ? " No runs." : " Runs: \(runs)\(distanceKm > 0 ? ", \(km) km" : "")."
        let z2 = NumberText.shortest(Rounding.round1(zone2Minutes))
        text +=
            zone2Planned > 0
            ? " Zone 2: \(z2) of \(zone2Planned) planned minutes." : " Zone 2: \(z2) minutes."
        if !upcoming.isEmpty {
            text += " Still to come: " + ScheduleReading.list(upcoming.map { "\($0.name) on \($0.date.dayName)" }) + "."
        }
        return text
    }
}
