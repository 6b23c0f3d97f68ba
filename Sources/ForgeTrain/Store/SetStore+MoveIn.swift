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
    /// rebuilds them once for the lifts it wrote (``RecordStore/rebuild(userID:slugs:now:dayBests:in:)``).
    /// - Throws: `DatabaseError` (`.constraint` for a session that does not exist or an id already
    ///   taken); nothing of the failing statement is kept.
    package static func insertKeepingID(_ sets: [MovedSet], in db: Connection) throws {
        try movedInsert.run(sets.count, in: db) { range, arguments in
            arguments.reserveCapacity(range.count * 10)
            for s in sets[range] {
                arguments += [
                    .text(s.id), .text(s.sessionID), .text(s.userID), .text(s.slug),
                    s.substitutedFor.map { .text($0) } ?? .null, .integer(Int64(s.setNo)), .real(s.weight),
                    .integer(Int64(s.reps)), s.rpe.map { .integer(Int64($0)) } ?? .null, .text(Instant.storage(s.ts)),
                ]
            }
        }
    }

    /// The multi-row insert of ``insertKeepingID(_:in:)``: 10 arguments a row.
    static let movedInsert = MultiRowInsert(
        "INSERT INTO sets (id, session_id, user_id, slug, substituted_for, set_no, weight, reps, rpe, ts)",
        row: "(?, ?, ?, ?, ?, ?, ?, ?, ?, ?)")
}
