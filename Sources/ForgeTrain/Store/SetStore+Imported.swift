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

/// One row of `sets` as the bulk path writes it (``SetStore/insertRows(_:in:)``): a set with the
/// id, session and member its writer chose (an import numbers them, the move from the original
/// server keeps the original's).
package typealias SetRow = (id: String, sessionID: String, userID: String, set: ImportedSet)

extension ImportedSet {
    /// A set with nothing beyond what completion statistics read: its marker `logged.marker`,
    /// no time, distance or note, no RPE of its own (the original Forge server's sets).
    package init(_ logged: LoggedSet) {
        self.init(logged: logged, marker: logged.marker, seconds: nil, distanceM: nil, note: "", rpeSource: nil)
    }
}

extension SetStore {
    /// Inserts sets in order, with the ids their rows give: the one bulk path of `sets`, for every
    /// importer (``insertImported(_:sessionID:userID:ids:in:)``) and the move from the original
    /// server, and any writer of many sets in one transaction.
    ///
    /// - Values are bound as ``SQLValue``s (``Connection/execute(_:values:)``),
    ///   the same storage classes ``SQLBindable`` gives.
    /// - Statements: multi-row `INSERT`s of 64, 16, 4 or 1 rows
    ///   (``MultiRowInsert``: one statement journal per statement, not per
    ///   set). Triggers still fire once per row, as for single inserts.
    /// - Triggers: `lift_day_best`'s fire per set of a completed session.
    ///   ``TrainingSessionStore/createImported(_:userID:ids:in:)`` inserts
    ///   them with the connection's triggers off, and the move inside
    ///   ``TrainingSessionStore/bulkLoad(in:_:)``; their callers rebuild the
    ///   lifts' days once (``RecordStore/rebuild(userID:slugs:now:dayBests:in:)``).
    /// - Records are not touched here: the writer rebuilds them once for
    ///   the lifts it wrote (``RecordStore/rebuild(userID:slugs:now:dayBests:in:)``).
    /// - Throws: `DatabaseError` (`.constraint` for a session that does not
    ///   exist or an id already taken); nothing of the failing statement is kept.
    package static func insertRows(_ rows: [SetRow], in db: Connection) throws {
        try rowInsert.run(rows.count, in: db) { range, arguments in
            arguments.reserveCapacity(range.count * 15)
            for row in rows[range] {
                let set = row.set
                let s = set.logged
                arguments += [
                    .text(row.id), .text(row.sessionID), .text(row.userID), .text(s.slug),
                    s.substitutedFor.map { .text($0) } ?? .null, .integer(Int64(s.setNo)), .real(s.weight),
                    .integer(Int64(s.reps)), s.rpe.map { .integer(Int64($0)) } ?? .null, .text(s.ts),
                    .text(set.marker.rawValue), set.seconds.map { .real($0) } ?? .null,
                    set.distanceM.map { .real($0) } ?? .null, .text(set.note), set.rpeSource.map { .real($0) } ?? .null,
                ]
            }
        }
    }

    /// The multi-row insert of ``insertRows(_:in:)``: 15 arguments a row.
    static let rowInsert = MultiRowInsert(
        """
        INSERT INTO sets (id, session_id, user_id, slug, substituted_for, set_no, weight, reps, rpe, ts,
                          set_kind, seconds, distance_m, note, rpe_source)
        """, row: "(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)")

    /// Inserts imported sets into a session, in order, through ``insertRows(_:in:)``, their ids the
    /// next of `ids` (one ``IdentifierRun`` per bulk writer, so a batch's keys are consecutive).
    /// - Returns: the new sets' ids, in the order of `sets`.
    /// - Throws: `DatabaseError` (`.constraint` for a session that does not
    ///   exist); nothing of the failing statement is kept.
    package static func insertImported(
        _ sets: [ImportedSet], sessionID: String, userID: String, ids: inout IdentifierRun, in db: Connection
    ) throws -> [String] {
        var rows: [SetRow] = []
        rows.reserveCapacity(sets.count)
        for set in sets { rows.append((ids.next(), sessionID, userID, set)) }
        try insertRows(rows, in: db)
        return rows.map(\.id)
    }

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
