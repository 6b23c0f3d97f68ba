import ForgeCore
import ForgeStore
import Foundation

/// One row of `imports`, as `forged import list` and `GET /api/import/{id}` show it.
package struct ImportRecord: Sendable, Equatable {
    package let id: String
    package let userID: String
    package let kind: String
    /// The file name (or source) as given.
    package let source: String
    /// `running`, `done`, `failed` or `undone`; `checked` for a household import's dry run, never stored.
    package let state: String
    package let bytesTotal: Int64
    package let bytesDone: Int64
    package let rowsDone: Int
    /// What the import did; the ledger keeps the first ``ImportReport/maxListed`` skipped rows, the
    /// answer of a household import's ``ImportPipeline/execute(_:onProgress:)`` every one.
    package var report: ImportReport?
    /// Why a failed import failed.
    package let error: String?
    /// Stored instants.
    package let createdAt: String
    package let finishedAt: String?
    /// The process running it while `running`.
    package let pid: Int?
}

/// The import ledger: `imports`, `import_rows`, `import_keys` (ForgeSchema
/// 0310). ForgeImport is the only writer of these tables.
package enum ImportLedger {
    /// Opens a `running` import for `userID` under `id` (a new one unless given); returns its id.
    @discardableResult
    package static func open(
        id: String = Identifier.make(), userID: String, kind: ImportKind, source: String, bytesTotal: Int64,
        now: Date, in db: Connection
    ) throws -> String {
        try db.execute(
            """
            INSERT INTO imports (id, user_id, kind, source, state, bytes_total, pid, created_at)
            VALUES (?, ?, ?, ?, 'running', ?, ?, ?)
            """, [id, userID, kind.rawValue, source, bytesTotal, Int(getpid()), Instant.storage(now)])
        return id
    }

    /// Records that import `importID` added row `rowID` of table `table`.
    package static func added(_ importID: String, table: String, rowID: String, in db: Connection) throws {
        try added(importID, table: table, rowIDs: [rowID], in: db)
    }

    /// Records that import `importID` added rows `rowIDs` of table `table`
    /// (multi-row statements, ``MultiRowInsert``).
    package static func added(_ importID: String, table: String, rowIDs: [String], in db: Connection) throws {
        try addedInsert.run(rowIDs.count, in: db) { range, values in
            for rowID in rowIDs[range] { values += [.text(importID), .text(table), .text(rowID)] }
        }
    }

    private static let addedInsert = MultiRowInsert(
        "INSERT OR IGNORE INTO import_rows (import_id, tbl, row_id)", row: "(?, ?, ?)")

    /// Claims natural key `key` for the member: true when it was free (the
    /// unit is new), false when an earlier (or this) import holds it.
    package static func claim(_ key: String, userID: String, importID: String, in db: Connection) throws -> Bool {
        try claim([key], userID: userID, importID: importID, in: db).contains(key)
    }

    /// Claims natural keys `keys` for the member at once: answers those that
    /// were free (their units are new); the others an earlier (or this) import holds.
    package static func claim(
        _ keys: [String], userID: String, importID: String, in db: Connection
    ) throws -> Set<String> {
        let claimed = try claimInsert.run(keys.count, in: db) { range, values in
            for key in keys[range] { values += [.text(userID), .text(key), .text(importID)] }
        }
        return Set(try claimed.map { try String(sqlValue: $0[index: 0]) })
    }

    private static let claimInsert = MultiRowInsert(
        "INSERT INTO import_keys (user_id, key, import_id)", row: "(?, ?, ?)",
        tail: " ON CONFLICT DO NOTHING RETURNING key")

    /// Stores progress (bytes and rows done) of a running import.
    package static func progress(_ importID: String, bytes: Int64, rows: Int, in db: Connection) throws {
        try db.execute("UPDATE imports SET bytes_done = ?, rows_done = ? WHERE id = ?", [bytes, rows, importID])
    }

    /// Ends an import in `state` (`done`, `failed`) with its report and error; `finished_at` is `now`.
    package static func finish(
        _ importID: String, state: String, report: ImportReport?, error: String?, now: Date, in db: Connection
    ) throws {
        try db.execute(
            """
            UPDATE imports SET state = ?, report = COALESCE(?, report), error = ?, finished_at = ?, pid = NULL
            WHERE id = ?
            """,
            [state, try report.map { try WireEncoder.string($0) }, error, Instant.storage(now), importID])
    }

    /// Every row the import added, grouped by table (insertion order within a table).
    package static func rows(_ importID: String, in db: Connection) throws -> [String: [String]] {
        var out: [String: [String]] = [:]
        for row in try db.query("SELECT tbl, row_id FROM import_rows WHERE import_id = ? ORDER BY rowid", [importID]) {
            out[try row.get("tbl"), default: []].append(try row.get("row_id"))
        }
        return out
    }

    /// Forgets the rows and keys of an import (after undo removed the rows themselves).
    package static func forget(_ importID: String, in db: Connection) throws {
        try db.execute("DELETE FROM import_rows WHERE import_id = ?", [importID])
        try db.execute("DELETE FROM import_keys WHERE import_id = ?", [importID])
    }

    /// The import `id`, or nil; `userID` nil reads any member's (the CLI).
    package static func find(_ id: String, userID: String?, in db: Connection) throws -> ImportRecord? {
        let row =
            if let userID {
                try db.queryOne("SELECT * FROM imports WHERE id = ? AND user_id = ?", [id, userID])
            } else {
                try db.queryOne("SELECT * FROM imports WHERE id = ?", [id])
            }
        return try row.map(record)
    }

    /// Imports newest first; `userID` nil lists every member's.
    package static func list(userID: String?, in db: Connection) throws -> [ImportRecord] {
        let rows =
            if let userID {
                try db.query("SELECT * FROM imports WHERE user_id = ? ORDER BY created_at DESC, rowid DESC", [userID])
            } else {
                try db.query("SELECT * FROM imports ORDER BY created_at DESC, rowid DESC")
            }
        return try rows.map(record)
    }

    /// The member's running import whose process is alive, or nil.
    /// - Throws: `DatabaseError` when the ledger cannot be read.
    package static func running(userID: String, in db: Connection) throws -> ImportRecord? {
        try db.query("SELECT * FROM imports WHERE user_id = ? AND state = 'running'", [userID]).map(record)
            .first { isAlive(pid: $0.pid) }
    }

    /// A running import of any member whose process is alive, or nil: `forged import forge-server`
    /// replaces every seat, so it waits for none of them.
    /// - Throws: `DatabaseError` when the ledger cannot be read.
    package static func anyRunning(in db: Connection) throws -> ImportRecord? {
        try db.query("SELECT * FROM imports WHERE state = 'running'").map(record).first { isAlive(pid: $0.pid) }
    }

    /// `running` imports whose process is gone (a crash or kill -9 midway).
    package static func stale(in db: Connection) throws -> [ImportRecord] {
        try db.query("SELECT * FROM imports WHERE state = 'running'").map(record).filter { !isAlive(pid: $0.pid) }
    }

    static func isAlive(pid: Int?) -> Bool {
        guard let pid, pid > 0 else { return false }
        if pid == Int(getpid()) { return true }
        return kill(pid_t(pid), 0) == 0 || errno == EPERM
    }

    static func record(_ row: Row) throws -> ImportRecord {
        let reportText: String = try row.get("report")
        let report = try? WireDecoder.decode(ImportReport.self, from: Data(reportText.utf8))
        return ImportRecord(
            id: try row.get("id"), userID: try row.get("user_id"), kind: try row.get("kind"),
            source: try row.get("source"), state: try row.get("state"), bytesTotal: try row.get("bytes_total"),
            bytesDone: try row.get("bytes_done"), rowsDone: try row.get("rows_done"),
            report: reportText == "{}" ? nil : report, error: try row.optional("error"),
            createdAt: try row.get("created_at"), finishedAt: try row.optional("finished_at"),
            pid: try row.optional("pid"))
    }
}

extension ImportLedger {
    /// The done imports that added sets to workouts import `importID` stored (a later, whole file
    /// completing a workout a cut-off file stored only the first sets of), oldest first. Undoing
    /// `importID` would take those sets with its workouts, so it waits until they are undone.
    package static func completers(of importID: String, in db: Connection) throws -> [String] {
        try db.query(
            """
            SELECT o.import_id AS id FROM imports i
            JOIN import_rows o ON o.import_id = i.id AND o.tbl = 'sets'
            JOIN sets s ON s.id = o.row_id
            JOIN import_rows mine ON mine.import_id = ?1 AND mine.tbl = 'sessions' AND mine.row_id = s.session_id
            WHERE i.state = 'done' AND i.id != ?1
              AND i.user_id = (SELECT user_id FROM imports WHERE id = ?1)
            GROUP BY o.import_id ORDER BY MIN(i.created_at)
            """, [importID]
        ).map { try $0.get("id") }
    }

    /// Marks done import `importID` `undone` (after ``forget(_:in:)``). `finished_at` keeps
    /// when the import finished: the ledger has no column for when it was undone.
    package static func markUndone(_ importID: String, in db: Connection) throws {
        try db.execute("UPDATE imports SET state = 'undone', pid = NULL WHERE id = ?", [importID])
    }

    /// The import holding natural key `key` for the member, or nil (a read: nothing is claimed).
    package static func holder(_ key: String, userID: String, in db: Connection) throws -> String? {
        try db.scalar("SELECT import_id FROM import_keys WHERE user_id = ? AND key = ?", [userID, key])
    }
}
