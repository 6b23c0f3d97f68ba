import ForgeCore
import ForgeHTTP
import ForgeStore
import ForgeTrain
import Foundation

/// `GET /api/dashboard` (API.md §3.6): display prefs, series, twelve weeks
/// of tonnage, zone 2 and the training heatmap, lipids and records.
/// The twelve weeks are the Mondays from 11 weeks before this household
/// week through this Monday, oldest first.
enum DashboardRoutes {
    static func register(_ app: ForgeApp, on router: inout APIRouter) {
        router.get("/api/dashboard", summary: "Everything the dashboard draws, twelve household weeks back",
                   tags: ["auth": "session"], app.signedIn { _, caller in
            let now = app.clock.now(), today = app.today
            return .json(try app.db.read { db in try dashboard(app, caller.user, now: now, today: today, in: db) })
        })
    }

    static func dashboard(_ app: ForgeApp, _ user: User, now: Date, today: LocalDate, in db: Connection) throws -> JSONValue {
        let progress = try ProgressRoutes.progress(app, user, now: now, today: today, in: db)
        func days(_ n: Double) -> Date { now.addingTimeInterval(-n * 86400) }
        let firstMonday = today.monday.adding(days: -77)
        let mondays = (0..<12).map { firstMonday.adding(days: 7 * $0) }
        let sessions = try SessionQueries.sessions(userID: user.id, from: firstMonday, to: today.monday.adding(days: 6), in: db)
            .filter { $0.status == "completed" || $0.status == "unplanned" }
        var tonnage: [LocalDate: Double] = [:], zone2: [LocalDate: Double] = [:]
        for s in sessions {
            if s.kind == "strength" { tonnage[s.day.monday, default: 0] += s.stats["tonnage"]?.doubleValue ?? 0 }
            else { zone2[s.day.monday, default: 0] += s.stats["zone2_min"]?.doubleValue ?? 0 }
        }
        let doneDays = Set(sessions.map(\.day))
        let content = try PlanStore.active(userID: user.id, in: db)?.content
        let heatmap: [JSONValue] = mondays.map { monday in
            ["week": .string(monday.description), "days": .array((0..<7).map { offset in
                let d = monday.adding(days: offset)
                let s = d > today ? "future" : doneDays.contains(d) ? "done" : content?.day(d.weekday) != nil ? "missed" : "off"
                return ["d": .string(d.description), "s": .string(s)]
            })]
        }
        var lipids: [String: [JSONValue]] = [:]
        for panel in try LabStore.all(userID: user.id, in: db) {
            for r in panel.results {
                lipids[r.marker, default: []].append(["d": .string(panel.drawnOn), "v": .double(r.value),
                                                      "ref_low": .numberOrNull(r.refLow), "ref_high": .numberOrNull(r.refHigh)])
            }
        }
        let prefs = user.prefs
        return [
            "name": .string(user.name), "units": .string(user.units),
            "unit_load": prefs["unit_load"] ?? "lb", "unit_lipids": prefs["unit_lipids"] ?? "mmol",
            "load_units": prefs["load_units"] ?? .object([:]), "goal_weight_kg": prefs["goal_weight_kg"] ?? .null,
            "bodycomp": progress["bodycomp"] ?? .null, "e1rm": progress["e1rm"] ?? .object([:]),
            "weight": try ProgressRoutes.series(user.id, "weight", since: days(365), app: app, in: db),
            "vo2max": progress["vo2max"] ?? [], "vo2max_smooth": progress["vo2max_smooth"] ?? [],
            "resting_hr": try ProgressRoutes.series(user.id, "resting_hr", since: days(180), app: app, in: db),
            "sleep_h": progress["sleep_h"] ?? [],
            "tonnage_weekly": .array(mondays.map { ["week": .string($0.description), "v": .double(Rounding.round2(tonnage[$0] ?? 0))] }),
            "zone2_weekly": .array(mondays.map { ["week": .string($0.description), "v": .double(zone2[$0] ?? 0)] }),
            "zone2_target": progress["zone2"]?["target"] ?? 0,
            "heatmap": .array(heatmap),
            "lipids": .object(lipids.mapValues(JSONValue.array)),
            "week": progress["week"] ?? .null,
            "prs_this_week": progress["prs_this_week"] ?? 0,
            "records": try HistoryRoutes.records(user, library: app.exercises.library(in: db), in: db),
        ]
    }
}
