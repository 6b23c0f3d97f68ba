import ForgeCore
import ForgeHousehold
import ForgeStore
import Foundation

/// The member's progress screen and a body metric's drill-down (`GET /api/progress`,
/// `GET /api/metrics/{type}/history`, docs/contract.md §3.6, §4.15; issue 42). Every date is a
/// household date: metric points by the household calendar, e1RM points by the session's trained
/// day (docs/contract.md §6.5). Each call is one read transaction.
package enum ProgressView {
    /// Metric types of the drill-down and their units (`water_pct` is derived).
    package static let metricUnits: [String: String] = [
        "weight": "kg", "body_fat_pct": "%", "muscle_mass": "kg", "bone_mass": "kg", "vo2max": "ml/kg/min",
        "resting_hr": "bpm", "sleep_h": "h", "water_pct": "%",
    ]

    /// Days of history a drill-down reads, and the window of the latest height.
    static let historyDays = 3650.0

    /// `user`'s progress (``ProgressReport``): e1RM series with their trend words, body metrics,
    /// zone 2 and this household week.
    /// - Parameters:
    ///   - now: the answer's minute (it is cached per minute); each series' window ends here.
    ///   - today: the household's today, in the week counted.
    ///   - clock: forged's clock; the latest height is looked for in the ten years before its time.
    ///   - calendar: the household calendar that dates metric samples.
    ///   - library: the exercise library the lifts are named from.
    /// - Throws: storage errors.
    package static func report(
        for user: User, now: Date, today: LocalDate, clock: any Clock, calendar: HouseholdCalendar,
        library: LibraryCache, in database: Database
    ) throws -> ProgressReport {
        try database.read { db in
            try report(
                user, now: now, today: today, clock: clock, calendar: calendar, library: library.library(in: db),
                in: db)
        }
    }

    /// The drill-down of metric `type` for the member `userID`: every point of the last 3650 days
    /// before `now`, in the type's canonical unit (``metricUnits``).
    /// - Throws: ``ProgressViewError/unknownMetric`` for a type not in ``metricUnits``; storage errors.
    package static func metricHistory(
        _ type: String, userID: String, now: Date, calendar: HouseholdCalendar, in database: Database
    ) throws -> MetricHistory {
        guard let unit = metricUnits[type] else { throw ProgressViewError.unknownMetric }
        let since = now.addingTimeInterval(-historyDays * 86400)
        let points = try database.read { db in
            type == "water_pct"
                ? try waterPct(userID, since: since, calendar: calendar, in: db)
                : try series(userID, type, since: since, calendar: calendar, in: db)
        }
        return MetricHistory(type: type, unit: unit, points: points)
    }

    static func series(_ userID: String, _ type: String, since: Date, calendar: HouseholdCalendar, in db: Connection)
        throws -> [WirePoint]
    {
        try ProgressQueries.metricSeries(userID: userID, type: type, since: since, calendar: calendar, in: db)
            .map { WirePoint($0.day, $0.value) }
    }

    /// `water_pct` (§4.15): each `water_mass` point over that day's last
    /// weight (else the last weight used before), `round1(100 × water / weight)`.
    static func waterPct(_ userID: String, since: Date, calendar: HouseholdCalendar, in db: Connection) throws
        -> [WirePoint]
    {
        let water = try ProgressQueries.metricSeries(
            userID: userID, type: "water_mass", since: since, calendar: calendar, in: db)
        let weights = try ProgressQueries.metricSeries(
            userID: userID, type: "weight", since: .distantPast, calendar: calendar, in: db)
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

    /// ``report(for:now:today:clock:calendar:library:in:)`` in the caller's transaction.
    static func report(
        _ user: User, now: Date, today: LocalDate, clock: any Clock, calendar: HouseholdCalendar,
        library: ExerciseLibrary, in db: Connection
    ) throws -> ProgressReport {
        func days(_ n: Double) -> Date { now.addingTimeInterval(-n * 86400) }
        let vo2 = try ProgressQueries.metricSeries(
            userID: user.id, type: "vo2max", since: days(1095), calendar: calendar, in: db)
        let monday = today.monday
        let sunday = monday.adding(days: 6)
        let content = try PlanStore.active(userID: user.id, in: db)?.content
        let zone2Target = content?.zone2PlannedMinutes ?? 0
        let zone2Done = try ProgressQueries.zone2Minutes(userID: user.id, from: monday, to: sunday, in: db)
        return ProgressReport(
            e1rm: e1rm(
                try ProgressQueries.e1rmSeries(userID: user.id, in: db),
                firstLogged: try ProgressQueries.firstLogged(userID: user.id, in: db), plan: content, library: library),
            weight: try series(user.id, "weight", since: days(120), calendar: calendar, in: db),
            vo2max: vo2.map { WirePoint($0.day, $0.value) },
            vo2maxSmooth: WirePoint.list(smooth(vo2)),
            restingHr: try series(user.id, "resting_hr", since: days(120), calendar: calendar, in: db),
            sleepH: try series(user.id, "sleep_h", since: days(30), calendar: calendar, in: db),
            zone2: Zone2Progress(done: Rounding.halfEven(zone2Done), target: zone2Target),
            bodycomp: try bodycomp(
                user.id, since: days(365), heightSince: clock.now().addingTimeInterval(-historyDays * 86400),
                calendar: calendar, in: db),
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

    /// Body composition since `since`, and the latest height since `heightSince`.
    static func bodycomp(
        _ userID: String, since: Date, heightSince: Date, calendar: HouseholdCalendar, in db: Connection
    ) throws -> BodyComp {
        let height = try ProgressQueries.latestValue(userID: userID, type: "height", since: heightSince, in: db)
        return BodyComp(
            fatPct: try series(userID, "body_fat_pct", since: since, calendar: calendar, in: db),
            muscle: try series(userID, "muscle_mass", since: since, calendar: calendar, in: db),
            bone: try series(userID, "bone_mass", since: since, calendar: calendar, in: db),
            waterPct: try waterPct(userID, since: since, calendar: calendar, in: db),
            heightCm: height)
    }
}

/// Why a progress read found nothing.
package enum ProgressViewError: Error, Sendable, Equatable {
    /// A metric type the drill-down does not know (``ProgressView/metricUnits``).
    case unknownMetric
}

/// `GET /api/progress` (docs/contract.md §3.6): series for the progress screen.
package struct ProgressReport: Codable, Sendable {
    /// One entry per lift with e1RM points, in the order the lifts were first
    /// trained (ties: the active plan's order, then slug).
    package let e1rm: OrderedMap<LiftSeries>
    /// Bodyweight, kg, last 120 days.
    package let weight: [WirePoint]
    /// ml/kg/min, last 1095 days.
    package let vo2max: [WirePoint]
    /// Centred 5-point mean of `vo2max`, 2 dp, same length.
    package let vo2maxSmooth: [WirePoint]
    /// bpm, 120 days.
    package let restingHr: [WirePoint]
    /// Hours, 30 days.
    package let sleepH: [WirePoint]
    package let zone2: Zone2Progress
    /// 365 days.
    package let bodycomp: BodyComp
    package let week: WeekCount
    /// Lifts with a new record this household week.
    package let prsThisWeek: Int
}

/// `progress.e1rm[slug]`: `{ name, points, trend }`.
package struct LiftSeries: Codable, Sendable {
    package let name: String
    /// Best e1RM (kg) per trained day.
    package let points: [WirePoint]
    package let trend: LiftTrendWire
}

/// A lift's direction in words (``LiftTrend``).
package struct LiftTrendWire: Codable, Sendable {
    /// `new` (one session, or under a week of data), `building`, `holding`, `stalled` or `easing off`.
    package let status: String
    /// Whole weeks since the best was first reached (stalled / easing off), else null.
    @Nullable package var weeks: Int?
    package let label: String
    /// Recent best minus the reference, kg.
    package let changeKg: Double
    package let windowDays: Int
}

/// §4.11: zone-2 minutes done this week against the plan's target.
package struct Zone2Progress: Codable, Sendable {
    /// Minutes, half-even to whole minutes but written as a number with a decimal point.
    package let done: Double
    /// Σ prescribed minutes of the plan's easy cardio days.
    package let target: Int
}

/// `{ done, planned }`: finished sessions since this Monday and the plan's day count.
package struct WeekCount: Codable, Sendable {
    package let done: Int
    package let planned: Int
}

/// docs/contract.md `BodyComp`: 365-day series and the latest height.
package struct BodyComp: Codable, Sendable {
    /// Body fat, %.
    package let fatPct: [WirePoint]
    /// Muscle mass, kg.
    package let muscle: [WirePoint]
    /// Bone mass, kg.
    package let bone: [WirePoint]
    /// Water as % of that day's weight.
    package let waterPct: [WirePoint]
    /// Latest height in the last ten years, cm.
    @Nullable package var heightCm: Double?
}

/// `GET /api/metrics/{type}/history`: `{ type, unit, points }`.
package struct MetricHistory: Codable, Sendable {
    package let type: String
    package let unit: String
    package let points: [WirePoint]
}

extension LiftTrendWire: WireDocumented {
    package static var wireDescriptions: [String: String] {
        ["status": "new (one point, or under 7 days of points: issue 14), building, holding, stalled or easing off"]
    }
}
