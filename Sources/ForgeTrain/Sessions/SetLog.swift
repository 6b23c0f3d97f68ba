import ForgeCore
import ForgeHousehold
import ForgeStore
import Foundation

/// A personal record set by a logged set (docs/contract.md §3.3 `Pb`): `e1rm` or
/// `best_set`, its value in kg and a sentence in the member's load unit.
package struct PersonalBest: Codable, Sendable, Equatable {
    package var kind: String
    package var slug: String
    /// kg: the e1RM or the set's load.
    package var value: Double
    /// `"162.5 lb × 5"`, in the member's load unit for the slug (docs/contract.md §6.12).
    package var detail: String

    package init(kind: String, slug: String, value: Double, detail: String) {
        self.kind = kind
        self.slug = slug
        self.value = value
        self.detail = detail
    }
}

/// `{ok, pbs}`: the outcome of logging or correcting a set, and what a retry
/// under the same idempotency key replays.
package struct SetLogged: Codable, Sendable, Equatable {
    package var ok = true
    package var pbs: [PersonalBest]
    /// True when the set was already logged (issue 38: a replayed POST whatever its `client_id`): nothing
    /// was written. Absent otherwise (an addition existing clients ignore).
    package var duplicate: Bool?

    package init(pbs: [PersonalBest], duplicate: Bool? = nil) {
        self.pbs = pbs
        self.duplicate = duplicate
    }
}

/// What can stop a session operation, in the session's terms.
package enum SessionError: Error, Sendable, Equatable {
    /// No session with that id belongs to the member.
    case notFound
    /// The session is completed (or otherwise not active): nothing was written.
    case notActive
    /// The plan has no strength session on that day (or that plan day) to start.
    case nothingPlanned
}

/// What can stop logging or correcting a set, besides ``SessionError``.
package enum SetLogError: Error, Sendable, Equatable {
    /// The idempotency key was first used for a set of another session.
    case clientIDUsedForAnotherSession
    /// A correction found no set with that (slug, set number) in the session.
    case setNotFound
}

/// Logging and correcting sets: the rules that make a set a set
/// (docs/contract.md §3.3, §4.4, §6.2). Each operation is one write
/// transaction: the set, its records and the session's stats commit together
/// or not at all.
package enum SetLog {
    /// Longest accepted idempotency key, characters.
    package static let maxKeyLength = 100

    /// The member's session `id`, or ``SessionError/notFound``.
    package static func session(_ id: String, userID: String, in db: Connection) throws -> StoredSession {
        guard let s = try TrainingSessionStore.find(id, userID: userID, in: db) else { throw SessionError.notFound }
        return s
    }

    /// Logs `set` in the member's active session `sessionID` and runs record
    /// detection (§4.4). Idempotent (docs/contract.md §6.2): a retry under the same
    /// `clientID` inserts nothing and returns the first outcome; a set with the same
    /// slug, set number, load and reps as one already in the session inserts nothing
    /// and answers `duplicate: true`, whatever its `clientID`.
    /// - Parameters:
    ///   - set: the set, load in kg at full precision; its `ts` is the logging instant.
    ///   - clientID: the idempotency key (≤ ``maxKeyLength``), or nil.
    ///   - now: the instant records are stamped with.
    /// - Throws: ``SessionError/notFound``; ``SessionError/notActive``;
    ///   ``SetLogError/clientIDUsedForAnotherSession``; storage errors.
    package static func log(
        _ set: LoggedSet, clientID: String?, sessionID: String, user: User, now: Date, in database: Database
    ) throws -> SetLogged {
        try database.write { db in
            let s = try session(sessionID, userID: user.id, in: db)
            if let clientID, let prior = try SetStore.prior(userID: user.id, clientID: clientID, in: db) {
                guard prior.sessionID == s.id else { throw SetLogError.clientIDUsedForAnotherSession }
                return prior.result.flatMap { try? WireDecoder.decode(SetLogged.self, from: $0) } ?? SetLogged(pbs: [])
            }
            guard s.status == "active" else { throw SessionError.notActive }
            // The same exercise, set number, load and reps as a set already here is a replay (a phone's queued
            // POST after a move, when the original kept no client_id): nothing is written, no record announced.
            if set.marker == .normal,
                try SetStore.holds(
                    sessionID: s.id, slug: set.slug, setNo: set.setNo, weight: set.weight, reps: set.reps, in: db)
            {
                return SetLogged(pbs: [], duplicate: true)
            }
            let setID = try SetStore.insert(sessionID: s.id, userID: user.id, set: set, clientID: clientID, in: db)
            let result = try records(set: set, session: s, user: user, now: now, in: db)
            if clientID != nil { try SetStore.storeResult(setID, result: try WireEncoder.jsonValue(result), in: db) }
            return result
        }
    }

    /// Overwrites the first set matching (slug, set_no) in the member's
    /// session `sessionID`; records may rise, never fall, and a completed
    /// session's tonnage and average RPE follow.
    /// - Throws: ``SessionError/notFound``; ``SetLogError/setNotFound``; storage errors.
    package static func correct(
        _ set: LoggedSet, sessionID: String, user: User, now: Date, in database: Database
    ) throws -> SetLogged {
        try database.write { db in
            let s = try session(sessionID, userID: user.id, in: db)
            guard
                try SetStore.correct(
                    sessionID: s.id, slug: set.slug, setNo: set.setNo, weight: set.weight,
                    reps: set.reps, rpe: set.rpe, in: db)
            else {
                throw SetLogError.setNotFound
            }
            let result = try records(set: set, session: s, user: user, now: now, in: db)
            if s.status == "completed", case .strength(var stats, _) = SessionStats(s.stats, kind: s.kind) {
                let sets = try TrainingSessionStore.sets(s.id, in: db)
                stats.tonnage = CompletionStats.tonnage(sets)
                stats.avgRpe = CompletionStats.averageRPE(sets)
                try TrainingSessionStore.setStats(s.id, stats: stats.json, in: db)
            }
            return result
        }
    }

    /// Record detection for one set (§4.4), the PB `detail` in the member's
    /// load unit for the slug.
    static func records(
        set: LoggedSet, session: StoredSession, user: User, now: Date, in db: Connection
    ) throws -> SetLogged {
        let pbs = try RecordStore.apply(
            RecordCandidate.of(weight: set.weight, reps: set.reps), userID: user.id,
            slug: set.slug, day: session.day, sessionID: session.id, now: now, in: db)
        let unit = LoadUnit.preferred(prefs: user.prefs, slug: set.slug)
        return SetLogged(
            pbs: pbs.map { pb in
                PersonalBest(
                    kind: pb.kind.rawValue, slug: set.slug, value: pb.value,
                    detail: RecordDetail.text(weightKg: pb.weight, reps: pb.reps, unit: unit))
            })
    }
}
