import ForgeCore
import ForgeStore
import Foundation

/// `forged import forge-server`: moves a household from the original Forge
/// server into forged in one write transaction (the caller holds the state
/// directory's lock and has taken the pre-import backup). The ledger
/// (`imports`) records it under the admin seat, with a key per member
/// (`forge-server:<id>`), so a second run from the same source is recognised
/// and changes nothing.
package struct ForgeServerImport {
    package let db: Database
    package let clock: any ForgeCore.Clock

    package init(db: Database, clock: any ForgeCore.Clock) {
        self.db = db
        self.clock = clock
    }

    /// How the import ended.
    package enum Outcome: Sendable, Equatable {
        /// Written (or, with `dryRun`, what would be written; nothing is).
        case done(ImportReport, importID: String?)
        /// An earlier import from this source holds these members: nothing changed.
        case alreadyImported(importID: String, at: String)
    }

    /// Refusals before anything is written.
    package enum Refusal: Error, Equatable, CustomStringConvertible {
        /// forged already holds household data (table → rows) and `--replace` was not given.
        case notEmpty([String: Int])

        package var description: String {
            switch self {
            case .notEmpty(let counts):
                "forged's database already holds household data ("
                    + counts.sorted { $0.key < $1.key }.map { "\($0.value) \($0.key)" }.joined(separator: ", ")
                    + "); run with --replace to replace it (a backup is taken first)"
            }
        }
    }

    /// The rows of ``Outcome/alreadyImported(importID:at:)`` or ``Refusal/notEmpty(_:)``
    /// as seen now, without writing: the caller checks before taking its backup.
    /// - Throws: ``Refusal/notEmpty(_:)``; ``ImportError/busy(importID:)`` while another import runs.
    package func precheck(_ snapshot: ForgeServerSnapshot, replace: Bool) throws -> Outcome? {
        try db.read { conn in try refusal(snapshot, replace: replace, in: conn) }
    }

    /// ``ImportError/busy(importID:)`` while another import runs (one import per member at a
    /// time, of any kind; the move replaces every seat); then, without `replace`: an earlier
    /// import of these members (nothing to do), or ``Refusal/notEmpty(_:)`` when forged holds
    /// household data; nil when the move may go on.
    private func refusal(_ snapshot: ForgeServerSnapshot, replace: Bool, in conn: Connection) throws -> Outcome? {
        if let running = try ImportLedger.anyRunning(in: conn) { throw ImportError.busy(importID: running.id) }
        guard !replace else { return nil }
        if let earlier = try earlier(snapshot, in: conn) { return earlier }
        let counts = try HouseholdContent.beyondSeed(in: conn)
        if !counts.isEmpty { throw Refusal.notEmpty(counts) }
        return nil
    }

    /// Moves the household in, in one transaction; with `dryRun` the transaction is
    /// rolled back and the report says what would have been done.
    /// - Parameter onProgress: told while the rows are written (per table, every 1,000 rows and at its end).
    /// - Throws: ``Refusal``, ``ImportError`` (a source forged cannot take as a whole, another import running),
    ///   `DatabaseError`; nothing is written then.
    package func run(
        _ snapshot: ForgeServerSnapshot, replace: Bool, dryRun: Bool,
        onProgress: ((ImportProgress) -> Void)? = nil
    ) throws -> Outcome {
        struct RolledBack: Error { let report: ImportReport }
        do {
            // One transaction with a bulk page cache and in-memory statement journals (Database.bulkWrite).
            return try db.bulkWrite { conn in
                if let early = try refusal(snapshot, replace: replace, in: conn) { return early }
                let now = clock.now()
                let id = Identifier.make()
                // The large tables' rows are converted on a second core while this thread writes.
                let move = ForgeServerMove(
                    snapshot: snapshot, conn: conn, now: now, importID: id, onProgress: onProgress)
                try ConvertedRows.converting(snapshot, now: now) { ahead in try move.run(ahead) }
                move.report.list(
                    ImportReport.notesList,
                    "records are rebuilt from the sets; where the two servers differ by design (record details in "
                        + "the member's unit, trend, e1RM on the trained day, media_tier) forged answers its own way")
                if dryRun { throw RolledBack(report: move.report) }
                let admin = try adminID(of: move, in: conn)
                try ImportLedger.open(
                    id: id, userID: admin, kind: .forgeServer, source: snapshot.source, bytesTotal: 0, now: now,
                    in: conn)
                for member in move.members.sorted() {
                    _ = try ImportLedger.claim("forge-server:\(member)", userID: member, importID: id, in: conn)
                }
                try ImportLedger.progress(id, bytes: 0, rows: snapshot.rowCount, in: conn)
                try ImportLedger.finish(id, state: "done", report: move.report.stored, error: nil, now: now, in: conn)
                return .done(move.report, importID: id)
            }
        } catch let rolled as RolledBack {
            return .done(rolled.report, importID: nil)
        }
    }

    private func earlier(_ snapshot: ForgeServerSnapshot, in conn: Connection) throws -> Outcome? {
        for row in snapshot.rows("users") {
            let id = row.string("id")
            if let holder = try ImportLedger.holder("forge-server:\(id)", userID: id, in: conn),
                let record = try ImportLedger.find(holder, userID: nil, in: conn), record.state == "done"
            {
                return .alreadyImported(importID: holder, at: record.finishedAt ?? record.createdAt)
            }
        }
        return nil
    }

    private func adminID(of move: ForgeServerMove, in conn: Connection) throws -> String {
        let ids = move.members.sorted()
        for row in move.snapshot.rows("users") where move.members.contains(row.string("id")) {
            if row.string("role") == "admin" { return row.string("id") }
        }
        return ids[0]
    }
}
