import ForgeCore
import ForgeHousehold
import ForgeStore
import ForgeTrain
import Foundation

/// One running import as an ``Importer`` sees it: the source, the member, the
/// household calendar, the report, and the ledger-aware write batches.
/// Used on one thread (the job's).
package final class ImportJob {
    /// The ledger id.
    package let id: String
    package let kind: ImportKind
    /// The member whose history this is; empty for a household import, whose seats it writes
    /// (``record(under:claiming:)`` names the one it is recorded under).
    package let userID: String
    /// The source file on disk.
    package let file: URL
    /// The source as given (file name).
    package let source: String
    package let bytesTotal: Int64
    /// The household zone: a file's local date-times are read in it unless they carry an offset.
    package let calendar: HouseholdCalendar
    package let clock: any ForgeCore.Clock
    /// What the import did so far.
    package var report: ImportReport
    /// The unit the member said the file's unitless loads are in (`--unit`, `unit`): never second-guessed.
    package let statedUnit: LoadUnit?
    /// A household import's source and options (``ImportScope/household``); nil for a member's.
    package let household: HouseholdSource?
    /// The seat a household import is recorded under and the keys it claims (key → member id),
    /// as the importer named them (``record(under:claiming:)``).
    private(set) var recordedUnder: (admin: String, keys: [String: String])?
    /// A household import's one write transaction, which ``write(_:)`` runs in.
    var transaction: Connection?

    let db: Database
    let onProgress: (@Sendable (ImportProgress) -> Void)?
    private var bytesDone: Int64 = 0
    private var rows = 0
    /// When listeners last heard of progress (elapsed time, not the household clock).
    private var lastReported: ContinuousClock.Instant?

    init(
        id: String, kind: ImportKind, userID: String, file: URL, source: String, bytesTotal: Int64,
        calendar: HouseholdCalendar, clock: any ForgeCore.Clock, db: Database, guessed: Bool,
        statedUnit: LoadUnit? = nil, household: HouseholdSource? = nil,
        onProgress: (@Sendable (ImportProgress) -> Void)?
    ) {
        self.statedUnit = statedUnit
        self.household = household
        self.id = id
        self.kind = kind
        self.userID = userID
        self.file = file
        self.source = source
        self.bytesTotal = bytesTotal
        self.calendar = calendar
        self.clock = clock
        self.db = db
        self.onProgress = onProgress
        report = ImportReport(kind: kind)
        report.guessed = guessed
    }

    /// Runs `body` in one write transaction of the database set up for bulk
    /// writing (``Database/bulkWrite(syncingCommit:_:)``: a larger page cache,
    /// statement journals in memory, and a commit that does not sync the WAL),
    /// and stores the job's progress in the same transaction. Keep batches to a
    /// few thousand rows: other members' writes wait for the lock meanwhile.
    ///
    /// The batches count once ``ImportPipeline`` commits the import `done`, a
    /// synced commit that syncs the WAL with every batch before it; an import
    /// that never gets there (a power loss may also take back its last
    /// unsynced batches, never part of one) is rolled back from its ledger at
    /// the member's next import, like one whose process ended midway
    /// (``ImportLedger/stale(in:)``).
    ///
    /// A household import's `body` runs in the import's one transaction instead, which the
    /// pipeline commits (or rolls back) as a whole.
    package func write<T>(_ body: (Connection) throws -> T) throws -> T {
        if let transaction { return try body(transaction) }
        return try db.bulkWrite(syncingCommit: false) { conn in
            let result = try body(conn)
            try ImportLedger.progress(id, bytes: bytesDone, rows: rows, in: conn)
            return result
        }
    }

    /// The member's load unit (``EquipmentStore/memberUnit(userID:prefs:activeID:in:)``: `unit_load`, else
    /// their active profile's), else kg, the unit forged stores.
    package func memberLoadUnit() throws -> LoadUnit {
        try db.read { conn in
            guard let user = try HouseholdStore.user(id: userID, in: conn) else { return .kg }
            return try EquipmentStore.memberUnit(
                userID: userID, prefs: user.prefs, activeID: user.activeProfileID, in: conn) ?? .kg
        }
    }

    /// Records that this import added `id` of `table` (undo removes it).
    package func added(table: String, id rowID: String, in db: Connection) throws {
        try ImportLedger.added(id, table: table, rowID: rowID, in: db)
    }

    /// Claims a natural key (a workout's start, a recipe's title and URL) for
    /// the member: false when an earlier import (or this one) holds it.
    package func claim(_ key: String, in db: Connection) throws -> Bool {
        try ImportLedger.claim(key, userID: userID, importID: id, in: db)
    }

    /// Records that this import added rows `ids` of `table`, in one go.
    package func added(table: String, ids rowIDs: [String], in db: Connection) throws {
        try ImportLedger.added(id, table: table, rowIDs: rowIDs, in: db)
    }

    /// Claims natural keys at once: answers those that were free.
    package func claim(_ keys: [String], in db: Connection) throws -> Set<String> {
        try ImportLedger.claim(keys, userID: userID, importID: id, in: db)
    }

    /// Names what a household import is recorded under, as it ends: the `admin` seat it wrote
    /// (the ledger's member) and the natural keys it claims, each for its member (key → member
    /// id), so a second import from the same source is known (``ImportError/alreadyImported(importID:at:)``).
    package func record(under admin: String, claiming keys: [String: String]) {
        recordedUnder = (admin, keys)
    }

    /// Tells listeners at once where a source of tables stands (the caller paces it: the move
    /// every 1,000 rows of a table and at its last): `rows` handled of `total`, in `table`.
    package func progress(rows: Int, of total: Int, table: ImportProgress.Table) {
        self.rows = rows
        onProgress?(
            ImportProgress(
                importID: id, userID: userID, kind: kind.rawValue, bytesDone: bytesDone, bytesTotal: bytesTotal,
                rows: rows, rowsTotal: total, table: table))
    }

    /// Notes progress; listeners hear of it at most 10 times a second (and at the end).
    package func progress(bytes: Int64, rows: Int, force: Bool = false) {
        bytesDone = bytes
        self.rows = rows
        let now = ContinuousClock.now
        if !force, let lastReported, now - lastReported < .milliseconds(100) { return }
        lastReported = now
        onProgress?(
            ImportProgress(
                importID: id, userID: userID, kind: kind.rawValue, bytesDone: bytes, bytesTotal: bytesTotal, rows: rows)
        )
    }
}
