import ForgeCore
import ForgeStore
import ForgeTrain
import Foundation

/// A training week against the plan in force, as the built-in coach answers
/// "How was my week?": the planned days and whether each was done (a session
/// of the day's kind on that date, any name), sessions off the plan, the
/// strength volume (working sets and Σ load × reps of completed sessions),
/// runs and their distance, and zone-2 minutes against the plan's zone-2
/// minutes (cardio days whose ceiling is at most 150 bpm, as `/api/progress`
/// counts them).
package struct WeekSummary: Sendable {
    /// The days covered: Monday to `to` (inclusive).
    package let from: LocalDate
    package let to: LocalDate
    /// Planned days in the window: weekday, the day's name and kind, done or not.
    package var planned: [(date: LocalDate, name: String, kind: PlanDayKind, done: Bool)] = []
    /// Planned days after `to` in the same week.
    package var upcoming: [(date: LocalDate, name: String)] = []
    /// Sessions done on a day with nothing of their kind planned.
    package var extra: [String] = []
    package var strengthSessions = 0
    package var workingSets = 0
    /// Σ weight × reps, kg.
    package var tonnageKg = 0.0
    package var runs = 0
    package var distanceKm = 0.0
    package var zone2Minutes = 0.0
    package var zone2Planned = 0

    /// The week for `member` through `to`: Monday of `to`'s week to `to`.
    package static func of(_ member: Member, through to: LocalDate, in db: Connection) throws -> WeekSummary {
        let monday = to.monday
        var week = WeekSummary(from: monday, to: to)
        let content = try PlanStore.active(userID: member.id, in: db)?.content
        let sessions = try SessionQueries.sessions(userID: member.id, from: monday, to: to, in: db)
            .filter { $0.status == "completed" || $0.status == "unplanned" || $0.kind == "cardio" }
        var matched = Set<String>()
        for weekday in content?.weekdays ?? [] {
            guard let day = content?.day(weekday) else { continue }
            let date = monday.adding(days: weekday)
            if date > to {
                week.upcoming.append((date, day.name))
                continue
            }
            let done = sessions.first { $0.day == date && $0.kind == day.kind.rawValue && !matched.contains($0.id) }
            if let done { matched.insert(done.id) }
            week.planned.append((date, day.name, day.kind, done != nil))
        }
        week.extra = sessions.filter { !matched.contains($0.id) }.map { "\($0.name) on \($0.day.dayName)" }
        week.strengthSessions = sessions.filter { $0.kind == "strength" }.count
        let sets = try CoachQueries.sets(userID: member.id, from: monday, to: to, in: db)
        week.workingSets = sets.count
        week.tonnageKg = sets.reduce(0) { $0 + $1.set.weight * Double($1.set.reps) }
        let cardio = sessions.filter { $0.kind == "cardio" }
        week.runs = cardio.count
        week.distanceKm = cardio.compactMap { $0.stats["distance"]?.doubleValue }.reduce(0, +)
        week.zone2Minutes = try ProgressQueries.zone2Minutes(userID: member.id, from: monday, to: to, in: db)
        week.zone2Planned =
            content?.days.values.compactMap(\.cardio).filter { $0.cardio.hrHigh > 0 && $0.cardio.hrHigh <= 150 }
            .reduce(0) { $0 + $1.cardio.minutes } ?? 0
        return week
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
            text += "\(done.count) of \(planned.count) planned session\(planned.count == 1 ? "" : "s") done"
            let list = planned.map { "\($0.name) \($0.date.dayName) \($0.done ? "done" : "missed")" }
            text += list.isEmpty ? "." : " (" + list.joined(separator: ", ") + ")."
        }
        if !extra.isEmpty { text += " Off the plan: " + ScheduleReading.list(extra) + "." }
        if workingSets > 0 {
            text +=
                " Strength volume: \(workingSets) working set\(workingSets == 1 ? "" : "s"), "
                + "\(Int((unit == .kg ? tonnageKg : tonnageKg / LoadUnit.kgPerLb).rounded())) \(unit.rawValue) lifted in \(strengthSessions) session\(strengthSessions == 1 ? "" : "s")."
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
