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
            let found = try TrainingSessions.detail(
                request.parameter("sid") ?? "", userID: caller.id, library: app.exercises, in: app.db)
            return detail(found, user: caller.user)
        }
        router.route(
            .PATCH, "/api/sessions/:sid/notes", "Replace a session's notes", access: .member,
            body: SessionNotesInput.self, answers: OK.self, errors: [404]
        ) { request, principal in
            let notes = try request.decode(SessionNotesInput.self).notes
            try TrainingSessions.setNotes(
                notes, session: request.parameter("sid") ?? "", userID: principal.caller.id, in: app.db)
            return OK()
        }
        router.route(
            .PATCH, "/api/sessions/:sid/favorite", "Star or unstar a session", access: .member,
            body: SessionFavoriteInput.self, answers: FavoriteSet.self, errors: [404]
        ) { request, principal in
            let favorite = try request.decode(SessionFavoriteInput.self).favorite
            try TrainingSessions.setFavorite(
                favorite, session: request.parameter("sid") ?? "", userID: principal.caller.id, in: app.db)
            return FavoriteSet(favorite: favorite)
        }
        router.route(
            .DELETE, "/api/sessions/:sid", "Delete a session and its sets (records stay)", access: .member,
            answers: OK.self, errors: [404]
        ) { request, principal in
            try TrainingSessions.delete(request.parameter("sid") ?? "", userID: principal.caller.id, in: app.db)
            return OK()
        }
    }

    /// `POST /api/sessions` (§4.7) through ``TrainingSessions/start(user:on:planDay:budget:library:now:in:)``.
    /// - Throws: 400 `bad date`, 400 `no strength session planned for this day`.
    static func start(_ app: ForgeApp, input: StartSessionInput, caller: Caller) throws -> SessionStarted {
        let date = try DayInput.resolve(input.date, today: app.today)
        let started = try TrainingSessions.start(
            user: caller.user, on: date, planDay: input.planDay, budget: input.budget == 0 ? nil : input.budget,
            library: app.exercises, now: app.clock.now(), in: app.db)
        return SessionStarted(id: started.id, fitted: started.fitted, resumed: started.resumed)
    }

    /// `POST /api/sessions/{sid}/complete` (§4.5) through ``TrainingSessions/complete(_:userID:cooldownStatus:cooldownMin:notes:today:now:in:)``:
    /// 409 for a session that is not active, nothing written.
    static func complete(
        _ app: ForgeApp, request: Request, input: CompleteSessionInput, caller: Caller
    ) throws -> SessionCompleted {
        let cooldownStatus = input.cooldownStatus ?? "skipped"
        let stats = try TrainingSessions.complete(
            request.parameter("sid") ?? "", userID: caller.id, cooldownStatus: cooldownStatus,
            cooldownMin: input.cooldownMin ?? 5, notes: input.notes, today: app.today, now: app.clock.now(),
            in: app.db)
        return SessionCompleted(stats: stats, cooldownStatus: cooldownStatus)
    }

    /// The detail document: sets grouped by performed slug, groups in order
    /// of first logged set, sets in logging order, `substituted_for` from the
    /// group's first set; a cardio session's stored traces as `series` and
    /// its five-zone breakdown (§4.12) as `zones`.
    static func detail(_ found: TrainingSessions.Detail, user: User) -> SessionDetail {
        let (s, library) = (found.session, found.library)
        var order: [String] = []
        var groups: [String: (view: SessionExerciseView, sets: [LoggedSet])] = [:]
        for set in found.sets {
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
        if s.kind == "cardio", let trace = found.trace, !trace.isEmpty {
            detail.series = trace.series
            detail.zones = FiveZones.of(trace, prefsHRMax: user.prefs["hr_max"]?.doubleValue)?.json
        }
        return detail
    }
}
