import ForgeCore
import ForgeStore
import Foundation

extension TrainingSessionStore {
    /// Creates a completed strength session for a workout read from another
    /// app's history: trained `day` (household zone), `name`, `startedAt`,
    /// `completedAt` (start + the file's duration, or the last set), the
    /// completion `stats` (``CompletionStats/stats(sets:setsPlanned:start:end:)``)
    /// and the workout's notes. The fitted snapshot is empty: nothing was planned.
    /// - Returns: the session id.
    package static func createImported(
        userID: String, day: LocalDate, name: String, startedAt: Date, completedAt: Date, stats: JSONValue,
        notes: String, in db: Connection
    ) throws -> String {
        let id = Identifier.make()
        try db.execute(
            """
            INSERT INTO sessions (id, user_id, day, name, kind, status, started_at, completed_at, stats, notes)
            VALUES (?, ?, ?, ?, 'strength', 'completed', ?, ?, ?, ?)
            """,
            [
                id, userID, day.description, name, Instant.storage(startedAt), Instant.storage(completedAt),
                try JSONColumn.text(stats), notes,
            ])
        return id
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
        let id = Identifier.make()
        try db.execute(
            """
            INSERT INTO sessions (id, user_id, day, name, kind, status, started_at, completed_at, fitted, stats)
            VALUES (?, ?, ?, ?, ?, 'completed', ?, ?, ?, ?)
            """,
            [
                id, userID, day.description, name, kind, Instant.storage(startedAt), Instant.storage(completedAt),
                try JSONColumn.text(fitted), try JSONColumn.text(stats),
            ])
        return id
    }
}
