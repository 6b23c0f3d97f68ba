import ForgeCore
import ForgeStore
import Foundation
import Synchronization
import Testing

@testable import ForgeImport

/// The move from the original Forge server as a kind of the one pipeline (issue 42): a
/// household-scope import (`ImportScope.household`) started with its source read whole, written
/// in one transaction, recorded under the admin seat; a second run from the same source is
/// known, a dry run leaves nothing, `import undo` refuses it, and an upload cannot name it.
@Suite struct HouseholdImportTests {
    static let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/forge-server/older-household.sql")

    static func source(replace: Bool, dryRun: Bool = false) throws -> HouseholdSource {
        let snapshot = try ForgeServerSnapshot(tables: PgDumpReader.read(fixture.path), source: fixture.path)
        var source = HouseholdSource(snapshot)
        source.replace = replace
        source.dryRun = dryRun
        return source
    }

    @Test func theMoveIsAKindOfThePipelineThatNoUploadNames() throws {
        let harness = try ImportHarness()
        #expect(try ImportRegistry.builtIn.importer(.forgeServer) is ForgeServerImporter)
        #expect(ImportKind.forgeServer.scope == .household && ImportKind.strong.scope == .member)
        #expect(!ImportKind.uploadable.contains(.forgeServer))
        // Named over the file door, it is refused naming the command; `auto` never guesses it.
        #expect(throws: ImportError.unsupported(.forgeServer)) {
            try harness.pipeline.start(
                kind: .forgeServer, file: Self.fixture, source: "dump.sql", userID: harness.ada.id)
        }
        #expect(!ForgeServerImporter().sniff(try ImportProbe(url: Self.fixture)))
        // And a member's kind is not started as a household's.
        #expect(throws: ImportError.unsupported(.strong)) {
            try harness.pipeline.start(.strong, household: try Self.source(replace: true))
        }
    }

    @Test func oneTransactionUnderTheAdminThenAlreadyImportedAndNoUndo() throws {
        let harness = try ImportHarness()
        let heard = Mutex<[ImportProgress]>([])
        let started = try harness.pipeline.start(.forgeServer, household: try Self.source(replace: true))
        let record = try harness.pipeline.execute(started) { p in heard.withLock { $0.append(p) } }
        #expect(record.state == "done" && record.kind == "forge-server" && record.id == started.id)
        let admin: String? = try harness.db.read { try $0.scalar("SELECT id FROM users WHERE role = 'admin'") }
        #expect(record.userID == admin)
        // The one report shape, with the per-table section; the ledger keeps the same.
        let report = try #require(record.report)
        #expect(report.tables?["users"]?.added ?? 0 > 0)
        #expect(report.totalAdded == report.tables?.values.reduce(0) { $0 + $1.added })
        #expect(try harness.pipeline.find(record.id, userID: nil)?.report?.tables == report.tables)
        // One progress type: rows of all and the table written, every table's end heard.
        let progress = heard.withLock { $0 }
        #expect(progress.allSatisfy { $0.importID == started.id && $0.rowsTotal == report.rowsRead })
        #expect(progress.contains { $0.table?.name == "logged_sets" && $0.table?.finished == true })
        // A second run from the same source changes nothing; the move is undone by its backup only.
        #expect(throws: ImportError.alreadyImported(importID: record.id, at: record.finishedAt ?? "")) {
            try harness.pipeline.start(.forgeServer, household: try Self.source(replace: false))
        }
        #expect(throws: ImportError.wholeMove(id: record.id)) { try harness.pipeline.undo(id: record.id, userID: nil) }
    }

    @Test func aDryRunIsCheckedAndLeavesNothing() throws {
        let harness = try ImportHarness()
        let users = try harness.count("SELECT COUNT(*) FROM users")
        let started = try harness.pipeline.start(.forgeServer, household: try Self.source(replace: true, dryRun: true))
        let record = try harness.pipeline.execute(started)
        #expect(record.state == "checked")
        #expect((record.report?.totalAdded ?? 0) > 0)
        #expect(try harness.pipeline.list(userID: nil).isEmpty)
        #expect(try harness.count("SELECT COUNT(*) FROM users") == users)
    }
}
