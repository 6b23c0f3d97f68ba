import ForgeCore
import ForgeStore
import Foundation

/// A set read from another app's history, in canonical units.
package struct ImportedSet: Sendable, Hashable {
    /// The set as completion statistics and records read it (load kg, full precision).
    package let logged: LoggedSet
    package let marker: SetMarker
    /// Time under the set (a plank, a row), seconds; nil when the file gave none.
    package let seconds: Double?
    /// Distance, metres; nil when the file gave none.
    package let distanceM: Double?
    /// The set's (or exercise's) note as the file wrote it.
    package let note: String
    /// The file's own RPE before rounding to the contract's integer (Hevy's 7.5).
    package let rpeSource: Double?

    package init(
        logged: LoggedSet, marker: SetMarker, seconds: Double?, distanceM: Double?, note: String,
        rpeSource: Double?
    ) {
        self.logged = logged
        self.marker = marker
        self.seconds = seconds
        self.distanceM = distanceM
        self.note = note
        self.rpeSource = rpeSource
    }
}

extension SetStore {
    /// Inserts imported sets into a session, in order: the bulk path of
    /// every importer (``TrainingSessionStore/createImported(_:userID:ids:in:)``)
    /// and of any writer of many sets in one transaction.
    ///
    /// - Ids: the next of `ids` (one ``IdentifierRun`` per bulk writer, so a
    ///   batch's keys are consecutive).
    /// - Values are bound as ``SQLValue``s (``Connection/execute(_:values:)``),
    ///   the same storage classes ``SQLBindable`` gives.
    /// - Statements: multi-row `INSERT`s of 64, 16, 4 or 1 rows
    ///   (``MultiRowInsert``: one statement journal per statement, not per
    ///   set). Triggers still fire once per row, as for single inserts.
    /// - Triggers: `lift_day_best`'s fire per set of a completed session.
    ///   ``TrainingSessionStore/createImported(_:userID:ids:in:)`` inserts
    ///   them with the connection's triggers off and its caller rebuilds the
    ///   lifts' days once (``RecordStore/rebuild(userID:slugs:now:dayBests:in:)``).
    /// - Records are not touched here: the importer rebuilds them once for
    ///   the lifts it wrote (``RecordStore/rebuild(userID:slugs:now:dayBests:in:)``).
    /// - Returns: the new sets' ids, in the order of `sets`.
    /// - Throws: `DatabaseError` (`.constraint` for a session that does not
    ///   exist); nothing of the failing statement is kept.
    package static func insertImported(
        _ sets: [ImportedSet], sessionID: String, userID: String, ids: inout IdentifierRun, in db: Connection
    ) throws -> [String] {
        var out: [String] = []
        out.reserveCapacity(sets.count)
        try importedInsert.run(sets.count, in: db) { range, arguments in
            arguments.reserveCapacity(range.count * 14)
            for set in sets[range] {
                let id = ids.next()
                out.append(id)
                let s = set.logged
                arguments += [
                    .text(id), .text(sessionID), .text(userID), .text(s.slug), .integer(Int64(s.setNo)),
                    .real(s.weight), .integer(Int64(s.reps)), s.rpe.map { .integer(Int64($0)) } ?? .null,
                    .text(s.ts), .text(set.marker.rawValue), set.seconds.map { .real($0) } ?? .null,
                    set.distanceM.map { .real($0) } ?? .null, .text(set.note), set.rpeSource.map { .real($0) } ?? .null,
                ]
            }
        }
        return out
    }

    /// One imported set: ``insertImported(_:sessionID:userID:ids:in:)`` of one.
    /// - Returns: the new set's id.
    package static func insertImported(
        sessionID: String, userID: String, set: ImportedSet, ids: inout IdentifierRun, in db: Connection
    ) throws -> String {
        try insertImported([set], sessionID: sessionID, userID: userID, ids: &ids, in: db)[0]
    }

    /// The multi-row insert of ``insertImported(_:sessionID:userID:ids:in:)``: 14 arguments a row.
    static let importedInsert = MultiRowInsert(
        """
        INSERT INTO sets (id, session_id, user_id, slug, substituted_for, set_no, weight, reps, rpe, ts,
                          set_kind, seconds, distance_m, note, rpe_source)
        """, row: "(?, ?, ?, ?, NULL, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)")

    /// Deletes member `userID`'s sets `ids` (an undo of an import that
    /// completed a workout an earlier import wrote) and answers the sessions
    /// they were in and their lifts, for the caller to refresh the sessions'
    /// stats and rebuild the lifts' records. Ids of other members, or gone
    /// already, are ignored. The set triggers keep `lift_day_best`.
    package static func deleteImported(ids: [String], userID: String, in db: Connection) throws -> (
        sessionIDs: Set<String>, slugs: Set<String>
    ) {
        var sessionIDs: Set<String> = []
        var slugs: Set<String> = []
        for start in stride(from: 0, to: ids.count, by: 500) {
            let chunk = Array(ids[start..<min(start + 500, ids.count)])
            let list = SQLPlaceholders.list(chunk.count)
            let arguments: [any SQLBindable] = chunk.map { $0 as any SQLBindable } + [userID]
            for row in try db.query(
                "SELECT session_id, slug FROM sets WHERE id IN (\(list)) AND user_id = ?", arguments)
            {
                sessionIDs.insert(try row.get("session_id"))
                slugs.insert(try row.get("slug"))
            }
            try db.execute("DELETE FROM sets WHERE id IN (\(list)) AND user_id = ?", arguments)
        }
        return (sessionIDs, slugs)
    }

    /// The distinct lifts (slugs) of a session's sets.
    package static func slugs(sessionID: String, in db: Connection) throws -> [String] {
        try db.query("SELECT DISTINCT slug FROM sets WHERE session_id = ? ORDER BY slug", [sessionID]).map {
            try $0.get("slug")
        }
    }
}

extension SetStore {
    /// Moves every set of every member logged as `from` (or substituted for
    /// `from`) to `into`. In a session holding both, the moved sets are
    /// numbered after `into`'s own (in logging order), so (slug, set number)
    /// stays unique within the session.
    /// - Returns: the members whose sets moved, and how many sets.
    package static func move(slug from: String, into: String, in db: Connection) throws -> (
        userIDs: Set<String>, sets: Int
    ) {
        let moving = try db.query(
            "SELECT id, session_id, user_id FROM sets WHERE slug = ? ORDER BY session_id, ts, rowid", [from])
        var users: Set<String> = []
        var next: [String: Int] = [:]
        for row in moving {
            let id: String = try row.get("id")
            let session: String = try row.get("session_id")
            users.insert(try row.get("user_id"))
            if next[session] == nil {
                next[session] =
                    try db.scalar(
                        "SELECT COALESCE(MAX(set_no), 0) FROM sets WHERE session_id = ? AND slug = ?",
                        [
                            session, into,
                        ]) ?? 0
            }
            guard let base = next[session], base > 0 else {
                try db.execute("UPDATE sets SET slug = ? WHERE id = ?", [into, id])
                continue
            }
            next[session] = base + 1
            try db.execute("UPDATE sets SET slug = ?, set_no = ? WHERE id = ?", [into, base + 1, id])
        }
        try db.execute("UPDATE sets SET substituted_for = ? WHERE substituted_for = ?", [into, from])
        return (users, moving.count)
    }
}
