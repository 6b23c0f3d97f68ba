import ForgeCore
import ForgeHousehold
import ForgeStore
import Foundation

/// A member's training sessions as the app uses them (docs/contract.md §3.3,
/// §4.5-§4.7; issue 42): start or resume the day's strength session, complete
/// it, read it, and change its notes, star or existence. Each call is one
/// transaction; sets are ``SetLog``'s. Another member's session is never found.
package enum TrainingSessions {
    /// A started or resumed session: its id, the fitted snapshot as answered (each target with the
    /// member's `last` context), and whether an active session was resumed.
    package typealias Started = (id: String, fitted: StrengthFitted, resumed: Bool)

    /// A session with its sets in logging order, for a cardio session its stored trace, and the
    /// exercise library its slugs are named from (all read in one transaction).
    package typealias Detail = (
        session: StoredSession, sets: [LoggedSet], trace: CardioTrace?, library: ExerciseLibrary
    )

    /// Starts or resumes `user`'s strength session on `date` (§4.7): the date's active strength
    /// session is resumed (re-fitted when `budget` changed and the plan's exercises still match);
    /// else the plan entry `planDay` ("0"…"6") or the date's weekday is fitted and started.
    /// - Parameters:
    ///   - budget: minutes available, or nil for none.
    ///   - library: the exercise library (cached per database generation).
    ///   - now: forged's clock's time, the session's `started_at`.
    /// - Throws: ``SessionError/nothingPlanned`` when the plan has no strength session that day; storage errors.
    package static func start(
        user: User, on date: LocalDate, planDay: String?, budget: Int?, library: LibraryCache, now: Date,
        in database: Database
    ) throws -> Started {
        try database.write { db in
            let exercises = try library.library(in: db)
            let content = try PlanStore.active(userID: user.id, in: db)?.content
            let entry: PlanDay? =
                planDay.map { key in Int(key).flatMap { content?.day($0) } } ?? content?.day(date.weekday)
            let kit = try EquipmentStore.active(userID: user.id, activeID: user.activeProfileID, in: db)?.kit
            if let active = try TrainingSessionStore.activeStrength(userID: user.id, on: date, in: db) {
                var fitted = try WireDecoder.decode(StrengthFitted.self, from: active.fitted)
                if budget != active.budget, case .strength(let day)? = entry,
                    Set(day.exercises.map(\.slug)) == fitted.targetSlugs
                {
                    fitted = FittedSnapshot.refit(
                        fitted, day: day, budget: budget, logged: try TrainingSessionStore.sets(active.id, in: db),
                        library: exercises, kit: kit)
                    try TrainingSessionStore.refit(active.id, fitted: fitted.json, budget: budget, in: db)
                }
                return (active.id, try withLast(fitted, userID: user.id, in: db), true)
            }
            guard case .strength(let day)? = entry else { throw SessionError.nothingPlanned }
            let cooldown = Cooldown.build(
                plan: day.cooldown, niggles: try NiggleStore.all(userID: user.id, in: db), library: exercises)
            let fitted = FittedSnapshot.make(
                day: day, budget: budget, cooldown: cooldown, library: exercises, kit: kit)
            let id = try TrainingSessionStore.create(
                userID: user.id, day: date, name: fitted.name, budget: budget, fitted: fitted.json, now: now, in: db)
            return (id, try withLast(fitted, userID: user.id, in: db), false)
        }
    }

    /// The fitted snapshot as answered: each target gains the member's `last` context (their own
    /// completed sessions, dated by trained day), read now and not stored.
    static func withLast(_ fitted: StrengthFitted, userID: String, in db: Connection) throws -> StrengthFitted {
        var answered = fitted
        for i in answered.targets.indices {
            answered.targets[i].last = .some(
                try SessionQueries.last(userID: userID, slug: answered.targets[i].entry.slug, in: db))
        }
        return answered
    }

    /// Completes the member's active session `id` (§4.5) and writes its stats. Only an active
    /// session completes (§6.3): anything else changes nothing, so ingested stats are never wiped.
    /// - Parameters:
    ///   - cooldownStatus: `done`, `partial` or `skipped`, as the member said.
    ///   - cooldownMin: minutes of cool-down, stored in the fitted snapshot.
    ///   - notes: replaces the notes when given (trimmed); nil keeps them.
    ///   - today: the household's today, for the end of a session on an earlier day.
    ///   - now: forged's clock's time.
    /// - Returns: the stats written.
    /// - Throws: ``SessionError/notFound``, ``SessionError/notActive``; storage errors.
    package static func complete(
        _ id: String, userID: String, cooldownStatus: String, cooldownMin: Int, notes: String?, today: LocalDate,
        now: Date, in database: Database
    ) throws -> StrengthStats {
        let notes = notes?.trimmingCharacters(in: .whitespacesAndNewlines)
        return try database.write { db in
            let s = try SetLog.session(id, userID: userID, in: db)
            guard s.status == "active" else { throw SessionError.notActive }
            let sets = try TrainingSessionStore.sets(s.id, in: db)
            let start = Instant.parse(s.startedAt) ?? now
            let end = CompletionStats.end(day: s.day, today: today, now: now, sets: sets)
            let planned = FittedDocument(s.fitted).strengthFitted?.plannedSets ?? 0
            let stats = CompletionStats.stats(sets: sets, setsPlanned: planned, start: start, end: end)
            var fitted = s.fitted.objectValue ?? [:]
            fitted["cooldown_min"] = .int(cooldownMin)
            try TrainingSessionStore.complete(
                s.id, stats: stats.json, fitted: .object(fitted), cooldownStatus: cooldownStatus, notes: notes,
                now: now, in: db)
            return stats
        }
    }

    /// The member's session `id` with its sets, for cardio its trace, and the library.
    /// - Throws: ``SessionError/notFound``; storage errors.
    package static func detail(_ id: String, userID: String, library: LibraryCache, in database: Database) throws
        -> Detail
    {
        try database.read { db in
            let s = try SetLog.session(id, userID: userID, in: db)
            let trace = s.kind == "cardio" ? try CardioStore.trace(sessionID: s.id, userID: userID, in: db) : nil
            return (s, try TrainingSessionStore.sets(s.id, in: db), trace, try library.library(in: db))
        }
    }

    /// Replaces the notes of the member's session `id` (trimmed).
    /// - Throws: ``SessionError/notFound``; storage errors.
    package static func setNotes(_ notes: String, session id: String, userID: String, in database: Database) throws {
        try database.write { db in
            let s = try SetLog.session(id, userID: userID, in: db)
            try TrainingSessionStore.setNotes(
                s.id, userID: userID, notes: notes.trimmingCharacters(in: .whitespacesAndNewlines), in: db)
        }
    }

    /// Stars (`favorite` true) or unstars the member's session `id`.
    /// - Throws: ``SessionError/notFound``; storage errors.
    package static func setFavorite(_ favorite: Bool, session id: String, userID: String, in database: Database) throws
    {
        try database.write { db in
            let s = try SetLog.session(id, userID: userID, in: db)
            try TrainingSessionStore.setFavorite(s.id, userID: userID, favorite: favorite, in: db)
        }
    }

    /// Deletes the member's session `id` and its sets; records stay.
    /// - Throws: ``SessionError/notFound``; storage errors.
    package static func delete(_ id: String, userID: String, in database: Database) throws {
        try database.write { db in
            let s = try SetLog.session(id, userID: userID, in: db)
            try TrainingSessionStore.delete(s.id, userID: userID, in: db)
        }
    }
}
