import ForgeCore
import ForgeStore
import Foundation

/// The pipeline's household scope (``ImportScope/household``): the move from the original
/// Forge server, started with its source read whole, checked before the command's backup and
/// again in its one write transaction, and recorded under the admin seat it writes.
extension ImportPipeline {
    /// Checks a household import (``ImportScope/household``: the move from the original Forge
    /// server) of `household`'s source, which the command read whole before opening forged's
    /// database, without writing: the command takes its backup next, then ``execute(_:onProgress:)``.
    /// No ledger row is opened yet: the import records itself, under the admin seat it writes, in
    /// its one transaction.
    /// - Throws: ``ImportError/unsupported(_:)`` for a member's kind; ``ImportError/busy(importID:)``
    ///   while any member's import runs; what the importer's ``Importer/check(_:in:)`` throws
    ///   (``ImportError/alreadyImported(importID:at:)``, ``ImportError/notEmpty(_:)``).
    package func start(_ kind: ImportKind, household: HouseholdSource) throws -> Started {
        guard kind.scope == .household else { throw ImportError.unsupported(kind) }
        let importer = try registry.importer(kind)
        let source = household.snapshot.source
        let started = Started(
            id: Identifier.make(), kind: kind, guessed: false, userID: "", file: URL(fileURLWithPath: source),
            source: source, bytesTotal: 0, household: household)
        try db.read { conn in try checkHousehold(started, importer, in: conn) }
        return started
    }

    /// A household import replaces every seat, so it waits for no member's import; then the importer's checks.
    private func checkHousehold(_ started: Started, _ importer: any Importer, in conn: Connection) throws {
        if let running = try ImportLedger.anyRunning(in: conn) { throw ImportError.busy(importID: running.id) }
        try importer.check(started, in: conn)
    }

    /// A household import in one write transaction (a bulk page cache, statement journals in
    /// memory: ``Database/bulkWrite(syncingCommit:_:)``): the checks again, the importer, then its
    /// ledger row, `done` at once, under the seat and with the keys it named; a dry run rolls
    /// everything back and answers what it would have done.
    func executeWhole(
        _ started: Started, _ household: HouseholdSource, _ importer: any Importer, _ job: ImportJob
    ) throws -> ImportRecord {
        struct RolledBack: Error { let report: ImportReport }
        let now = clock.now()
        do {
            var record = try db.bulkWrite { conn in
                try checkHousehold(started, importer, in: conn)
                job.transaction = conn
                defer { job.transaction = nil }
                try importer.run(job)
                if household.dryRun { throw RolledBack(report: job.report) }
                guard let seat = job.recordedUnder else {
                    throw ImportError.unreadable("\(started.source): the import named no seat to record it under")
                }
                try ImportLedger.open(
                    id: started.id, userID: seat.admin, kind: started.kind, source: started.source, bytesTotal: 0,
                    now: now, in: conn)
                for (key, member) in seat.keys.sorted(by: { $0.key < $1.key }) {
                    _ = try ImportLedger.claim(key, userID: member, importID: started.id, in: conn)
                }
                try ImportLedger.progress(started.id, bytes: 0, rows: job.report.rowsRead, in: conn)
                try ImportLedger.finish(
                    started.id, state: "done", report: job.report.stored, error: nil, now: now, in: conn)
                guard let stored = try ImportLedger.find(started.id, userID: nil, in: conn) else {
                    throw ImportError.notFound(started.id)
                }
                return stored
            }
            record.report = job.report
            return record
        } catch let rolled as RolledBack {
            return ImportRecord(
                id: started.id, userID: "", kind: started.kind.rawValue, source: started.source, state: "checked",
                bytesTotal: 0, bytesDone: 0, rowsDone: rolled.report.rowsRead, report: rolled.report, error: nil,
                createdAt: Instant.storage(now), finishedAt: nil, pid: nil)
        }
    }
}
