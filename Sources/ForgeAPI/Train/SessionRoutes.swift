import ForgeCore
import ForgeHTTP
import ForgeStore
import ForgeTrain
import Foundation

/// Sessions (API.md §3.3, §4.5–§4.7): start or resume, complete, detail,
/// notes, favourite, delete. Sets live in ``SetRoutes``.
enum SessionRoutes {
    static func register(_ app: ForgeApp, on router: inout APIRouter) {
        router.post("/api/sessions", summary: "Start (or resume) a strength session on a date",
                    tags: ["auth": "session"], app.signedIn { request, caller in
            .json(try start(app, request: request, caller: caller))
        })
        router.post("/api/sessions/:sid/complete", summary: "Complete an active session and write its stats",
                    tags: ["auth": "session"], app.signedIn { request, caller in
            .json(try complete(app, request: request, caller: caller))
        })
        router.get("/api/sessions/:sid", summary: "One session with its sets grouped by exercise",
                   tags: ["auth": "session"], app.signedIn { request, caller in
            let sid = request.parameter("sid") ?? ""
            return .json(try app.db.read { db in
                guard let s = try TrainingSessionStore.find(sid, userID: caller.id, in: db) else {
                    throw HTTPError(404, "session not found")
                }
                return try CardioDetail.adding(to: detail(s, library: app.exercises.library(in: db), in: db),
                                               session: s, user: caller.user, in: db)
            })
        })
        router.patch("/api/sessions/:sid/notes", summary: "Replace a session's notes",
                     tags: ["auth": "session"], app.signedIn { request, caller in
            let notes = try JSONBody(object: request.jsonObject()).string("notes").trimmingCharacters(in: .whitespacesAndNewlines)
            try app.db.write { db in
                _ = try owned(request, caller, in: db)
                try TrainingSessionStore.setNotes(request.parameter("sid") ?? "", userID: caller.id, notes: notes, in: db)
            }
            return .json(JSONValue.object(["ok": true]))
        })
        router.patch("/api/sessions/:sid/favorite", summary: "Star or unstar a session",
                     tags: ["auth": "session"], app.signedIn { request, caller in
            let favorite = try JSONBody(object: request.jsonObject()).bool("favorite")
            try app.db.write { db in
                _ = try owned(request, caller, in: db)
                try TrainingSessionStore.setFavorite(request.parameter("sid") ?? "", userID: caller.id, favorite: favorite, in: db)
            }
            return .json(["ok": true, "favorite": .bool(favorite)])
        })
        router.delete("/api/sessions/:sid", summary: "Delete a session and its sets (records stay)",
                      tags: ["auth": "session"], app.signedIn { request, caller in
            try app.db.write { db in
                let s = try owned(request, caller, in: db)
                try TrainingSessionStore.delete(s.id, userID: caller.id, in: db)
            }
            return .json(JSONValue.object(["ok": true]))
        })
    }

    /// The caller's session named by `:sid`; 404 `session not found` otherwise.
    static func owned(_ request: Request, _ caller: Caller, in db: Connection) throws -> StoredSession {
        guard let s = try TrainingSessionStore.find(request.parameter("sid") ?? "", userID: caller.id, in: db) else {
            throw HTTPError(404, "session not found")
        }
        return s
    }

    /// The bar and plates of the user's active profile, for `loadable`.
    static func plates(_ user: User, in db: Connection) throws -> FittedSnapshot.Plates? {
        guard let p = try EquipmentStore.active(userID: user.id, activeID: user.activeProfileID, in: db),
              !p.platesKg.isEmpty else { return nil }
        return FittedSnapshot.Plates(barKg: p.barKg, platesKg: p.platesKg)
    }

    /// `POST /api/sessions` (§4.7): resume the date's active strength session
    /// (re-fitted when the budget changed and the plan's slugs still match),
    /// else start the plan entry (`plan_day` or the date's weekday).
    static func start(_ app: ForgeApp, request: Request, caller: Caller) throws -> JSONValue {
        let body = JSONBody(object: try request.optionalJSONObject())
        let today = app.today
        var date = today
        if let text = try body.optionalString("date"), !text.isEmpty {
            guard let d = LocalDate(text) else { throw HTTPError(400, "bad date") }
            date = d
        }
        let rawBudget = try body.optionalInt("budget")
        let budget = rawBudget == 0 ? nil : rawBudget
        let planDay = try body.optionalString("plan_day")
        let now = app.clock.now()
        return try app.db.write { db in
            let library = try app.exercises.library(in: db)
            let content = try PlanStore.active(userID: caller.id, in: db)?.content
            let entry: PlanDay? = planDay.map { key in
                key.count == 1 ? Int(key).flatMap { content?.day($0) } : nil
            } ?? content?.day(date.weekday)
            if let active = try TrainingSessionStore.activeStrength(userID: caller.id, on: date, in: db) {
                var fitted = active.fitted
                if budget != active.budget, case .strength(let day)? = entry,
                   Set(day.exercises.map(\.slug)) == FittedSnapshot.targetSlugs(active.fitted) {
                    fitted = try FittedSnapshot.refit(active.fitted, day: day, budget: budget,
                                                      logged: try TrainingSessionStore.sets(active.id, in: db),
                                                      library: library, plates: try plates(caller.user, in: db))
                    try TrainingSessionStore.refit(active.id, fitted: fitted, budget: budget, in: db)
                }
                return ["id": .string(active.id), "fitted": try withLast(fitted, caller.user, in: db), "resumed": true]
            }
            guard case .strength(let day)? = entry else { throw HTTPError(400, "no strength session planned for this day") }
            let cooldown = Cooldown.build(plan: day.cooldown, niggles: try NiggleStore.all(userID: caller.id, in: db),
                                          library: library)
            let fitted = try FittedSnapshot.make(day: day, budget: budget, cooldown: cooldown, library: library,
                                                 plates: try plates(caller.user, in: db))
            let id = try TrainingSessionStore.create(userID: caller.id, day: date, name: day.name.isEmpty ? "Session" : day.name,
                                             budget: budget, fitted: fitted, now: now, in: db)
            return ["id": .string(id), "fitted": try withLast(fitted, caller.user, in: db), "resumed": false]
        }
    }

    /// The fitted snapshot as answered: each target gains the member's `last`
    /// context (their own completed sessions, dated by trained day), read
    /// now and not stored.
    static func withLast(_ fitted: JSONValue, _ user: User, in db: Connection) throws -> JSONValue {
        guard case .object(var object) = fitted, let targets = object["targets"]?.arrayValue else { return fitted }
        object["targets"] = .array(try targets.map { t in
            guard case .object(var o) = t, let slug = o["slug"]?.stringValue else { return t }
            o["last"] = try TodayRoutes.lastContext(user: user, slug: slug, in: db)
            return .object(o)
        })
        return .object(object)
    }

    /// `POST /api/sessions/{sid}/complete` (§4.5). Only an active session can
    /// be completed (DESIGN.md quirk 3): anything else is 409 and nothing is
    /// written, so ingested stats are never wiped. Notes are replaced only
    /// when the body carries `notes`.
    static func complete(_ app: ForgeApp, request: Request, caller: Caller) throws -> JSONValue {
        let body = JSONBody(object: try request.optionalJSONObject())
        let cooldownStatus = try body.optionalString("cooldown_status") ?? "skipped"
        let cooldownMin = try body.optionalInt("cooldown_min") ?? 5
        let notes = try body.optionalString("notes")?.trimmingCharacters(in: .whitespacesAndNewlines)
        let now = app.clock.now(), today = app.today
        return try app.db.write { db in
            let s = try owned(request, caller, in: db)
            guard s.status == "active" else { throw HTTPError(409, "session is not active") }
            let sets = try TrainingSessionStore.sets(s.id, in: db)
            let start = Instant.parse(s.startedAt) ?? now
            let end = CompletionStats.end(day: s.day, today: today, now: now, sets: sets)
            let stats = CompletionStats.stats(sets: sets, setsPlanned: FittedSnapshot.plannedSets(s.fitted), start: start, end: end)
            var fitted = s.fitted.objectValue ?? [:]
            fitted["cooldown_min"] = .int(cooldownMin)
            try TrainingSessionStore.complete(s.id, stats: stats, fitted: .object(fitted), cooldownStatus: cooldownStatus,
                                      notes: notes, now: now, in: db)
            return ["ok": true, "stats": stats, "cooldown_status": .string(cooldownStatus)]
        }
    }

    /// The detail document: sets grouped by performed slug, groups in order
    /// of first logged set, sets in logging order, `substituted_for` from the
    /// group's first set.
    static func detail(_ s: StoredSession, library: ExerciseLibrary, in db: Connection) throws -> JSONValue {
        var order: [String] = []
        var groups: [String: (sub: String?, sets: [JSONValue])] = [:]
        for set in try TrainingSessionStore.sets(s.id, in: db) {
            if groups[set.slug] == nil { order.append(set.slug); groups[set.slug] = (set.substitutedFor, []) }
            groups[set.slug]?.sets.append(["set_no": .int(set.setNo), "weight": .double(set.weight),
                                           "reps": .int(set.reps), "rpe": .integerOrNull(set.rpe)])
        }
        let exercises: [JSONValue] = order.map { slug in
            ["slug": .string(slug), "name": .string(library.name(for: slug)),
             "substituted_for": .stringOrNull(groups[slug]?.sub), "sets": .array(groups[slug]?.sets ?? [])]
        }
        return ["id": .string(s.id), "day": .string(s.day.description), "name": .string(s.name), "kind": .string(s.kind),
                "status": .string(s.status), "stats": s.stats, "notes": .string(s.notes),
                "cooldown_status": .string(s.cooldownStatus), "fitted": s.fitted, "favorite": .bool(s.favorite),
                "exercises": .array(exercises)]
    }
}
