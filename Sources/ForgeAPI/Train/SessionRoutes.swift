import ForgeCore
import ForgeHTTP
import ForgeHousehold
import ForgeStore
import ForgeTrain
import Foundation

/// Sessions (docs/contract.md §3.3, §4.5–§4.7): start or resume, complete, detail,
/// notes, favourite, delete. Sets live in ``SetRoutes``.
enum SessionRoutes {
    static func register(_ app: ForgeApp, on router: inout APIRouter) {
        router.route(
            .POST, "/api/sessions", "Start (or resume) a strength session on a date", access: .member,
            body: StartSessionInput.self, bodyOptional: true, answers: SessionStarted.self,
            errors: [400]
        ) { request, principal in
            try start(app, input: request.decodeOptional(StartSessionInput.self), caller: principal.caller)
        }
        router.route(
            .POST, "/api/sessions/:sid/complete", "Complete an active session and write its stats",
            access: .member, body: CompleteSessionInput.self, bodyOptional: true,
            answers: SessionCompleted.self, errors: [404, 409]
        ) { request, principal in
            try complete(
                app, request: request, input: request.decodeOptional(CompleteSessionInput.self),
                caller: principal.caller)
        }
        router.route(
            .GET, "/api/sessions/:sid", "One session with its sets grouped by exercise", access: .member,
            answers: SessionDetail.self, errors: [404]
        ) { request, principal in
            let caller = principal.caller
            return try app.db.read { db in
                let s = try owned(request, caller, in: db)
                return try detail(s, user: caller.user, library: app.exercises.library(in: db), in: db)
            }
        }
        router.route(
            .PATCH, "/api/sessions/:sid/notes", "Replace a session's notes", access: .member,
            body: SessionNotesInput.self, answers: OK.self, errors: [404]
        ) { request, principal in
            let notes = try request.decode(SessionNotesInput.self).notes.trimmingCharacters(in: .whitespacesAndNewlines)
            try app.db.write { db in
                let s = try owned(request, principal.caller, in: db)
                try TrainingSessionStore.setNotes(s.id, userID: principal.caller.id, notes: notes, in: db)
            }
            return OK()
        }
        router.route(
            .PATCH, "/api/sessions/:sid/favorite", "Star or unstar a session", access: .member,
            body: SessionFavoriteInput.self, answers: FavoriteSet.self, errors: [404]
        ) { request, principal in
            let favorite = try request.decode(SessionFavoriteInput.self).favorite
            try app.db.write { db in
                let s = try owned(request, principal.caller, in: db)
                try TrainingSessionStore.setFavorite(s.id, userID: principal.caller.id, favorite: favorite, in: db)
            }
            return FavoriteSet(favorite: favorite)
        }
        router.route(
            .DELETE, "/api/sessions/:sid", "Delete a session and its sets (records stay)", access: .member,
            answers: OK.self, errors: [404]
        ) { request, principal in
            try app.db.write { db in
                let s = try owned(request, principal.caller, in: db)
                try TrainingSessionStore.delete(s.id, userID: principal.caller.id, in: db)
            }
            return OK()
        }
    }

    /// The caller's session named by `:sid`; ``ForgeTrain/SessionError/notFound`` otherwise.
    static func owned(_ request: Request, _ caller: Caller, in db: Connection) throws -> StoredSession {
        try SetLog.session(request.parameter("sid") ?? "", userID: caller.id, in: db)
    }

    /// What the user's active profile can load, for `loadable` and loadable targets.
    static func kit(_ user: User, in db: Connection) throws -> LoadingKit? {
        try EquipmentStore.active(userID: user.id, activeID: user.activeProfileID, in: db)?.kit
    }

    /// `POST /api/sessions` (§4.7): resume the date's active strength session
    /// (re-fitted when the budget changed and the plan's slugs still match),
    /// else start the plan entry (`plan_day` or the date's weekday).
    /// - Throws: 400 `bad date`, 400 `no strength session planned for this day`.
    static func start(_ app: ForgeApp, input: StartSessionInput, caller: Caller) throws -> SessionStarted {
        let date = try DayInput.resolve(input.date, today: app.today)
        let budget = input.budget == 0 ? nil : input.budget
        let now = app.clock.now()
        return try app.db.write { db in
            let library = try app.exercises.library(in: db)
            let content = try PlanStore.active(userID: caller.id, in: db)?.content
            let entry: PlanDay? =
                input.planDay.map { key in Int(key).flatMap { content?.day($0) } }
                ?? content?.day(date.weekday)
            if let active = try TrainingSessionStore.activeStrength(userID: caller.id, on: date, in: db) {
                var fitted = try WireDecoder.decode(StrengthFitted.self, from: active.fitted)
                if budget != active.budget, case .strength(let day)? = entry,
                    Set(day.exercises.map(\.slug)) == fitted.targetSlugs
                {
                    fitted = FittedSnapshot.refit(
                        fitted, day: day, budget: budget,
                        logged: try TrainingSessionStore.sets(active.id, in: db),
                        library: library, kit: try kit(caller.user, in: db))
                    try TrainingSessionStore.refit(active.id, fitted: fitted.json, budget: budget, in: db)
                }
                return SessionStarted(id: active.id, fitted: try withLast(fitted, caller.user, in: db), resumed: true)
            }
            guard case .strength(let day)? = entry else {
                throw HTTPError(400, "no strength session planned for this day")
            }
            let cooldown = Cooldown.build(
                plan: day.cooldown, niggles: try NiggleStore.all(userID: caller.id, in: db),
                library: library)
            let fitted = FittedSnapshot.make(
                day: day, budget: budget, cooldown: cooldown, library: library,
                kit: try kit(caller.user, in: db))
            let id = try TrainingSessionStore.create(
                userID: caller.id, day: date, name: fitted.name,
                budget: budget, fitted: fitted.json, now: now, in: db)
            return SessionStarted(id: id, fitted: try withLast(fitted, caller.user, in: db), resumed: false)
        }
    }

    /// The fitted snapshot as answered: each target gains the member's `last`
    /// context (their own completed sessions, dated by trained day), read
    /// now and not stored.
    static func withLast(_ fitted: StrengthFitted, _ user: User, in db: Connection) throws -> StrengthFitted {
        var answered = fitted
        for i in answered.targets.indices {
            answered.targets[i].last = .some(
                try SessionQueries.last(userID: user.id, slug: answered.targets[i].entry.slug, in: db))
        }
        return answered
    }

    /// `POST /api/sessions/{sid}/complete` (§4.5). Only an active session can
    /// be completed (docs/contract.md §6.3): anything else is 409 and nothing is
    /// written, so ingested stats are never wiped. Notes are replaced only
    /// when the body carries `notes`.
    static func complete(
        _ app: ForgeApp, request: Request, input: CompleteSessionInput,
        caller: Caller
    ) throws -> SessionCompleted {
        let cooldownStatus = input.cooldownStatus ?? "skipped"
        let cooldownMin = input.cooldownMin ?? 5
        let notes = input.notes?.trimmingCharacters(in: .whitespacesAndNewlines)
        let now = app.clock.now()
        let today = app.today
        return try app.db.write { db in
            let s = try owned(request, caller, in: db)
            guard s.status == "active" else { throw SessionError.notActive }
            let sets = try TrainingSessionStore.sets(s.id, in: db)
            let start = Instant.parse(s.startedAt) ?? now
            let end = CompletionStats.end(day: s.day, today: today, now: now, sets: sets)
            let planned = FittedDocument(s.fitted).strengthFitted?.plannedSets ?? 0
            let stats = CompletionStats.stats(sets: sets, setsPlanned: planned, start: start, end: end)
            var fitted = s.fitted.objectValue ?? [:]
            fitted["cooldown_min"] = .int(cooldownMin)
            try TrainingSessionStore.complete(
                s.id, stats: stats.json, fitted: .object(fitted), cooldownStatus: cooldownStatus,
                notes: notes, now: now, in: db)
            return SessionCompleted(stats: stats, cooldownStatus: cooldownStatus)
        }
    }

    /// The detail document: sets grouped by performed slug, groups in order
    /// of first logged set, sets in logging order, `substituted_for` from the
    /// group's first set; a cardio session's stored traces as `series` and
    /// its five-zone breakdown (§4.12) as `zones`.
    static func detail(_ s: StoredSession, user: User, library: ExerciseLibrary, in db: Connection) throws
        -> SessionDetail
    {
        var order: [String] = []
        var groups: [String: (view: SessionExerciseView, sets: [LoggedSet])] = [:]
        for set in try TrainingSessionStore.sets(s.id, in: db) {
            if groups[set.slug] == nil {
                order.append(set.slug)
                groups[set.slug] = (
                    SessionExerciseView(
                        slug: set.slug, name: library.name(for: set.slug), substitutedFor: set.substitutedFor,
                        sets: []), []
                )
            }
            groups[set.slug]?.sets.append(set)
        }
        for slug in order {
            let numbered = SessionSetView.numbered(groups[slug]?.sets ?? [])
            groups[slug]?.view.sets = numbered
        }
        var detail = SessionDetail(
            id: s.id, day: s.day, name: s.name, kind: s.kind, status: s.status,
            stats: SessionStats(s.stats, kind: s.kind), notes: s.notes, cooldownStatus: s.cooldownStatus,
            fitted: FittedDocument(s.fitted), favorite: s.favorite,
            exercises: order.compactMap { groups[$0]?.view })
        if s.kind == "cardio", let trace = try CardioStore.trace(sessionID: s.id, userID: user.id, in: db),
            !trace.isEmpty
        {
            detail.series = trace.series
            detail.zones = FiveZones.of(trace, prefsHRMax: user.prefs["hr_max"]?.doubleValue)?.json
        }
        return detail
    }
}
