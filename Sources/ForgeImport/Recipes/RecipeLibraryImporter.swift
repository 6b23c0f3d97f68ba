import ForgeCook
import ForgeStore
import Foundation

/// The recipe-library kinds (`paprika`, `mealie`, `tandoor`, `nextcloud`): the household's library, so any
/// member may import one. Reads through ForgeCook's ``RecipeLibraryImport`` (the page import's pipeline and
/// the library's own write path), recording every recipe and photo blob it adds in the ledger.
///
/// Report: the one ``RecipeLibraryImport/run(_:path:db:now:limits:batchSize:batchPhotoBytes:record:progress:)``
/// gives (`rows_read` = recipe-like entries, `added.recipes`, `already.recipes`, `skipped.link_only`…).
package struct RecipeLibraryImporter: Importer {
    package let format: LibraryFormat

    package init(_ format: LibraryFormat) { self.format = format }

    package var kind: ImportKind {
        switch format {
        case .paprika: .paprika
        case .mealie: .mealie
        case .tandoor: .tandoor
        case .nextcloud: .nextcloud
        }
    }

    package var expected: String { format.expected }

    /// The head's entry names tell the format; a zip whose head shows none (a first file written as a
    /// stream, its size after its data) is read by its directory (``LibraryFormat/sniff(path:)``).
    package func sniff(_ probe: ImportProbe) -> Bool {
        if let found = LibraryFormat.sniff(name: probe.name, head: probe.head) { return found == format }
        guard let url = probe.url, probe.head.starts(with: [0x50, 0x4B, 0x03, 0x04]) else { return false }
        return LibraryFormat.sniff(path: url.path) == format
    }

    package func run(_ job: ImportJob) throws {
        let guessed = job.report.guessed
        do {
            job.report = try RecipeLibraryImport.run(
                format, path: job.file.path, db: job.db, now: job.clock.now(),
                record: { table, id, db in try job.added(table: table, id: id, in: db) },
                progress: { entries in job.progress(bytes: 0, rows: entries) })
        } catch let error as LibraryExportError where error.notThisFormat {
            throw ImportError.notThisKind(kind: kind, expected: format.expected)
        } catch let error as LibraryExportError {
            throw ImportError.unreadable(error.description)
        }
        job.report.guessed = guessed
    }

    package func undo(_ rows: [String: [String]], userID: String, now: Date, in db: Connection) throws {
        try RecipeLibraryStore.remove(slugs: rows["recipes"] ?? [], mediaIDs: rows["media"] ?? [], in: db)
    }
}
