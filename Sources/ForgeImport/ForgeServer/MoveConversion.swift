import ForgeCook
import ForgeCore
import ForgeTrain
import Foundation

/// What the pure part of carrying one source row gives: the value forged
/// writes, or why the row is skipped. Membership (is its member, its session
/// carried?) is the writer's to check, before it looks at this: those checks
/// come first, as a row's first reason is the one listed.
enum Converted<Value: Sendable>: Sendable {
    case value(Value)
    /// Skipped with a reason of the report (`out_of_bounds`) and its detail.
    case skip(reason: String, detail: String)
    /// A value that does not read: a ``SourceValueError`` (listed `unreadable_value`), or
    /// any other error, which ends the move as it did when the writer read the row.
    case unreadable(any Error)

    /// Runs `body`, an error it throws becoming ``unreadable(_:)``.
    static func reading(_ body: () throws -> Converted) -> Converted {
        do { return try body() } catch { return .unreadable(error) }
    }
}

/// The rows of the original's large tables (body metrics, sessions, their
/// traces, sets, the meal log) read and checked against forged's bounds
/// without a database: pure functions of the row, so they run on a second
/// core while the move writes (``ConvertedRows``). `now` stands in for a
/// missing creation time, as everywhere in the move.
enum MoveConversion {
    /// The tables converted ahead, in the order the move writes them, each with its conversion
    /// (`now` stands in for a missing creation time).
    static let converters: [(table: String, convert: @Sendable (SourceRow, Date) -> ConvertedRow)] = [
        ("metrics", { row, _ in .metric(metric(row)) }),
        ("workout_sessions", { row, _ in .session(session(row)) }),
        ("workout_series", { row, _ in .trace(trace(row)) }),
        ("logged_sets", { row, _ in .set(set(row)) }),
        ("meal_log", { row, now in .meal(meal(row, now: now)) }),
    ]

    /// A body metric: its value, a time within 1900-2100 and a value within
    /// forged's bounds for its type (`IngestPlausibility`).
    static func metric(_ row: SourceRow) -> Converted<MetricRow> {
        .reading {
            let type = row.string("type")
            let value = try row.double("value")
            guard let ts = try row.instant("ts"), IngestPlausibility.instant(ts) else {
                return .skip(reason: "out_of_bounds", detail: "no time, or a time outside 1900-2100")
            }
            guard !type.isEmpty, IngestPlausibility.metric(type, value) else {
                return .skip(reason: "out_of_bounds", detail: "\(type) \(value) is outside forged's bounds")
            }
            return .value(
                MetricRow(
                    id: row.string("id"), userID: row.string("user_id"), type: type, value: value,
                    unit: row.string("unit"), ts: ts, source: row.string("source", "hae")))
        }
    }

    /// A workout session: a kind and status forged keeps, a day and a start
    /// time, and stats that are possible (``statsProblem(_:)``).
    static func session(_ row: SourceRow) -> Converted<SessionRow> {
        .reading {
            let kind = row.string("kind", "strength")
            let status = row.string("status", "active")
            guard kind == "strength" || kind == "cardio", ["active", "completed", "unplanned"].contains(status) else {
                return .skip(reason: "out_of_bounds", detail: "kind \(kind), status \(status)")
            }
            guard let day = try row.date("day"), let started = try row.instant("started_at"),
                IngestPlausibility.instant(started)
            else {
                return .skip(reason: "out_of_bounds", detail: "no day or start time forged accepts")
            }
            let stats = try row.json("stats", "{}")
            if let problem = statsProblem(stats) { return .skip(reason: "out_of_bounds", detail: problem) }
            var session = SessionRow(
                id: row.string("id"), userID: row.string("user_id"), day: day, startedAt: started)
            session.name = row.string("name")
            session.kind = kind
            session.status = status
            session.completedAt = try row.instant("completed_at")
            session.timeBudgetMin = try row.optionalInt("time_budget_min")
            session.fitted = try row.json("fitted", "{}")
            session.stats = stats
            session.notes = row.string("notes")
            session.cooldownStatus = row.string("cooldown_status")
            session.favorite = row.bool("favorite")
            return .value(session)
        }
    }

    /// A session's heart rate and route (``SeriesData``).
    static func trace(_ row: SourceRow) -> Converted<CardioTrace> {
        .reading {
            // The original's own shape parses once; anything else is checked to be JSON first.
            let series = try SeriesData(pairs: row.text("data") ?? "{}") ?? SeriesData(json: row.json("data", "{}"))
            return .value(
                CardioTrace(
                    hr: series.hr.map { HRSample(t: $0.0, bpm: $0.1) },
                    route: series.route.map { RoutePoint(lat: $0.0, lon: $0.1) }))
        }
    }

    /// A logged set: load and reps within forged's set bounds and a time; an
    /// RPE outside 0…10 is dropped.
    static func set(_ row: SourceRow) -> Converted<SetRow> {
        .reading {
            let weight = try row.double("weight")
            let reps = try row.int("reps")
            let rpe = try row.optionalInt("rpe")
            guard (0...LiftHistoryWriter.maxLoadKg).contains(weight),
                (0...Int(LiftHistoryWriter.maxReps)).contains(reps)
            else {
                return .skip(reason: "out_of_bounds", detail: "\(weight) kg × \(reps) is outside forged's set bounds")
            }
            guard let ts = try row.instant("ts") else { return .skip(reason: "out_of_bounds", detail: "no time") }
            return .value(
                (
                    id: row.string("id"), sessionID: row.string("session_id"), userID: row.string("user_id"),
                    set: ImportedSet(
                        LoggedSet(
                            slug: row.string("exercise_slug"), substitutedFor: row.text("substituted_for"),
                            setNo: try row.int("set_no", 1), weight: weight, reps: reps,
                            rpe: rpe.flatMap { (0...10).contains($0) ? $0 : nil }, ts: Instant.storage(ts)))
                ))
        }
    }

    /// A meal-log row: a day, servings above 0, no negative macro or cost.
    static func meal(_ row: SourceRow, now: Date) -> Converted<MovedMeal> {
        .reading {
            guard let day = try row.date("day") else { return .skip(reason: "out_of_bounds", detail: "no day") }
            var m = MovedMeal(
                id: row.string("id"), userID: row.string("user_id"), day: day, loggedAt: try row.instant("ts") ?? now)
            m.slot = row.string("slot")
            let slug = row.string("recipe_slug")
            m.recipe = slug.isEmpty ? nil : slug
            m.label = row.string("label")
            m.servings = try row.double("servings", 1)
            m.macros = try ForgeServerMove.macros(row)
            guard m.servings > 0, m.macros.values.allSatisfy({ $0 >= 0 }), try row.double("cost") >= 0 else {
                return .skip(
                    reason: "out_of_bounds", detail: "servings \(m.servings), a negative macro or cost")
            }
            m.estimated = try row.int("estimated") != 0
            m.source = row.string("source", "plan")
            m.clientID = row.text("client_id")
            m.venue = row.string("venue")
            m.cost = try row.double("cost")
            m.currency = row.string("currency")
            m.note = row.string("note")
            m.photos = try row.json("photos", "[]")
            return .value(m)
        }
    }

    /// Why a session's stats are impossible (a negative duration or distance), or nil.
    static func statsProblem(_ json: String) -> String? {
        guard let object = try? JSONDecoder().decode([String: JSONValue].self, from: Data(json.utf8)) else {
            return nil
        }
        for key in ["duration_s", "distance_km", "kcal", "avg_hr", "max_hr"] {
            if let v = object[key]?.doubleValue, v < 0 || !v.isFinite {
                return "stats \(key) \(v) is negative"
            }
        }
        if let d = object["duration_s"]?.doubleValue, !IngestPlausibility.durationS.contains(d) {
            return "stats duration_s \(d) is longer than 7 days"
        }
        return nil
    }
}
