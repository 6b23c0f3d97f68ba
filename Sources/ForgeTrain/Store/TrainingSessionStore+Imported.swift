import ForgeCore
import ForgeStore
import Foundation

/// A workout read from another app's history: one completed strength
/// session and its sets, as ``TrainingSessionStore/createImported(_:userID:ids:in:)`` writes it.
package struct ImportedWorkout: Sendable {
    /// The trained day (household zone).
    package var day: LocalDate
    package var name: String
    package var startedAt: Date
    /// Start + the file's duration, or the start when the file gives none (never before the start).
    package var completedAt: Date
    /// The workout's notes.
    package var notes: String
    /// The sets in logging order.
    package var sets: [ImportedSet]

    package init(
        day: LocalDate, name: String, startedAt: Date, completedAt: Date, notes: String, sets: [ImportedSet]
    ) {
        self.day = day
        self.name = name
        self.startedAt = startedAt
        self.completedAt = max(completedAt, startedAt)
        self.notes = notes
        self.sets = sets
    }
}

/// One row of `sessions` as the one insert path writes it (``TrainingSessionStore/insertRow(_:in:)``): an
/// imported workout, a demo day, a session of the original Forge server; its snapshots (`fitted`,
/// `stats`) as JSON text. Values arrive checked.
package struct SessionRow: Sendable {
    package var id: String
    package var userID: String
    /// The trained day, `YYYY-MM-DD`.
    package var day: String
    package var name = ""
    /// `strength` or `cardio`.
    package var kind = "strength"
    /// `active`, `completed` or `unplanned`.
    package var status = "active"
    package var startedAt: Date
    package var completedAt: Date?
    /// Minutes, when the member gave a budget.
    package var timeBudgetMin: Int?
    package var fitted = "{}"
    package var stats = "{}"
    package var notes = ""
    package var cooldownStatus = ""
    package var favorite = false

    package init(id: String, userID: String, day: String, startedAt: Date) {
        self.id = id
        self.userID = userID
        self.day = day
        self.startedAt = startedAt
    }
}

extension TrainingSessionStore {
    /// Stores a session of the original Forge server with its own id (`forged import
    /// forge-server`); its sets follow with ``SetStore/insertRows(_:in:)``. A
    /// completed session is written `active` and completed by
    /// ``completeMovedIn(_:in:)`` once its sets are in, the way a live session ends:
    /// written row by row, the `lift_day_best` triggers (docs/architecture.md) then
    /// compute each day's e1RM once, at completion, instead of once per set (inside
    /// ``bulkLoad(in:_:)`` the triggers are off and the table is rebuilt once
    /// instead). Run inside the move's write transaction: nobody sees the session
    /// before it is complete.
    /// - Returns: true when the session waits for ``completeMovedIn(_:in:)``.
    package static func insertKeepingID(_ s: SessionRow, in db: Connection) throws -> Bool {
        let completesLater = s.status == "completed"
        var row = s
        if completesLater { row.status = "active" }
        try insertRow(row, in: db)
        return completesLater
    }

    /// Stores `s` as it is, with its id: the one statement that inserts sessions of a history
    /// (imports, the move from the original server, the demo's and the bench's).
    /// - Throws: `DatabaseError` (`.constraint` for a member that does not exist or an id already taken).
    package static func insertRow(_ s: SessionRow, in db: Connection) throws {
        try db.execute(
            """
            INSERT INTO sessions (id, user_id, day, name, kind, status, started_at, completed_at, time_budget_min,
                                  fitted, stats, notes, cooldown_status, favorite)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """,
            [
                s.id, s.userID, s.day, s.name, s.kind, s.status, Instant.storage(s.startedAt),
                s.completedAt.map(Instant.storage), s.timeBudgetMin, s.fitted, s.stats, s.notes, s.cooldownStatus,
                s.favorite ? 1 : 0,
            ])
    }

    /// Completes the sessions ``insertKeepingID(_:in:)`` wrote `active` for now, once their sets are in.
    package static func completeMovedIn(_ ids: [String], in db: Connection) throws {
        for id in ids { try db.execute("UPDATE sessions SET status = 'completed' WHERE id = ?", [id]) }
    }
}

extension TrainingSessionStore {
    /// Writes workouts from another app's history as completed strength
    /// sessions with their sets and completion stats
    /// (``CompletionStats/stats(sets:setsPlanned:start:end:)``, nothing
    /// planned; the fitted snapshot is empty). Run inside a write
    /// transaction: nobody sees a session before its sets are in.
    ///
    /// Each session is inserted `completed`, with the stats its sets give
    /// (no trigger runs on a session insert), and the sets go in with the
    /// connection's triggers off (``Connection/withTriggersOff(_:)``): SQLite
    /// runs no trigger program per set, and `lift_day_best`
    /// (docs/architecture.md) is left to the caller, which rebuilds it with
    /// the records once for the lifts it wrote
    /// (``RecordStore/rebuild(userID:slugs:now:dayBests:in:)`` with
    /// `dayBests`), to what the triggers would have left
    /// (docs/performance.md). Foreign keys are checked as always.
    ///
    /// The sessions' and then the sets' ids are the next of `ids` (one run
    /// per import).
    /// - Returns: the session ids, in the order of `workouts`.
    /// - Throws: `DatabaseError`; the caller's transaction keeps nothing of a failed call.
    package static func createImported(
        _ workouts: [ImportedWorkout], userID: String, ids: inout IdentifierRun, in db: Connection
    ) throws -> [String] {
        guard !workouts.isEmpty else { return [] }
        var sessionIDs: [String] = []
        sessionIDs.reserveCapacity(workouts.count)
        for workout in workouts {
            let stats = CompletionStats.stats(
                sets: workout.sets.map(\.logged), setsPlanned: 0, start: workout.startedAt, end: workout.completedAt)
            var row = SessionRow(
                id: ids.next(), userID: userID, day: workout.day.description, startedAt: workout.startedAt)
            row.name = workout.name
            row.status = "completed"
            row.completedAt = workout.completedAt
            row.stats = try JSONColumn.text(stats.json)
            row.notes = workout.notes
            try insertRow(row, in: db)
            sessionIDs.append(row.id)
        }
        try db.withTriggersOff {
            for (workout, id) in zip(workouts, sessionIDs) {
                _ = try SetStore.insertImported(workout.sets, sessionID: id, userID: userID, ids: &ids, in: db)
            }
        }
        return sessionIDs
    }

    /// One workout: ``createImported(_:userID:ids:in:)`` of one.
    /// - Returns: the session id.
    package static func createImported(
        _ workout: ImportedWorkout, userID: String, ids: inout IdentifierRun, in db: Connection
    ) throws -> String {
        try createImported([workout], userID: userID, ids: &ids, in: db)[0]
    }

    /// Adds `sets` to a session ``createImported(_:userID:ids:in:)`` wrote earlier
    /// (a workout whose rows the file does not keep together) and recomputes its
    /// stats from all its sets, the session running from `start` to `end`.
    /// - Returns: the new sets' ids, in the order of `sets`.
    @discardableResult
    package static func addImported(
        _ sets: [ImportedSet], to sessionID: String, userID: String, start: Date, end: Date,
        ids: inout IdentifierRun, in db: Connection
    ) throws -> [String] {
        let added = try SetStore.insertImported(sets, sessionID: sessionID, userID: userID, ids: &ids, in: db)
        let all = try self.sets(sessionID, in: db)
        let stats = CompletionStats.stats(sets: all, setsPlanned: 0, start: start, end: max(end, start))
        try setStats(sessionID, stats: stats.json, in: db)
        return added
    }
}

extension TrainingSessionStore {
    /// Creates a completed session of `kind` (`strength` or `cardio`) as the
    /// demo's history and the bench household write them: trained `day`,
    /// started and completed at the given instants, with its fitted snapshot
    /// and completion `stats`. Sets and traces are added after it
    /// (``SetStore/insert(sessionID:userID:set:clientID:in:)``, ``CardioStore/saveTrace(_:sessionID:userID:now:in:)``).
    /// - Returns: the session id.
    package static func createCompleted(
        userID: String, day: LocalDate, name: String, kind: String, startedAt: Date, completedAt: Date,
        fitted: JSONValue, stats: JSONValue, in db: Connection
    ) throws -> String {
        var row = SessionRow(id: Identifier.make(), userID: userID, day: day.description, startedAt: startedAt)
        row.name = name
        row.kind = kind
        row.status = "completed"
        row.completedAt = completedAt
        row.fitted = try JSONColumn.text(fitted)
        row.stats = try JSONColumn.text(stats)
        try insertRow(row, in: db)
        return row.id
    }
}

extension TrainingSessionStore {
    /// The completed strength session of member `userID` that started within
    /// `minute` (an imported workout's ledger key is its start cut to the
    /// minute), the earliest such; nil when there is none (never imported, or
    /// deleted since).
    /// - Returns: its id and its sets in logging order.
    package static func importedWorkout(userID: String, minute: Date, in db: Connection) throws -> (
        id: String, sets: [LoggedSet]
    )? {
        guard
            let id: String = try db.scalar(
                """
                SELECT id FROM sessions
                WHERE user_id = ? AND kind = 'strength' AND status = 'completed' AND started_at >= ? AND started_at < ?
                ORDER BY started_at, rowid LIMIT 1
                """,
                [userID, Instant.storage(minute), Instant.storage(minute.addingTimeInterval(60))])
        else { return nil }
        return (id, try sets(id, in: db))
    }

    /// How many sets member `userID`'s completed strength sessions that
    /// started between `from` and `to` (inclusive) hold, by their start cut
    /// to the minute (an imported workout's ledger key): one read for a
    /// batch of workouts found already imported, so only those the file has
    /// more sets of are looked at set by set (``importedWorkout(userID:minute:in:)``).
    package static func setCounts(userID: String, from: Date, to: Date, in db: Connection) throws -> [Date: Int] {
        var counts: [Date: Int] = [:]
        let rows = try db.query(
            """
            SELECT se.started_at, (SELECT COUNT(*) FROM sets st WHERE st.session_id = se.id) AS n FROM sessions se
            WHERE se.user_id = ? AND se.kind = 'strength' AND se.status = 'completed'
              AND se.started_at >= ? AND se.started_at < ?
            ORDER BY se.started_at, se.rowid
            """,
            [userID, Instant.storage(from), Instant.storage(to.addingTimeInterval(60))])
        for row in rows {
            guard let start = Instant.parse(try String(sqlValue: row[index: 0])) else { continue }
            let minute = Date(timeIntervalSince1970: (start.timeIntervalSince1970 / 60).rounded(.down) * 60)
            if counts[minute] == nil { counts[minute] = try Int(sqlValue: row[index: 1]) }
        }
        return counts
    }

    /// Recomputes a completed session's stats from the sets it now holds,
    /// between its stored start and completion (after an undo removed sets
    /// an import had added to it).
    package static func refreshStats(_ id: String, in db: Connection) throws {
        guard let row = try db.queryOne("SELECT started_at, completed_at FROM sessions WHERE id = ?", [id]),
            let start = Instant.parse(try row.get("started_at") as String)
        else { return }
        let end = (try row.optional("completed_at") as String?).flatMap(Instant.parse) ?? start
        let stats = CompletionStats.stats(
            sets: try sets(id, in: db), setsPlanned: 0, start: start, end: max(end, start))
        try setStats(id, stats: stats.json, in: db)
    }
}
