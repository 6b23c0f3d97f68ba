import ForgeCore
import ForgeHTTP
import ForgeStore
import ForgeTrain
import Foundation

/// Logging and correcting sets (API.md §3.3, §4.4).
///
/// Logging is idempotent (DESIGN.md quirk 2): a `client_id` in the body, or
/// else an `Idempotency-Key` header, names the set; a retry with the same key
/// returns the first response and inserts nothing.
enum SetRoutes {
    /// Longest accepted idempotency key.
    static let maxKeyLength = 100

    static func register(_ app: ForgeApp, on router: inout APIRouter) {
        router.post("/api/sessions/:sid/sets", summary: "Log a set (idempotent by client_id or Idempotency-Key)",
                    tags: ["auth": "session"], app.signedIn { request, caller in
            .json(try log(app, request: request, caller: caller))
        })
        router.patch("/api/sessions/:sid/sets", summary: "Correct a logged set; records may rise, never fall",
                     tags: ["auth": "session"], app.signedIn { request, caller in
            .json(try correct(app, request: request, caller: caller))
        })
    }

    struct SetInput {
        let slug: String
        let setNo: Int
        let weight: Double
        let reps: Int
        let rpe: Int?

        init(_ body: JSONBody) throws {
            slug = try body.string("slug").trimmingCharacters(in: .whitespacesAndNewlines)
            guard !slug.isEmpty else { throw body.invalid("slug", "slug required") }
            setNo = try body.int("set_no")
            reps = try body.int("reps")
            weight = try body.optionalDouble("weight") ?? 0
            rpe = try body.optionalInt("rpe")
            guard weight.isFinite, weight >= 0 else { throw body.invalid("weight", "weight must be 0 or more (kg)") }
            guard reps >= 0 else { throw body.invalid("reps", "reps must be 0 or more") }
            guard setNo >= 0 else { throw body.invalid("set_no", "set_no must be 0 or more") }
            if let rpe, !(0...10).contains(rpe) { throw body.invalid("rpe", "rpe must be 0…10") }
        }
    }

    /// The idempotency key: body `client_id`, else the `Idempotency-Key` header; nil when blank.
    static func key(_ body: JSONBody, _ request: Request) throws -> String? {
        let raw = try body.optionalString("client_id") ?? request.headers["Idempotency-Key"]
        guard let key = raw?.trimmingCharacters(in: .whitespaces), !key.isEmpty else { return nil }
        guard key.count <= maxKeyLength else {
            throw body.invalid("client_id", "client_id must be at most \(maxKeyLength) characters")
        }
        return key
    }

    static func log(_ app: ForgeApp, request: Request, caller: Caller) throws -> JSONValue {
        let body = JSONBody(object: try request.jsonObject())
        let input = try SetInput(body)
        let sub = try body.optionalString("substituted_for").flatMap { $0.isEmpty ? nil : $0 }
        let clientID = try key(body, request)
        let now = app.clock.now()
        return try app.db.write { db in
            let s = try SessionRoutes.owned(request, caller, in: db)
            if let clientID, let prior = try SetStore.prior(userID: caller.id, clientID: clientID, in: db) {
                guard prior.sessionID == s.id else { throw HTTPError(409, "client_id already used for another session") }
                return prior.result ?? ["ok": true, "pbs": []]
            }
            guard s.status == "active" else { throw HTTPError(409, "session is not active") }
            let set = LoggedSet(slug: input.slug, substitutedFor: sub, setNo: input.setNo, weight: input.weight,
                                reps: input.reps, rpe: input.rpe, ts: Instant.storage(now))
            let setID = try SetStore.insert(sessionID: s.id, userID: caller.id, set: set, clientID: clientID, in: db)
            let result = try records(set: set, session: s, caller: caller, now: now, in: db)
            if clientID != nil { try SetStore.storeResult(setID, result: result, in: db) }
            return result
        }
    }

    static func correct(_ app: ForgeApp, request: Request, caller: Caller) throws -> JSONValue {
        let input = try SetInput(JSONBody(object: try request.jsonObject()))
        let now = app.clock.now()
        return try app.db.write { db in
            let s = try SessionRoutes.owned(request, caller, in: db)
            guard try SetStore.correct(sessionID: s.id, slug: input.slug, setNo: input.setNo, weight: input.weight,
                                       reps: input.reps, rpe: input.rpe, in: db) else {
                throw HTTPError(404, "set not found")
            }
            let set = LoggedSet(slug: input.slug, substitutedFor: nil, setNo: input.setNo, weight: input.weight,
                                reps: input.reps, rpe: input.rpe, ts: Instant.storage(now))
            let result = try records(set: set, session: s, caller: caller, now: now, in: db)
            if s.status == "completed" {
                let sets = try TrainingSessionStore.sets(s.id, in: db)
                var stats = s.stats.objectValue ?? [:]
                stats["tonnage"] = .double(CompletionStats.tonnage(sets))
                stats["avg_rpe"] = .numberOrNull(CompletionStats.averageRPE(sets))
                try TrainingSessionStore.setStats(s.id, stats: .object(stats), in: db)
            }
            return result
        }
    }

    /// Record detection for one set (§4.4) → `{ok: true, pbs: Pb[]}`, the
    /// PB `detail` in the member's load unit for the slug.
    static func records(set: LoggedSet, session: StoredSession, caller: Caller, now: Date,
                        in db: Connection) throws -> JSONValue {
        let pbs = try RecordStore.apply(RecordCandidate.of(weight: set.weight, reps: set.reps), userID: caller.id,
                                        slug: set.slug, day: session.day, sessionID: session.id, now: now, in: db)
        let unit = LoadUnit.preferred(prefs: caller.user.prefs, slug: set.slug)
        let list: [JSONValue] = pbs.map { pb in
            ["kind": .string(pb.kind.rawValue), "slug": .string(set.slug), "value": .double(pb.value),
             "detail": .string(RecordDetail.text(weightKg: pb.weight, reps: pb.reps, unit: unit))]
        }
        return ["ok": true, "pbs": .array(list)]
    }
}
