import ForgeCore
import ForgeHousehold
import ForgeStore
import Foundation

/// Everything the dashboard draws (`GET /api/dashboard`, docs/contract.md §3.6; issue 42): display
/// prefs, series, twelve weeks of tonnage, zone 2 and the training heatmap, lipids and records.
/// The twelve weeks are the Mondays from 11 weeks before this household week through this Monday,
/// oldest first. One read transaction.
package enum DashboardView {
    /// `user`'s dashboard (``Dashboard``): the progress report's series (``ProgressView``) with a
    /// year of weight and 180 days of resting heart rate, weekly tonnage in tonnes and zone-2
    /// minutes, the heatmap, every lab result by marker and the records.
    /// - Parameters:
    ///   - now: the answer's minute (it is cached per minute); each series' window ends here.
    ///   - today: the household's today: this week, and the heatmap's future days after it.
    ///   - clock: forged's clock; the latest height is looked for in the ten years before its time.
    ///   - calendar: the household calendar that dates metric samples.
    ///   - library: the exercise library the lifts and records are named from.
    /// - Throws: storage errors.
    package static func dashboard(
        for user: User, now: Date, today: LocalDate, clock: any Clock, calendar: HouseholdCalendar,
        library: LibraryCache, in database: Database
    ) throws -> Dashboard {
        try database.read { db in
            try dashboard(
                user, now: now, today: today, clock: clock, calendar: calendar, library: library.library(in: db),
                in: db)
        }
    }

    /// ``dashboard(for:now:today:clock:calendar:library:in:)`` in the caller's transaction.
    static func dashboard(
        _ user: User, now: Date, today: LocalDate, clock: any Clock, calendar: HouseholdCalendar,
        library: ExerciseLibrary, in db: Connection
    ) throws -> Dashboard {
        let progress = try ProgressView.report(
            user, now: now, today: today, clock: clock, calendar: calendar, library: library, in: db)
        func days(_ n: Double) -> Date { now.addingTimeInterval(-n * 86400) }
        let firstMonday = today.monday.adding(days: -77)
        let mondays = (0..<12).map { firstMonday.adding(days: 7 * $0) }
        let sessions = try SessionQueries.sessions(
            userID: user.id, from: firstMonday, to: today.monday.adding(days: 6), in: db
        )
        .filter { $0.status == "completed" || $0.status == "unplanned" }
        var tonnage: [LocalDate: Double] = [:]
        var zone2: [LocalDate: Double] = [:]
        for s in sessions {
            if s.kind == "strength" {
                tonnage[s.day.monday, default: 0] += s.stats["tonnage"]?.doubleValue ?? 0
            } else {
                zone2[s.day.monday, default: 0] += s.stats["zone2_min"]?.doubleValue ?? 0
            }
        }
        let doneDays = Set(sessions.map(\.day))
        let content = try PlanStore.active(userID: user.id, in: db)?.content
        let heatmap = mondays.map { monday in
            HeatmapWeek(
                week: monday.description,
                days: (0..<7).map { offset in
                    let d = monday.adding(days: offset)
                    let s =
                        d > today
                        ? "future" : doneDays.contains(d) ? "done" : content?.day(d.weekday) != nil ? "missed" : "off"
                    return HeatmapCell(d: d.description, s: s)
                })
        }
        var lipids: [String: [LipidPoint]] = [:]
        for panel in try LabStore.all(userID: user.id, in: db) {
            for r in panel.results {
                lipids[r.marker, default: []].append(
                    LipidPoint(d: panel.drawnOn, v: r.value, refLow: r.refLow, refHigh: r.refHigh))
            }
        }
        let prefs = user.prefs
        return Dashboard(
            name: user.name, units: user.units,
            unitLoad: prefs["unit_load"]?.stringValue ?? "lb", unitLipids: prefs["unit_lipids"]?.stringValue ?? "mmol",
            loadUnits: prefs["load_units"]?.objectValue.map(JSONValue.object) ?? .object([:]),
            goalWeightKg: prefs["goal_weight_kg"]?.doubleValue,
            bodycomp: progress.bodycomp, e1rm: progress.e1rm,
            weight: try ProgressView.series(user.id, "weight", since: days(365), calendar: calendar, in: db),
            vo2max: progress.vo2max, vo2maxSmooth: progress.vo2maxSmooth,
            restingHr: try ProgressView.series(user.id, "resting_hr", since: days(180), calendar: calendar, in: db),
            sleepH: progress.sleepH,
            tonnageWeekly: mondays.map { WeekValue(week: $0.description, v: Rounding.round2(tonnage[$0] ?? 0)) },
            zone2Weekly: mondays.map { WeekValue(week: $0.description, v: zone2[$0] ?? 0) },
            zone2Target: progress.zone2.target,
            heatmap: heatmap, lipids: lipids, week: progress.week, prsThisWeek: progress.prsThisWeek,
            records: RecordRow.rows(try RecordStore.all(userID: user.id, in: db), of: user, library: library))
    }
}

/// `GET /api/dashboard` (docs/contract.md §3.6).
package struct Dashboard: Codable, Sendable {
    package let name: String
    /// Bodyweight display unit, `kg` or `lb`.
    package let units: String
    /// `prefs.unit_load`, default `lb`.
    package let unitLoad: String
    /// `prefs.unit_lipids`, default `mmol`.
    package let unitLipids: String
    /// `prefs.load_units` (`{ slug: "kg" | "lb" }`), default `{}`.
    package let loadUnits: JSONValue
    /// `prefs.goal_weight_kg`, kg.
    @Nullable package var goalWeightKg: Double?
    package let bodycomp: BodyComp
    package let e1rm: OrderedMap<LiftSeries>
    /// kg, 365 days.
    package let weight: [WirePoint]
    package let vo2max: [WirePoint]
    package let vo2maxSmooth: [WirePoint]
    /// bpm, 180 days.
    package let restingHr: [WirePoint]
    package let sleepH: [WirePoint]
    /// Σ `stats.tonnage` of strength sessions per week, tonnes, 2 dp.
    package let tonnageWeekly: [WeekValue]
    /// Σ `stats.zone2_min` of other sessions per week, minutes.
    package let zone2Weekly: [WeekValue]
    package let zone2Target: Int
    package let heatmap: [HeatmapWeek]
    /// Every lab result grouped by marker, by panel date.
    package let lipids: [String: [LipidPoint]]
    package let week: WeekCount
    package let prsThisWeek: Int
    package let records: [RecordRow]
}

/// `{ week: date (Monday), v: number }`.
package struct WeekValue: Codable, Sendable {
    package let week: String
    package let v: Double
}

/// One heatmap row: a Monday and its seven cells.
package struct HeatmapWeek: Codable, Sendable {
    package let week: String
    package let days: [HeatmapCell]
}

/// `{ d: date, s: "done" | "missed" | "off" | "future" }`.
package struct HeatmapCell: Codable, Sendable {
    package let d: String
    package let s: String
}

/// One lab value on the dashboard: panel date, value and reference range (mmol/L).
package struct LipidPoint: Codable, Sendable {
    package let d: String
    package let v: Double
    @Nullable package var refLow: Double?
    @Nullable package var refHigh: Double?
}
