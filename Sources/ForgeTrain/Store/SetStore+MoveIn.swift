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
    /// Stores a set of the original Forge server with its own id (`forged import
    /// forge-server`) in a session written by ``TrainingSessionStore/insertKeepingID(_:in:)``.
    /// Records are not touched: the move rebuilds them once for the lifts it wrote
    /// (``RecordStore/rebuild(userID:slugs:now:in:)``).
    package static func insertKeepingID(_ s: MovedSet, in db: Connection) throws {
        try db.execute(
            """
            INSERT INTO sets (id, session_id, user_id, slug, substituted_for, set_no, weight, reps, rpe, ts)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """,
            [
                s.id, s.sessionID, s.userID, s.slug, s.substitutedFor, s.setNo, s.weight, s.reps, s.rpe,
                Instant.storage(s.ts),
            ])
    }
}
