import ForgeCore
import ForgeStore
import Foundation

/// Reads and writes cardio sessions' traces (`cardio_traces`) and the
/// lookups behind ingest idempotency. Every read is scoped by `user_id`.
package enum CardioStore {
    /// The user's cardio session that started at `start`, or nil.
    package static func session(userID: String, startedAt start: Date, in db: Connection) throws -> StoredSession? {
        try db.queryOne(
            """
            SELECT * FROM sessions WHERE user_id = ? AND kind = 'cardio' AND started_at = ? ORDER BY rowid LIMIT 1
            """, [userID, Instant.storage(start)]
        ).map(TrainingSessionStore.session)
    }

    /// True when the user has a completed cardio session on `day` (the day is claimed, §4.9).
    package static func dayClaimed(userID: String, day: LocalDate, in db: Connection) throws -> Bool {
        (try db.scalar(
            """
            SELECT COUNT(*) FROM sessions WHERE user_id = ? AND kind = 'cardio' AND status = 'completed' AND day = ?
            """, [userID, day.description]) ?? 0) > 0
    }

    /// Inserts a cardio session row; returns its id.
    package static func createSession(
        userID: String, workout: CardioWorkout, name: String, status: String,
        stats: JSONValue, fitted: JSONValue, in db: Connection
    ) throws -> String {
        let id = Identifier.make()
        try db.execute(
            """
            INSERT INTO sessions (id, user_id, day, name, kind, status, started_at, completed_at, fitted, stats)
            VALUES (?, ?, ?, ?, 'cardio', ?, ?, ?, ?, ?)
            """,
            [
                id, userID, workout.day.description, name, status, Instant.storage(workout.start),
                workout.end.map(Instant.storage), try JSONCoding.string(fitted), try JSONCoding.string(stats),
            ])
        return id
    }

    /// The session's stored traces, or nil when none were stored.
    package static func trace(sessionID: String, userID: String, in db: Connection) throws -> CardioTrace? {
        guard
            let row = try db.queryOne(
                "SELECT hr, route, breaks FROM cardio_traces WHERE session_id = ? AND user_id = ?",
                [sessionID, userID])
        else { return nil }
        func pairs(_ text: String) -> [[Double]] {
            ((try? JSONCoding.decode([[Double]].self, from: Data(text.utf8))) ?? []).filter { $0.count >= 2 }
        }
        let breaks = (try? JSONCoding.decode([Int].self, from: Data((try row.get("breaks") as String).utf8))) ?? []
        return CardioTrace(
            hr: pairs(try row.get("hr")).map { HRSample(t: $0[0], bpm: $0[1]) },
            breaks: breaks,
            route: pairs(try row.get("route")).map { RoutePoint(lat: $0[0], lon: $0[1]) })
    }

    /// A trace's pairs as stored, `[[a,b],…]`: the text `JSONCoding.string` writes for the
    /// `[[Double]]` (a double always with a decimal point, a non-finite one as `null`), handed to
    /// the encoder as one ``JSONValue`` tree, so it writes the text in one pass instead of boxing
    /// every number through `Encodable` (CardioTraceTextTests compares the two).
    static func pairsText(_ pairs: [(Double, Double)]) throws -> String {
        try JSONCoding.string(JSONValue.array(pairs.map { .array([.double($0.0), .double($0.1)]) }))
    }

    /// Stores (or replaces) the session's traces; an empty trace stores nothing.
    package static func saveTrace(
        _ trace: CardioTrace, sessionID: String, userID: String, now: Date,
        in db: Connection
    ) throws {
        guard !trace.isEmpty else { return }
        let hr = try pairsText(trace.hr.map { ($0.t, $0.bpm) })
        let route = try pairsText(trace.route.map { ($0.lat, $0.lon) })
        try db.execute(
            """
            INSERT INTO cardio_traces (session_id, user_id, hr, route, breaks, created_at) VALUES (?, ?, ?, ?, ?, ?)
            ON CONFLICT (session_id) DO UPDATE SET hr = excluded.hr, route = excluded.route, breaks = excluded.breaks
            """, [sessionID, userID, hr, route, try JSONCoding.string(trace.breaks), Instant.storage(now)])
    }
}
