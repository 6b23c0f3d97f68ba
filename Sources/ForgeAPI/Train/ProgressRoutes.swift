import ForgeCore
import ForgeHTTP
import ForgeHousehold
import ForgeStore
import ForgeTrain
import Foundation

/// `GET /api/progress` (docs/contract.md §3.6): series for the progress screen.
struct ProgressReport: Codable, Sendable {
    /// One entry per lift with e1RM points, in the order the lifts were first
    /// trained (ties: the active plan's order, then slug).
    let e1rm: OrderedMap<LiftSeries>
    /// Bodyweight, kg, last 120 days.
    let weight: [WirePoint]
    /// ml/kg/min, last 1095 days.
    let vo2max: [WirePoint]
    /// Centred 5-point mean of `vo2max`, 2 dp, same length.
    let vo2maxSmooth: [WirePoint]
    /// bpm, 120 days.
    let restingHr: [WirePoint]
    /// Hours, 30 days.
    let sleepH: [WirePoint]
    let zone2: Zone2Progress
    /// 365 days.
    let bodycomp: BodyComp
    let week: WeekCount
    /// Lifts with a new record this household week.
    let prsThisWeek: Int
}

/// `progress.e1rm[slug]`: `{ name, points, trend }`.
struct LiftSeries: Codable, Sendable {
    let name: String
    /// Best e1RM (kg) per trained day.
    let points: [WirePoint]
    let trend: LiftTrendWire
}

/// A lift's direction in words (``LiftTrend``).
struct LiftTrendWire: Codable, Sendable {
    /// `new` (one session, or under a week of data), `building`, `holding`, `stalled` or `easing off`.
    let status: String
    /// Whole weeks since the best was first reached (stalled / easing off), else null.
    @Nullable var weeks: Int?
    let label: String
    /// Recent best minus the reference, kg.
    let changeKg: Double
    let windowDays: Int
}

/// §4.11: zone-2 minutes done this week against the plan's target.
struct Zone2Progress: Codable, Sendable {
    /// Minutes, half-even to whole minutes but written as a number with a decimal point.
    let done: Double
    /// Σ prescribed minutes of the plan's easy cardio days.
    let target: Int
}

/// `{ done, planned }`: finished sessions since this Monday and the plan's day count.
struct WeekCount: Codable, Sendable {
    let done: Int
    let planned: Int
}

/// docs/contract.md `BodyComp`: 365-day series and the latest height.
struct BodyComp: Codable, Sendable {
    /// Body fat, %.
    let fatPct: [WirePoint]
    /// Muscle mass, kg.
    let muscle: [WirePoint]
    /// Bone mass, kg.
    let bone: [WirePoint]
    /// Water as % of that day's weight.
    let waterPct: [WirePoint]
    /// Latest height in the last ten years, cm.
    @Nullable var heightCm: Double?
}

/// `GET /api/metrics/{type}/history`: `{ type, unit, points }`.
struct MetricHistory: Codable, Sendable {
    let type: String
    let unit: String
    let points: [WirePoint]
}

/// `GET /api/progress` and `GET /api/metrics/{type}/history` (docs/contract.md §3.6, §4.15).
/// Every date is a household date: metric points by the household calendar,
/// e1RM points by the session's trained day (docs/contract.md §6.5).
enum ProgressRoutes {
    /// Metric types of the drill-down and their units (`water_pct` is derived).
    static let metricUnits: [String: String] = [
        "weight": "kg", "body_fat_pct": "%", "muscle_mass": "kg", "bone_mass": "kg", "vo2max": "ml/kg/min",
        "resting_hr": "bpm", "sleep_h": "h", "water_pct": "%",
    ]

    static func register(_ app: ForgeApp, on router: inout APIRouter) {
        router.route(
            .GET, "/api/progress", "e1RM series with trend words, body metrics, zone 2 and this week",
            access: .member, cache: .minute, answers: ProgressReport.self
        ) { _, principal in
            let now = app.minuteNow
            let today = app.today  // minute-floored: the answer is cached per minute
            return try app.db.read { db in try progress(app, principal.caller.user, now: now, today: today, in: db) }
        }
        router.route(
            .GET, "/api/metrics/:type/history", "Full history (3650 days) of one body metric",
            access: .member, answers: MetricHistory.self, errors: [404]
        ) { request, principal in
            let type = request.parameter("type") ?? ""
            guard let unit = metricUnits[type] else { throw HTTPError(404, "unknown metric") }
            let since = app.clock.now().addingTimeInterval(-3650 * 86400)
            let points = try app.db.read { db in
                type == "water_pct"
                    ? try waterPct(principal.caller.id, since: since, app: app, in: db)
                    : try series(principal.caller.id, type, since: since, app: app, in: db)
            }
            return MetricHistory(type: type, unit: unit, points: points)
        }
    }

    static func series(_ userID: String, _ type: String, since: Date, app: ForgeApp, in db: Connection) throws
        -> [WirePoint]
    {
        try ProgressQueries.metricSeries(userID: userID, type: type, since: since, calendar: app.calendar, in: db)
            .map { WirePoint($0.day, $0.value) }
    }

    /// `water_pct` (§4.15): each `water_mass` point over that day's last
    /// weight (else the last weight used before), `round1(100 × water / weight)`.
    static func waterPct(_ userID: String, since: Date, app: ForgeApp, in db: Connection) throws -> [WirePoint] {
        let water = try ProgressQueries.metricSeries(
            userID: userID, type: "water_mass", since: since, calendar: app.calendar, in: db)
        let weights = try ProgressQueries.metricSeries(
            userID: userID, type: "weight", since: .distantPast, calendar: app.calendar, in: db)
        var lastByDay: [LocalDate: Double] = [:]
        for w in weights { lastByDay[w.day] = w.value }
        var carried: Double?
        var out: [WirePoint] = []
        for p in water {
            if let w = lastByDay[p.day] { carried = w }
            guard let w = carried, w > 0 else { continue }
            out.append(WirePoint(p.day, Rounding.round1(100 * p.value / w)))
        }
        return out
    }

    /// The e1RM map in the order each lift was first logged, as the original
    /// lists it (issue 28; docs/contract.md §4.15): by the first trained day of
    /// each lift, then the time of its first set that day (`firstLogged`),
    /// ties by the lift's first place in the active plan, then slug.
    static func e1rm(
        _ series: [String: [SeriesPoint]], firstLogged: [String: String] = [:], plan: PlanContent?,
        library: ExerciseLibrary
    ) -> OrderedMap<LiftSeries> {
        var planOrder: [String: Int] = [:]
        for weekday in plan?.weekdays ?? [] {
            for e in plan?.day(weekday)?.strength?.exercises ?? [] where planOrder[e.slug] == nil {
                planOrder[e.slug] = planOrder.count
            }
        }
        let slugs = series.keys.sorted { a, b in
            let fa = series[a]?.first?.day
            let fb = series[b]?.first?.day
            if fa != fb, let fa, let fb { return fa < fb }
            let ta = firstLogged[a]
            let tb = firstLogged[b]
            if ta != tb, let ta, let tb { return ta < tb }
            let pa = planOrder[a] ?? Int.max
            let pb = planOrder[b] ?? Int.max
            return pa != pb ? pa < pb : a < b
        }
        var out = OrderedMap<LiftSeries>()
        for slug in slugs {
            let list = series[slug] ?? []
            let trend = LiftTrend.of(list)
            out[slug] = LiftSeries(
                name: library.name(for: slug), points: list.map { WirePoint($0.day, $0.value) },
                trend: LiftTrendWire(
                    status: trend.status.rawValue, weeks: trend.weeks, label: trend.label,
                    changeKg: trend.changeKg, windowDays: trend.windowDays))
        }
        return out
    }

    static func progress(_ app: ForgeApp, _ user: User, now: Date, today: LocalDate, in db: Connection) throws
        -> ProgressReport
    {
        let library = try app.exercises.library(in: db)
        func days(_ n: Double) -> Date { now.addingTimeInterval(-n * 86400) }
        let vo2 = try ProgressQueries.metricSeries(
            userID: user.id, type: "vo2max", since: days(1095), calendar: app.calendar, in: db)
        let monday = today.monday
        let sunday = monday.adding(days: 6)
        let content = try PlanStore.active(userID: user.id, in: db)?.content
        let zone2Target = content?.zone2PlannedMinutes ?? 0
        let zone2Done = try ProgressQueries.zone2Minutes(userID: user.id, from: monday, to: sunday, in: db)
        return ProgressReport(
            e1rm: e1rm(
                try ProgressQueries.e1rmSeries(userID: user.id, in: db),
                firstLogged: try ProgressQueries.firstLogged(userID: user.id, in: db), plan: content, library: library),
            weight: try series(user.id, "weight", since: days(120), app: app, in: db),
            vo2max: vo2.map { WirePoint($0.day, $0.value) },
            vo2maxSmooth: WirePoint.list(smooth(vo2)),
            restingHr: try series(user.id, "resting_hr", since: days(120), app: app, in: db),
            sleepH: try series(user.id, "sleep_h", since: days(30), app: app, in: db),
            zone2: Zone2Progress(done: Rounding.halfEven(zone2Done), target: zone2Target),
            bodycomp: try bodycomp(user.id, since: days(365), app: app, in: db),
            week: WeekCount(
                done: try ProgressQueries.doneSessions(userID: user.id, from: monday, to: today, in: db),
                planned: content?.days.count ?? 0),
            prsThisWeek: try RecordStore.liftsWithPRs(userID: user.id, from: monday, to: today, in: db))
    }

    /// Centred 5-point mean clipped to the series, 2 dp (§4.15 `vo2max_smooth`).
    static func smooth(_ list: [MetricPoint]) -> [(LocalDate, Double)] {
        list.indices.map { i in
            let window = list[max(0, i - 2)...min(list.count - 1, i + 2)]
            return (list[i].day, Rounding.round2(window.reduce(0) { $0 + $1.value } / Double(window.count)))
        }
    }

    static func bodycomp(_ userID: String, since: Date, app: ForgeApp, in db: Connection) throws -> BodyComp {
        let height = try ProgressQueries.latestValue(
            userID: userID, type: "height",
            since: app.clock.now().addingTimeInterval(-3650 * 86400), in: db)
        return BodyComp(
            fatPct: try series(userID, "body_fat_pct", since: since, app: app, in: db),
            muscle: try series(userID, "muscle_mass", since: since, app: app, in: db),
            bone: try series(userID, "bone_mass", since: since, app: app, in: db),
            waterPct: try waterPct(userID, since: since, app: app, in: db),
            heightCm: height)
    }
}

extension LiftTrendWire: WireDocumented {
    static var wireDescriptions: [String: String] {
        ["status": "new (one point, or under 7 days of points: issue 14), building, holding, stalled or easing off"]
    }
}
