import ForgeCore
import ForgeHTTP
import ForgeHousehold
import ForgeStore
import ForgeTrain
import Foundation

/// `GET /api/dashboard` (docs/contract.md §3.6).
struct Dashboard: Codable, Sendable {
    let name: String
    /// Bodyweight display unit, `kg` or `lb`.
    let units: String
    /// `prefs.unit_load`, default `lb`.
    let unitLoad: String
    /// `prefs.unit_lipids`, default `mmol`.
    let unitLipids: String
    /// `prefs.load_units` (`{ slug: "kg" | "lb" }`), default `{}`.
    let loadUnits: JSONValue
    /// `prefs.goal_weight_kg`, kg.
    @Nullable var goalWeightKg: Double?
    let bodycomp: BodyComp
    let e1rm: OrderedMap<LiftSeries>
    /// kg, 365 days.
    let weight: [WirePoint]
    let vo2max: [WirePoint]
    let vo2maxSmooth: [WirePoint]
    /// bpm, 180 days.
    let restingHr: [WirePoint]
    let sleepH: [WirePoint]
    /// Σ `stats.tonnage` of strength sessions per week, tonnes, 2 dp.
    let tonnageWeekly: [WeekValue]
    /// Σ `stats.zone2_min` of other sessions per week, minutes.
    let zone2Weekly: [WeekValue]
    let zone2Target: Int
    let heatmap: [HeatmapWeek]
    /// Every lab result grouped by marker, by panel date.
    let lipids: [String: [LipidPoint]]
    let week: WeekCount
    let prsThisWeek: Int
    let records: [RecordRow]
}

/// `{ week: date (Monday), v: number }`.
struct WeekValue: Codable, Sendable {
    let week: String
    let v: Double
}

/// One heatmap row: a Monday and its seven cells.
struct HeatmapWeek: Codable, Sendable {
    let week: String
    let days: [HeatmapCell]
}

/// `{ d: date, s: "done" | "missed" | "off" | "future" }`.
struct HeatmapCell: Codable, Sendable {
    let d: String
    let s: String
}

/// One lab value on the dashboard: panel date, value and reference range (mmol/L).
struct LipidPoint: Codable, Sendable {
    let d: String
    let v: Double
    @Nullable var refLow: Double?
    @Nullable var refHigh: Double?
}

/// `GET /api/dashboard` (docs/contract.md §3.6): display prefs, series, twelve weeks
/// of tonnage, zone 2 and the training heatmap, lipids and records.
/// The twelve weeks are the Mondays from 11 weeks before this household
/// week through this Monday, oldest first.
enum DashboardRoutes {
    static func register(_ app: ForgeApp, on router: inout APIRouter) {
        router.route(
            .GET, "/api/dashboard", "Everything the dashboard draws, twelve household weeks back",
            access: .member, cache: .minute, answers: Dashboard.self
        ) { _, principal in
            let now = app.minuteNow
            let today = app.today  // minute-floored: the answer is cached per minute
            return try app.db.read { db in try dashboard(app, principal.caller.user, now: now, today: today, in: db) }
        }
    }

    static func dashboard(_ app: ForgeApp, _ user: User, now: Date, today: LocalDate, in db: Connection) throws
        -> Dashboard
    {
        let progress = try ProgressRoutes.progress(app, user, now: now, today: today, in: db)
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
            weight: try ProgressRoutes.series(user.id, "weight", since: days(365), app: app, in: db),
            vo2max: progress.vo2max, vo2maxSmooth: progress.vo2maxSmooth,
            restingHr: try ProgressRoutes.series(user.id, "resting_hr", since: days(180), app: app, in: db),
            sleepH: progress.sleepH,
            tonnageWeekly: mondays.map { WeekValue(week: $0.description, v: Rounding.round2(tonnage[$0] ?? 0)) },
            zone2Weekly: mondays.map { WeekValue(week: $0.description, v: zone2[$0] ?? 0) },
            zone2Target: progress.zone2.target,
            heatmap: heatmap, lipids: lipids, week: progress.week, prsThisWeek: progress.prsThisWeek,
            records: HistoryRoutes.records(
                try RecordStore.all(userID: user.id, in: db), of: user, library: try app.exercises.library(in: db)))
    }
}
