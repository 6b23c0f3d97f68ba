import ForgeCore
import ForgeStore
import Foundation

/// A logged set of the original Forge server (a normal set: the original
/// marks none), load in kg.
package struct MovedSet: Sendable {
    package var id: String
    package var sessionID: String
    package var userID: String
    package var slug: String
    package var substitutedFor: String?
    package var setNo: Int
    package var weight: Double
    package var reps: Int
    /// 0…10, or nil.
    package var rpe: Int?
    package var ts: Date

    package init(
        id: String, sessionID: String, userID: String, slug: String, substitutedFor: String?, setNo: Int,
        weight: Double, reps: Int, rpe: Int?, ts: Date
    ) {
        self.id = id
        self.sessionID = sessionID
        self.userID = userID
        self.slug = slug
        self.substitutedFor = substitutedFor
        self.setNo = setNo
        self.weight = weight
        self.reps = reps
        self.rpe = rpe
        self.ts = ts
    }
}

extension SetStore {
    /// Stores sets of the original Forge server with their own ids (`forged import
    /// forge-server`), in order, in sessions written by ``TrainingSessionStore/insertKeepingID(_:in:)``:
    /// multi-row `INSERT`s of 64, 16, 4 or 1 rows, as ``insertImported(_:sessionID:userID:ids:in:)``
    /// writes (one statement journal per statement, not per set). Records are not touched: the move
    /// rebuilds them once for the lifts it wrote (``RecordStore/rebuild(userID:slugs:now:in:)``).
    /// - Throws: `DatabaseError` (`.constraint` for a session that does not exist or an id already
    ///   taken); nothing of the failing statement is kept.
    package static func insertKeepingID(_ sets: [MovedSet], in db: Connection) throws {
        try insertInRuns(sets.count, texts: movedInsert, text: movedInsertSQL, in: db) { range, arguments in
            arguments.reserveCapacity(range.count * 10)
            for s in sets[range] {
                let row: [any SQLBindable] = [
                    s.id, s.sessionID, s.userID, s.slug, s.substitutedFor, s.setNo, s.weight, s.reps, s.rpe,
                    Instant.storage(s.ts),
                ]
                arguments += row.map(\.sqlValue)
            }
        }
    }

    /// The prepared texts of ``insertKeepingID(_:in:)`` by row count.
    static let movedInsert: [Int: String] = Dictionary(
        uniqueKeysWithValues: rowCounts.map { ($0, movedInsertSQL(rows: $0)) })

    /// `INSERT INTO sets (...) VALUES (...), (...)` for `rows` rows of 10 arguments each.
    static func movedInsertSQL(rows: Int) -> String {
        let row = "(?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
        return """
            INSERT INTO sets (id, session_id, user_id, slug, substituted_for, set_no, weight, reps, rpe, ts)
            VALUES \(Array(repeating: row, count: rows).joined(separator: ", "))
            """
    }
}
