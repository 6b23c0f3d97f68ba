import ForgeArchive
import ForgeStore
import ForgeTrain
import ForgeXML
import Foundation

/// Apple Health's "Export All Health Data" (Health app → profile picture → Export All Health Data): the
/// `export.zip` it shares (`apple_health_export/export.xml`, `export_cda.xml`, `workout-routes/*.gpx`,
/// read entry by entry through ``ZipReader`` within its bomb limits, never extracted) or a bare
/// `export.xml`. Every generation from iOS 8 (compact dates, `source=`) to today (`WorkoutStatistics`,
/// GPX routes) reads the same; the XML streams through libxml2's reader (``XMLReader``) in constant
/// memory, and a document that declares entities (`<!ENTITY`: a billion-laughs or external-entity trick;
/// a real export's DTD declares none) is refused before any is parsed. What is kept and how:
/// ``HealthExportReader``.
///
/// Report: `rows_read` = `<Record>`s and `<Workout>`s; `added`/`already`: `metrics`, `sessions`;
/// `skipped`: `impossible_value`, `unknown_unit`, `unreadable_row` (listed), `impossible_heart_rate`,
/// `not_kept` (by type in the list `not_kept`); lists `metrics_by_type`.
package struct AppleHealthImporter: Importer {
    package var kind: ImportKind { .appleHealth }

    package var expected: String { Self.expected }

    static let expected =
        "an Apple Health export.zip (apple_health_export/export.xml) or export.xml (a <HealthData> document)"

    package init() {}

    package func sniff(_ probe: ImportProbe) -> Bool {
        let head = probe.head
        if head.starts(with: [0x50, 0x4B, 0x03, 0x04]) {
            return Self.contains(head, "apple_health_export/") || Self.contains(head, "export.xml")
        }
        return Self.contains(head, "<HealthData")
    }

    /// Whether the file starts with a zip signature (`PK\u{3}\u{4}`, or `PK\u{5}\u{6}` for an empty zip).
    static func isZip(_ url: URL) -> Bool {
        guard let file = FileHandle(forReadingAtPath: url.path) else { return false }
        defer { try? file.close() }
        let head = [UInt8]((try? file.read(upToCount: 4)) ?? Data())
        return head.count == 4 && head[0] == 0x50 && head[1] == 0x4B && [0x03, 0x05].contains(head[2])
    }

    static func contains(_ bytes: [UInt8], _ text: String) -> Bool {
        find(Array(text.utf8), in: bytes)
    }

    /// Whether `needle` occurs in `bytes`.
    static func find(_ needle: [UInt8], in bytes: [UInt8]) -> Bool {
        guard let first = needle.first, bytes.count >= needle.count else { return false }
        var i = 0
        let last = bytes.count - needle.count
        while i <= last {
            if bytes[i] == first, bytes[i..<(i + needle.count)].elementsEqual(needle) { return true }
            i += 1
        }
        return false
    }

    package func run(_ job: ImportJob) throws {
        let reader = try HealthExportReader(job: job)
        do {
            if Self.isZip(job.file) {
                try readZip(job, reader)
            } else {
                let file = try FileSource(path: job.file.path)
                try readXML(job, reader, name: "export.xml") { buffer in
                    let n = try file.read(into: buffer)
                    job.progress(bytes: file.offset, rows: job.report.rowsRead)
                    return n
                }
            }
        } catch let error as ArchiveError {
            if case .libraryUnavailable = error { throw error }
            throw ImportError.unreadable("\(job.source): \(error.description)")
        }
        try reader.finish()
    }

    private func readZip(_ job: ImportJob, _ reader: HealthExportReader) throws {
        let zip = try ZipReader(path: job.file.path)
        reader.bareXML = false
        var sawXML = false
        while let entry = try zip.nextEntry() {
            guard !entry.isDirectory, !entry.isMacOSMetadata else { continue }
            if Self.isMainXML(entry.path), !sawXML {
                sawXML = true
                let declared = max(1, entry.declaredSize ?? job.bytesTotal)
                var expanded: Int64 = 0
                try readXML(job, reader, name: entry.path) { buffer in
                    let n = try zip.read(into: buffer)
                    expanded += Int64(n)
                    job.progress(
                        bytes: min(job.bytesTotal, expanded * job.bytesTotal / declared), rows: job.report.rowsRead)
                    return n
                }
            } else if entry.path.contains("workout-routes/"), entry.fileName.lowercased().hasSuffix(".gpx") {
                let bytes = try zip.readAll(maxBytes: Self.maxRouteBytes, name: entry.path)
                try reader.route(named: entry.fileName, data: Data(bytes))
            }
        }
        guard sawXML else { throw ImportError.notThisKind(kind: .appleHealth, expected: Self.expected) }
    }

    /// Whether a zip entry is the export's main document: an `.xml` file at the top of the archive or
    /// of its one folder, other than `export_cda.xml`. The Health app names it in the phone's language
    /// (`export.xml`, Spanish `exportar.xml`, Norwegian `eksport.xml`, Finnish `vienti.xml`), while
    /// `export_cda.xml` keeps its English name.
    static func isMainXML(_ path: String) -> Bool {
        let parts = path.split(separator: "/")
        guard let name = parts.last?.lowercased(), parts.count <= 2, name.hasSuffix(".xml") else { return false }
        return !name.hasSuffix("_cda.xml")
    }

    /// The largest `workout-routes/*.gpx` read (a route of a day-long hike at one point a second is
    /// about 20 MB).
    static let maxRouteBytes = 256 << 20

    /// Streams one export.xml through ``HealthExportReader``, refusing entity declarations in the prolog.
    private func readXML(
        _ job: ImportJob, _ reader: HealthExportReader, name: String,
        pull: @escaping (UnsafeMutableRawBufferPointer) throws -> Int
    ) throws {
        var guardian = EntityGuard()
        do {
            try XMLReader.read(
                pull: { buffer in
                    let n = try pull(buffer)
                    if !reader.inDocument { try guardian.check(UnsafeRawBufferPointer(rebasing: buffer[0..<n])) }
                    return n
                }, reader.handle)
        } catch let error as XMLReader.Error {
            if case .libraryUnavailable = error { throw ImportError.unreadable(error.description) }
            throw ImportError.unreadable("\(name) is not well-formed XML: \(error.description)")
        }
    }

    package func undo(_ rows: [String: [String]], userID: String, now: Date, in db: Connection) throws {
        try MetricStore.delete(ids: rows["metrics"] ?? [], userID: userID, in: db)
        for id in rows["sessions"] ?? [] { try TrainingSessionStore.delete(id, userID: userID, in: db) }
    }
}
