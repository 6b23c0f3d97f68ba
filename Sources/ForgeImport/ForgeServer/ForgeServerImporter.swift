import ForgeCore
import ForgeStore
import Foundation

/// `forge-server`: the move of a whole household from the original Forge server, a
/// household-scope kind of the one pipeline (``ImportScope/household``). `forged import
/// forge-server` reads the source whole (``ForgeServerSource``), holds the state directory's
/// lock, starts the import (``ImportPipeline/start(_:household:)``), takes the pre-import
/// backup, then executes it: every table written in the pipeline's one transaction
/// (``ForgeServerMove``), recorded under the admin seat with a key per member
/// (`forge-server:<id>`), so a second run from the same source is known and changes nothing.
///
/// Report: the per-table section (``ImportReport/tables``: read, added, already, skipped by
/// reason), `added`/`already` by the original's table, `skipped` by `TABLE: REASON`, every
/// skipped row naming its table and row; lists `replaced`, `passwords` and `notes`.
package struct ForgeServerImporter: Importer {
    package init() {}

    package var kind: ImportKind { .forgeServer }

    package var expected: String {
        "the original Forge server's database (its DATABASE_URL, a pg_dump file or its SQLite file)"
    }

    /// Never guessed from a file: the move is named (`forged import forge-server --from SOURCE`).
    package func sniff(_ probe: ImportProbe) -> Bool { false }

    /// Without `--replace`: an earlier move of these members (``ImportError/alreadyImported(importID:at:)``:
    /// nothing to do), else household data forged already holds (``ImportError/notEmpty(_:)``).
    package func check(_ started: ImportPipeline.Started, in conn: Connection) throws {
        guard let household = started.household, !household.replace else { return }
        for row in household.snapshot.rows("users") {
            let id = row.string("id")
            if let holder = try ImportLedger.holder(Self.key(id), userID: id, in: conn),
                let record = try ImportLedger.find(holder, userID: nil, in: conn), record.state == "done"
            {
                throw ImportError.alreadyImported(importID: holder, at: record.finishedAt ?? record.createdAt)
            }
        }
        let counts = try HouseholdContent.beyondSeed(in: conn)
        if !counts.isEmpty { throw ImportError.notEmpty(counts) }
    }

    /// Writes the household in the pipeline's one transaction (``ImportJob/write(_:)``), the large
    /// tables' rows converted on a second core meanwhile (``ConvertedRows``).
    /// - Throws: ``ImportError/unsupported(_:)`` without a household source; ``ImportError`` for a
    ///   source forged cannot take as a whole; `DatabaseError`. The transaction then rolls back.
    package func run(_ job: ImportJob) throws {
        guard let snapshot = job.household?.snapshot else { throw ImportError.unsupported(kind) }
        try job.write { conn in
            let now = job.clock.now()
            let move = ForgeServerMove(snapshot: snapshot, conn: conn, now: now, job: job)
            try ConvertedRows.converting(snapshot, now: now) { ahead in try move.run(ahead) }
            move.report.list(
                ImportReport.notesList,
                "records are rebuilt from the sets; where the two servers differ by design (record details in "
                    + "the member's unit, trend, e1RM on the trained day, media_tier) forged answers its own way")
            job.report = move.report
            let members = move.members.sorted()
            let admin =
                snapshot.rows("users").first { members.contains($0.string("id")) && $0.string("role") == "admin" }?
                .string("id") ?? members[0]
            job.record(under: admin, claiming: Dictionary(uniqueKeysWithValues: members.map { (Self.key($0), $0) }))
        }
    }

    /// A move adds no rows to the ledger: it is undone by restoring the backup taken before it
    /// (``ImportPipeline/undo(id:userID:)`` refuses with ``ImportError/wholeMove(id:)``).
    package func undo(_ rows: [String: [String]], userID: String, now: Date, in db: Connection) throws {}

    /// The ledger key of a member moved in: `forge-server:<id>`.
    static func key(_ member: String) -> String { "forge-server:\(member)" }
}
