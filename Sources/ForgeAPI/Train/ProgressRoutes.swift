import ForgeCore
import ForgeHTTP
import ForgeStore
import ForgeTrain
import Foundation

/// `GET /api/progress` and `GET /api/metrics/{type}/history` (API.md §3.6, §4.15).
/// Every date is a household date: metric points by the household calendar,
/// e1RM points by the session's trained day (DESIGN.md quirk 5).
enum ProgressRoutes {
    /// Metric types of the drill-down and their units (`water_pct` is derived).
    static let metricUnits: [String: String] = [
        "weight": "kg", "body_fat_pct": "%", "muscle_mass": "kg", "bone_mass": "kg", "vo2max": "ml/kg/min",
        "resting_hr": "bpm", "sleep_h": "h", "water_pct": "%",
    ]

    static func register(_ app: ForgeApp, on router: inout APIRouter) {
        router.get("/api/progress", summary: "e1RM series with trend words, body metrics, zone 2 and this week",
                   tags: ["auth": "session"], app.signedIn { _, caller in
            let now = app.clock.now(), today = app.today
            return .json(try app.db.read { db in try progress(app, caller.user, now: now, today: today, in: db) })
        })
        router.get("/api/metrics/:type/history", summary: "Full history (3650 days) of one body metric",
                   tags: ["auth": "session"], app.signedIn { request, caller in
            let type = request.parameter("type") ?? ""
            guard let unit = metricUnits[type] else { throw HTTPError(404, "unknown metric") }
            let since = app.clock.now().addingTimeInterval(-3650 * 86400)
            let points = try app.db.read { db in
                type == "water_pct"
                    ? try waterPct(caller.id, since: since, app: app, in: db)
                    : try series(caller.id, type, since: since, app: app, in: db)
            }
            let body: JSONValue = (["type": .string(type), "unit": .string(unit), "points": points]); return .json(body)
        })
    }

    static func points(_ list: [(LocalDate, Double)]) -> JSONValue {
        .array(list.map { ["d": .string($0.0.description), "v": .double($0.1)] })
    }

    static func series(_ userID: String, _ type: String, since: Date, app: ForgeApp, in db: Connection) throws -> JSONValue {
        points(try ProgressQueries.metricSeries(userID: userID, type: type, since: since, calendar: app.calendar, in: db)
            .map { ($0.day, $0.value) })
    }

    /// `water_pct` (§4.15): each `water_mass` point over that day's last
    /// weight (else the last weight used before), `round1(100 × water / weight)`.
    static func waterPct(_ userID: String, since: Date, app: ForgeApp, in db: Connection) throws -> JSONValue {
        let water = try ProgressQueries.metricSeries(userID: userID, type: "water_mass", since: since, calendar: app.calendar, in: db)
        let weights = try ProgressQueries.metricSeries(userID: userID, type: "weight", since: .distantPast, calendar: app.calendar, in: db)
        var lastByDay: [LocalDate: Double] = [:]
        for w in weights { lastByDay[w.day] = w.value }
        var carried: Double?
        var out: [(LocalDate, Double)] = []
        for p in water {
            if let w = lastByDay[p.day] { carried = w }
            guard let w = carried, w > 0 else { continue }
            out.append((p.day, Rounding.round1(100 * p.value / w)))
        }
        return points(out)
    }

    static func progress(_ app: ForgeApp, _ user: User, now: Date, today: LocalDate, in db: Connection) throws -> JSONValue {
        let library = try app.exercises.library(in: db)
        func days(_ n: Double) -> Date { now.addingTimeInterval(-n * 86400) }
        var e1rm: [String: JSONValue] = [:]
        for (slug, list) in try ProgressQueries.e1rmSeries(userID: user.id, in: db) {
            let trend = LiftTrend.of(list)
            e1rm[slug] = ["name": .string(library.name(for: slug)),
                          "points": points(list.map { ($0.day, $0.value) }),
                          "trend": ["status": .string(trend.status.rawValue), "weeks": .integerOrNull(trend.weeks),
                                    "label": .string(trend.label), "change_kg": .double(trend.changeKg),
                                    "window_days": .int(trend.windowDays)]]
        }
        let vo2 = try ProgressQueries.metricSeries(userID: user.id, type: "vo2max", since: days(1095), calendar: app.calendar, in: db)
        let monday = today.monday, sunday = monday.adding(days: 6)
        let content = try PlanStore.active(userID: user.id, in: db)?.content
        let zone2Target = content?.days.values.compactMap(\.cardio).filter { $0.cardio.hrHigh > 0 && $0.cardio.hrHigh <= 150 }
            .reduce(0) { $0 + $1.cardio.minutes } ?? 0
        let zone2Done = try ProgressQueries.zone2Minutes(userID: user.id, from: monday, to: sunday, in: db)
        return [
            "e1rm": .object(e1rm),
            "weight": try series(user.id, "weight", since: days(120), app: app, in: db),
            "vo2max": points(vo2.map { ($0.day, $0.value) }),
            "vo2max_smooth": points(smooth(vo2)),
            "resting_hr": try series(user.id, "resting_hr", since: days(120), app: app, in: db),
            "sleep_h": try series(user.id, "sleep_h", since: days(30), app: app, in: db),
            "zone2": ["done": .double(Rounding.halfEven(zone2Done)), "target": .int(zone2Target)],
            "bodycomp": try bodycomp(user.id, since: days(365), app: app, in: db),
            "week": ["done": .int(try ProgressQueries.doneSessions(userID: user.id, from: monday, to: today, in: db)),
                     "planned": .int(content?.days.count ?? 0)],
            "prs_this_week": .int(try RecordStore.liftsWithPRs(userID: user.id, from: monday, to: today, in: db)),
        ]
    }

    /// Centred 5-point mean clipped to the series, 2 dp (§4.15 `vo2max_smooth`).
    static func smooth(_ list: [MetricPoint]) -> [(LocalDate, Double)] {
        list.indices.map { i in
            let window = list[max(0, i - 2)...min(list.count - 1, i + 2)]
            return (list[i].day, Rounding.round2(window.reduce(0) { $0 + $1.value } / Double(window.count)))
        }
    }

    static func bodycomp(_ userID: String, since: Date, app: ForgeApp, in db: Connection) throws -> JSONValue {
        let height = try ProgressQueries.latestValue(userID: userID, type: "height",
                                                     since: app.clock.now().addingTimeInterval(-3650 * 86400), in: db)
        return ["fat_pct": try series(userID, "body_fat_pct", since: since, app: app, in: db),
                "muscle": try series(userID, "muscle_mass", since: since, app: app, in: db),
                "bone": try series(userID, "bone_mass", since: since, app: app, in: db),
                "water_pct": try waterPct(userID, since: since, app: app, in: db),
                "height_cm": .numberOrNull(height)]
    }
}
