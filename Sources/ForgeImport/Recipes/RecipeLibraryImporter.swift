import ForgeCook
import ForgeStore
import Foundation

/// The recipe-library kinds (`paprika`, `mealie`, `tandoor`, `nextcloud`): the household's library, so any
/// member may import one. Reads through ForgeCook's ``RecipeLibraryImport`` (the page import's pipeline and
/// the library's own write path), recording every recipe and photo blob it adds in the ledger.
///
/// Report: `rows_read` = recipe-like entries; `added.recipes`, `added.photos`; `already.recipes` = duplicates
/// (a re-import reports everything there); `skipped.link_only` and `skipped.unreadable_entry`; lists
/// `link_only`, `duplicates`, `parked` (count as one item), `unknown_ingredients` (most frequent first,
/// "name (recipes)"); warnings "title: what".
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
        let report: LibraryImportReport
        do {
            report = try RecipeLibraryImport.run(
                format, path: job.file.path, db: job.db, now: job.clock.now(),
                record: { table, id, db in try job.added(table: table, id: id, in: db) },
                progress: { entries in job.progress(bytes: 0, rows: entries) })
        } catch let error as LibraryExportError where error.notThisFormat {
            throw ImportError.notThisKind(kind: kind, expected: format.expected)
        } catch let error as LibraryExportError {
            throw ImportError.unreadable(error.description)
        }
        job.report.rowsRead = report.entries
        if !report.added.isEmpty { job.report.add("recipes", report.added.count) }
        if !report.mediaIDs.isEmpty { job.report.add("photos", report.mediaIDs.count) }
        if !report.duplicates.isEmpty { job.report.found("recipes", report.duplicates.count) }
        for link in report.linkOnly { job.report.skip(line: 0, reason: "link_only", detail: link) }
        for entry in report.unreadable { job.report.skip(line: 0, reason: "unreadable_entry", detail: entry) }
        if !report.linkOnly.isEmpty { job.report.lists["link_only"] = report.linkOnly }
        if !report.duplicates.isEmpty { job.report.lists["duplicates"] = report.duplicates }
        if report.parked > 0 { job.report.lists["parked"] = ["\(report.parked) of \(report.added.count) recipes"] }
        let unknown = report.mostFrequentUnknown(20)
        if !unknown.isEmpty { job.report.lists["unknown_ingredients"] = unknown.map { "\($0.name) (\($0.recipes))" } }
        job.report.warnings += report.warnings
    }

    package func undo(_ rows: [String: [String]], userID: String, now: Date, in db: Connection) throws {
        try RecipeLibraryStore.remove(slugs: rows["recipes"] ?? [], mediaIDs: rows["media"] ?? [], in: db)
    }
}
