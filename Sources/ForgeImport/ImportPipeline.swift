import ForgeCore
import ForgeStore
import ForgeTrain
import Foundation

/// The one import pipeline behind both doors (`forged import`, `POST /api/import`):
/// resolve the kind (`auto` sniffs), open the ledger row (one running import
/// per member), run the importer, store the report; on any failure remove
/// everything the job added and record why. Undo and crash recovery use the
/// same ledger.
package struct ImportPipeline: Sendable {
    package let db: Database
    package let calendar: HouseholdCalendar
    package let clock: any ForgeCore.Clock
    package let registry: ImportRegistry

    package init(
        db: Database, calendar: HouseholdCalendar, clock: any ForgeCore.Clock,
        registry: ImportRegistry = .builtIn
    ) {
        self.db = db
        self.calendar = calendar
        self.clock = clock
        self.registry = registry
    }

    /// An import whose ledger row is open and whose importer is chosen, ready to ``execute(_:onProgress:)``.
    package struct Started: Sendable {
        package let id: String
        package let kind: ImportKind
        /// True when `auto` guessed the kind.
        package let guessed: Bool
        package let userID: String
        /// The file read; for a household import, its source as a path, for messages only (the
        /// source is read already: ``HouseholdSource/snapshot``).
        package let file: URL
        package let source: String
        package let bytesTotal: Int64
        /// The load unit the member said the file's unitless loads are in (`--unit`, `unit`); nil: not said.
        package var unit: LoadUnit? = nil
        /// A household import's source and options; nil for a member's (``ImportKind/scope``).
        package var household: HouseholdSource? = nil
    }

    /// Checks the source and opens the ledger row.
    /// - Parameters:
    ///   - kind: what the file is, or `.auto` to guess from its head.
    ///   - file: the file on disk (an upload is streamed to disk first).
    ///   - source: the name to show (the file's name as the member gave it).
    ///   - unit: the unit of the file's loads where its header names none (`--unit kg|lb`), never
    ///     second-guessed; nil: the member's `unit_load` (``ImportJob/memberLoadUnit()``).
    /// - Throws: ``ImportError``: `unrecognised`/`unsupported`, `notThisKind`
    ///   (the head does not look like `kind`), `otherKind` (it looks like another kind's), `busy` (another running import of
    ///   the member), `empty` (0 bytes, whatever the kind), `unreadable`.
    package func start(kind: ImportKind, file: URL, source: String, userID: String, unit: LoadUnit? = nil)
        throws -> Started
    {
        let size = (try? FileManager.default.attributesOfItem(atPath: file.path)[.size] as? NSNumber)?.int64Value ?? 0
        if size == 0, FileManager.default.fileExists(atPath: file.path) { throw ImportError.empty }
        let probe = try ImportProbe(url: file, name: source)
        let importer: any Importer
        if kind == .auto {
            importer = try registry.sniff(probe)
        } else {
            // A household import reads no member's file: it starts with `start(_:household:)`.
            guard kind.scope == .member else { throw ImportError.unsupported(kind) }
            importer = try registry.importer(kind)
            guard importer.sniff(probe) else {
                if let other = try? registry.sniff(probe), other.kind != kind {
                    throw ImportError.otherKind(kind: kind, found: other.kind)
                }
                throw ImportError.notThisKind(kind: kind, expected: importer.expected)
            }
        }
        let now = clock.now()
        let id = try db.write { conn in
            for stale in try ImportLedger.stale(in: conn) where stale.userID == userID {
                try rollBack(stale, error: "the process running it ended midway", in: conn)
            }
            if let running = try ImportLedger.running(userID: userID, in: conn) {
                throw ImportError.busy(importID: running.id)
            }
            return try ImportLedger.open(
                userID: userID, kind: importer.kind, source: source, bytesTotal: size, now: now, in: conn)
        }
        return Started(
            id: id, kind: importer.kind, guessed: kind == .auto, userID: userID, file: file, source: source,
            bytesTotal: size, unit: unit)
    }

    /// Runs a started import to the end on the calling thread.
    /// - Returns: the final ledger record (state `done`); a household import's carries its whole
    ///   report (every skipped row), and its dry run answers a record never stored, state `checked`.
    /// - Throws: what the importer threw, after removing everything it had added
    ///   (the ledger row stays, state `failed`, with the error's text); a household import's
    ///   transaction rolls back whole instead, leaving no ledger row.
    @discardableResult
    package func execute(
        _ started: Started, onProgress: (@Sendable (ImportProgress) -> Void)? = nil
    ) throws -> ImportRecord {
        let importer = try registry.importer(started.kind)
        let job = ImportJob(
            id: started.id, kind: started.kind, userID: started.userID, file: started.file,
            source: started.source, bytesTotal: started.bytesTotal, calendar: calendar, clock: clock, db: db,
            guessed: started.guessed, statedUnit: started.unit, household: started.household, onProgress: onProgress)
        if let household = started.household { return try executeWhole(started, household, importer, job) }
        do {
            // Fewer WAL checkpoints between the batches, one page cache for all (Database.withImportSettings).
            try db.withImportSettings { try importer.run(job) }
            let report = job.report
            job.progress(bytes: started.bytesTotal, rows: report.rowsRead, force: true)
            try db.write { conn in
                try ImportLedger.progress(started.id, bytes: started.bytesTotal, rows: report.rowsRead, in: conn)
                try ImportLedger.finish(
                    started.id, state: "done", report: report, error: nil, now: clock.now(), in: conn)
            }
        } catch {
            let text = Self.describe(error, file: started.file, as: started.source)
            try? db.write { conn in
                if let record = try ImportLedger.find(started.id, userID: nil, in: conn) {
                    try rollBack(record, error: text, report: job.report, in: conn)
                }
            }
            throw error
        }
        return try db.read { try ImportLedger.find(started.id, userID: nil, in: $0) }!
    }

    /// `error` in the words a client sees: where it names the file being read (an upload's
    /// spool file under the state directory), the name the client gave it instead, so no
    /// server path reaches a client (`refused: hevy.zip expands past 100:1 …`).
    package static func describe(_ error: any Error, file: URL, as source: String) -> String {
        let text = (error as? ImportError)?.description ?? String(describing: error)
        let path = file.path
        guard !path.isEmpty, !source.isEmpty else { return text }
        return text.replacingOccurrences(of: path, with: source)
            .replacingOccurrences(of: file.deletingLastPathComponent().path + "/", with: "")
    }

    /// The member's import running now (in this process or a `forged import`), or nil. A read for
    /// refusing early (an upload is refused before it is stored); ``start(kind:file:source:userID:unit:)``
    /// still decides under its write transaction.
    /// - Throws: `DatabaseError` when the ledger cannot be read.
    package func running(userID: String) throws -> ImportRecord? {
        try db.read { try ImportLedger.running(userID: userID, in: $0) }
    }

    /// `start` then `execute`.
    @discardableResult
    package func run(
        kind: ImportKind, file: URL, source: String, userID: String, unit: LoadUnit? = nil,
        onStart: ((Started) -> Void)? = nil, onProgress: (@Sendable (ImportProgress) -> Void)? = nil
    ) throws -> ImportRecord {
        let started = try start(kind: kind, file: file, source: source, userID: userID, unit: unit)
        onStart?(started)
        return try execute(started, onProgress: onProgress)
    }

    /// Removes exactly what import `id` added (recomputing records) and marks it `undone`;
    /// its `finished_at` still says when the import finished.
    /// - Parameter userID: the member asking (nil: the CLI, any member's import).
    /// - Throws: ``ImportError/notFound(_:)``, ``ImportError/notUndoable(id:state:)``,
    ///   ``ImportError/wholeMove(id:)`` (a forge-server move is undone by restoring its backup),
    ///   ``ImportError/completedLater(id:by:)`` (later imports added sets to its workouts: undone first).
    @discardableResult
    package func undo(id: String, userID: String?) throws -> ImportRecord {
        try db.write { conn in
            guard let record = try ImportLedger.find(id, userID: userID, in: conn) else {
                throw ImportError.notFound(id)
            }
            guard record.state == "done" else { throw ImportError.notUndoable(id: id, state: record.state) }
            guard ImportKind(rawValue: record.kind)?.scope != .household else { throw ImportError.wholeMove(id: id) }
            let completers = try ImportLedger.completers(of: id, in: conn)
            guard completers.isEmpty else { throw ImportError.completedLater(id: id, by: completers) }
            try removeRows(of: record, in: conn)
            try ImportLedger.markUndone(id, in: conn)
        }
        return try db.read { try ImportLedger.find(id, userID: nil, in: $0) }!
    }

    /// Rolls back every `running` import whose process is gone (a crash or kill -9
    /// midway): what it added is removed and it is marked `failed`. `forged serve`
    /// runs this at start. - Returns: the ids rolled back.
    @discardableResult
    package func recover() throws -> [String] {
        try db.write { conn in
            let stale = try ImportLedger.stale(in: conn)
            for record in stale { try rollBack(record, error: "the process running it ended midway", in: conn) }
            return stale.map(\.id)
        }
    }

    /// The member's imports (nil: everyone's), newest first.
    package func list(userID: String?) throws -> [ImportRecord] {
        try db.read { try ImportLedger.list(userID: userID, in: $0) }
    }

    /// One import (scoped to `userID` when given).
    package func find(_ id: String, userID: String?) throws -> ImportRecord? {
        try db.read { try ImportLedger.find(id, userID: userID, in: $0) }
    }

    private func rollBack(_ record: ImportRecord, error: String, report: ImportReport? = nil, in conn: Connection)
        throws
    {
        try removeRows(of: record, in: conn)
        try ImportLedger.finish(record.id, state: "failed", report: report, error: error, now: clock.now(), in: conn)
    }

    private func removeRows(of record: ImportRecord, in conn: Connection) throws {
        let rows = try ImportLedger.rows(record.id, in: conn)
        if !rows.isEmpty, let kind = ImportKind(rawValue: record.kind) {
            try registry.importer(kind).undo(rows, userID: record.userID, now: clock.now(), in: conn)
        }
        try ImportLedger.forget(record.id, in: conn)
    }
}
