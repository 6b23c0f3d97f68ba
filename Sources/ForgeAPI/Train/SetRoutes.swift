import ForgeCore
import ForgeHTTP
import ForgeStore
import ForgeTrain
import Foundation

/// Logging and correcting sets (docs/contract.md §3.3, §4.4).
///
/// Logging is idempotent (docs/contract.md §6.2): a `client_id` in the body, or
/// else an `Idempotency-Key` header, names the set; a retry with the same key
/// returns the first response and inserts nothing.
enum SetRoutes {
    /// Longest accepted idempotency key.
    static let maxKeyLength = 100

    static func register(_ app: ForgeApp, on router: inout APIRouter) {
        router.route(
            .POST, "/api/sessions/:sid/sets", "Log a set (idempotent by client_id or Idempotency-Key)",
            access: .member, body: SetInput.self, answers: SetLogged.self, errors: [404, 409]
        ) { request, principal in
            try log(app, request: request, input: request.decode(SetInput.self), caller: principal.caller)
        }
        router.route(
            .PATCH, "/api/sessions/:sid/sets", "Correct a logged set; records may rise, never fall",
            access: .member, body: SetInput.self, answers: SetLogged.self, errors: [404]
        ) { request, principal in
            try correct(app, request: request, input: request.decode(SetInput.self), caller: principal.caller)
        }
    }

    /// The idempotency key: body `client_id`, else the `Idempotency-Key` header; nil when blank.
    /// - Throws: 422 when the header is longer than ``maxKeyLength``.
    static func key(_ input: SetInput, _ request: Request) throws -> String? {
        let raw = input.clientId ?? request.headers["Idempotency-Key"]
        guard let key = raw?.trimmingCharacters(in: .whitespaces), !key.isEmpty else { return nil }
        try Check.length(key, max: maxKeyLength, "client_id")
        return key
    }

    /// `POST /api/sessions/{sid}/sets`: inserts the set and runs record
    /// detection, or answers a retry with the first answer.
    /// - Throws: 404 `session not found`; 409 `session is not active`, or
    ///   `client_id already used for another session`.
    static func log(_ app: ForgeApp, request: Request, input: SetInput, caller: Caller) throws -> SetLogged {
        let sub = input.substitutedFor.flatMap { $0.isEmpty ? nil : $0 }
        let clientID = try key(input, request)
        let now = app.clock.now()
        return try app.db.write { db in
            let s = try SessionRoutes.owned(request, caller, in: db)
            if let clientID, let prior = try SetStore.prior(userID: caller.id, clientID: clientID, in: db) {
                guard prior.sessionID == s.id else {
                    throw HTTPError(409, "client_id already used for another session")
                }
                return prior.result.flatMap { try? WireDecoder.decode(SetLogged.self, from: $0) } ?? SetLogged(pbs: [])
            }
            guard s.status == "active" else { throw HTTPError(409, "session is not active") }
            let set = LoggedSet(
                slug: input.trimmedSlug, substitutedFor: sub, setNo: input.setNo, weight: input.weight ?? 0,
                reps: input.reps, rpe: input.rpe, ts: Instant.storage(now))
            let setID = try SetStore.insert(sessionID: s.id, userID: caller.id, set: set, clientID: clientID, in: db)
            let result = try records(set: set, session: s, caller: caller, now: now, in: db)
            if clientID != nil { try SetStore.storeResult(setID, result: try WireEncoder.jsonValue(result), in: db) }
            return result
        }
    }

    /// `PATCH /api/sessions/{sid}/sets`: overwrites the first set matching
    /// (slug, set_no); a completed session's tonnage and average RPE follow.
    /// - Throws: 404 `session not found` or `set not found`.
    static func correct(_ app: ForgeApp, request: Request, input: SetInput, caller: Caller) throws -> SetLogged {
        let now = app.clock.now()
        let weight = input.weight ?? 0
        return try app.db.write { db in
            let s = try SessionRoutes.owned(request, caller, in: db)
            guard
                try SetStore.correct(
                    sessionID: s.id, slug: input.trimmedSlug, setNo: input.setNo, weight: weight,
                    reps: input.reps, rpe: input.rpe, in: db)
            else {
                throw HTTPError(404, "set not found")
            }
            let set = LoggedSet(
                slug: input.trimmedSlug, substitutedFor: nil, setNo: input.setNo, weight: weight,
                reps: input.reps, rpe: input.rpe, ts: Instant.storage(now))
            let result = try records(set: set, session: s, caller: caller, now: now, in: db)
            if s.status == "completed", case .strength(var stats, _) = SessionStats(s.stats, kind: s.kind) {
                let sets = try TrainingSessionStore.sets(s.id, in: db)
                stats.tonnage = CompletionStats.tonnage(sets)
                stats.avgRpe = CompletionStats.averageRPE(sets)
                try TrainingSessionStore.setStats(s.id, stats: stats.json, in: db)
            }
            return result
        }
    }

    /// Record detection for one set (§4.4) → `{ok: true, pbs: Pb[]}`, the
    /// PB `detail` in the member's load unit for the slug.
    static func records(
        set: LoggedSet, session: StoredSession, caller: Caller, now: Date,
        in db: Connection
    ) throws -> SetLogged {
        let pbs = try RecordStore.apply(
            RecordCandidate.of(weight: set.weight, reps: set.reps), userID: caller.id,
            slug: set.slug, day: session.day, sessionID: session.id, now: now, in: db)
        let unit = LoadUnit.preferred(prefs: caller.user.prefs, slug: set.slug)
        return SetLogged(
            pbs: pbs.map { pb in
                PersonalBest(
                    kind: pb.kind.rawValue, slug: set.slug, value: pb.value,
                    detail: RecordDetail.text(weightKg: pb.weight, reps: pb.reps, unit: unit))
            })
    }
}
