import ForgeCore
import ForgeHTTP
import ForgeStore
import ForgeTrain
import Foundation

/// `GET /api/today` (API.md §3.2): the plan entry for a date, fitted to a
/// time budget, with warm-ups, plate math, the niggle-aware cool-down and the
/// member's own `last` context.
enum TodayRoutes {
    static func register(_ app: ForgeApp, on router: inout APIRouter) {
        router.get("/api/today", summary: "Today's planned session, fitted to an optional time budget",
                   tags: ["auth": "session"], app.signedIn { request, caller in
            let date = try request.dateParameter(default: app.today)
            let budget = try request.intParameter("budget", in: 25...120)
            return .json(try app.db.read { db in try today(caller.user, date: date, budget: budget, library: app.exercises.library(in: db), in: db) })
        })
    }

    /// The Today document for `user` on `date`.
    static func today(_ user: User, date: LocalDate, budget: Int?, library: ExerciseLibrary, in db: Connection) throws -> JSONValue {
        let revision = try PlanStore.active(userID: user.id, in: db)
        var body: [String: JSONValue] = [
            "date": .string(date.description),
            "day_name": .string(date.dayName),
            "rationale": .string(revision?.rationale ?? ""),
            "session": try sessionStub(user: user, date: date, in: db),
        ]
        switch revision?.content.day(date.weekday) {
        case nil:
            body["kind"] = "rest"
            body["recovery"] = [
                "sleep_h": try metricPoint(user, "sleep_h", in: db),
                "weight": try metricPoint(user, "weight", in: db),
                "resting_hr": try metricPoint(user, "resting_hr", in: db),
            ]
            body["tomorrow"] = tomorrow(after: date, in: revision?.content)
        case .cardio(let day)?:
            body["kind"] = "cardio"
            body["name"] = .string(day.name)
            body["focus"] = .strings(day.focus)
            body["cardio"] = try .encoded(day.cardio)
        case .strength(let day)?:
            body["kind"] = "strength"
            try strength(day, user: user, budget: budget, library: library, into: &body, in: db)
        }
        return .object(body)
    }

    static func sessionStub(user: User, date: LocalDate, in db: Connection) throws -> JSONValue {
        guard let s = try SessionQueries.latestStrength(userID: user.id, on: date, in: db) else { return .null }
        return ["id": .string(s.id), "status": .string(s.status), "stats": s.stats,
                "cooldown_status": .string(s.cooldownStatus)]
    }

    static func metricPoint(_ user: User, _ type: String, in db: Connection) throws -> JSONValue {
        guard let m = try MetricQueries.latest(userID: user.id, type: type, in: db) else { return .null }
        return ["value": .double(m.value), "unit": .string(m.unit), "ts": .string(Instant.wire(stored: m.ts))]
    }

    /// The first planned day 1…7 days after `date` (7 = the same weekday next week).
    static func tomorrow(after date: LocalDate, in content: PlanContent?) -> JSONValue {
        guard let content else { return .null }
        for offset in 1...7 {
            let d = date.adding(days: offset)
            guard let day = content.day(d.weekday) else { continue }
            return ["day_name": .string(d.dayName), "name": .string(day.name), "kind": .string(day.kind.rawValue),
                    "cardio": (try? day.cardio.map { try JSONValue.encoded($0.cardio) } ?? .null) ?? .null]
        }
        return .null
    }

    static func strength(_ day: StrengthDay, user: User, budget: Int?, library: ExerciseLibrary,
                         into body: inout [String: JSONValue], in db: Connection) throws {
        let profile = try EquipmentStore.active(userID: user.id, activeID: user.activeProfileID, in: db)
        let niggles = try NiggleStore.all(userID: user.id, in: db)
        let fit = Fitting.fit(day.exercises, budget: budget)
        let hasPlates = !(profile?.platesKg.isEmpty ?? true)

        var exercises: [JSONValue] = []
        var tonnage = 0.0
        for (entry, sets) in zip(day.exercises, fit.sets) {
            let kind = library.exercise(entry.slug)?.kind ?? .bb
            var item: [String: JSONValue] = [
                "slug": .string(entry.slug), "name": .string(library.name(for: entry.slug)),
                "kind": .string(kind.rawValue), "sets": .int(sets), "base_sets": .int(entry.sets),
                "reps": .int(entry.reps), "weight": .double(entry.weight), "rest": .int(entry.rest),
                "priority": .int(entry.priority), "dropped": .bool(sets == 0), "note": .string(entry.note),
                "last": try lastContext(user: user, slug: entry.slug, in: db),
            ]
            if kind == .bb, let profile, hasPlates {
                // Nearest plateable loads either side of the target (issue 3: `loadable`).
                item["loadable"] = FittedSnapshot.loadable(
                    kind: kind, weight: entry.weight,
                    plates: FittedSnapshot.Plates(barKg: profile.barKg, platesKg: profile.platesKg))
                item["plate"] = .string(PlateMath.text(weight: entry.weight, barKg: profile.barKg, plates: profile.platesKg))
                if entry.priority == 1 {
                    item["warmups"] = WarmUp.ramp(work: entry.weight, barKg: profile.barKg).map { ramp in
                        .array(ramp.map { ["weight": .double($0.weight), "reps": .int($0.reps)] })
                    } ?? .null
                }
            } else if kind == .db, entry.weight != 0 {
                item["plate"] = .string(PlateMath.dumbbellText(weight: entry.weight))
            }
            exercises.append(.object(item))
            tonnage += Double(sets * entry.reps) * entry.weight
        }
        let muscles = MuscleSummary.of(exercises: zip(day.exercises, fit.sets).map { ($0.slug, $1) }, library: library)
        let cooldown = Cooldown.build(plan: day.cooldown, niggles: niggles, library: library)

        body["name"] = .string(day.name)
        body["focus"] = .strings(day.focus)
        body["muscles"] = ["primary": .strings(muscles.primary), "secondary": .strings(muscles.secondary)]
        body["budget"] = .integerOrNull(budget)
        body["est"] = .int(fit.est)
        body["cd"] = .string(fit.cooldown.rawValue)
        body["trims"] = .strings(fit.trims)
        body["full_est"] = .int(fit.fullEst)
        body["exercises"] = .array(exercises)
        body["cooldown"] = try .encoded(cooldown)
        body["profile"] = profile.map { p in
            ["name": .string(p.name), "bar_kg": .double(p.barKg), "plates_kg": .array(p.platesKg.map(JSONValue.double))]
        } ?? .null
        body["tonnage_est"] = .double(Rounding.round1(tonnage / 1000))
    }

    static func lastContext(user: User, slug: String, in db: Connection) throws -> JSONValue {
        guard let last = try SessionQueries.last(userID: user.id, slug: slug, in: db) else { return .null }
        return ["weight": .double(last.weight), "reps": .array(last.reps.map(JSONValue.int)),
                "rpe": .array(last.rpe.map(JSONValue.int)), "when": .string(last.when.description)]
    }
}
