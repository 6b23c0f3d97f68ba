import ForgeStore
import Foundation

/// What `auto` looks at to guess a kind: the file's name and its first bytes.
package struct ImportProbe: Sendable {
    /// The file name as given (`strong.csv`, `export.zip`).
    package let name: String
    /// Up to ``headSize`` first bytes of the file.
    package let head: [UInt8]
    /// The file itself, when the probe was read from one: for a kind whose head cannot tell (a zip written
    /// as a stream) to look further.
    package let url: URL?

    /// How many bytes of the head are read.
    package static let headSize = 64 << 10

    package init(name: String, head: [UInt8], url: URL? = nil) {
        self.name = name
        self.head = head
        self.url = url
    }

    /// Reads the head of `url`.
    package init(url: URL, name: String? = nil) throws {
        guard let handle = FileHandle(forReadingAtPath: url.path) else {
            throw ImportError.unreadable("cannot open \(url.path)")
        }
        defer { try? handle.close() }
        self.init(
            name: name ?? url.lastPathComponent, head: [UInt8](handle.readData(ofLength: Self.headSize)), url: url)
    }

    /// The head's first line as text (BOM dropped), for CSV headers.
    package var firstLine: String {
        var bytes = head[...]
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes = bytes.dropFirst(3) }
        let end = bytes.firstIndex { $0 == 0x0A || $0 == 0x0D } ?? bytes.endIndex
        return String(decoding: bytes[..<end], as: UTF8.self)
    }
}

/// One kind's importer: the pipeline (``ImportPipeline``) opens the ledger,
/// calls ``run(_:)`` and finishes or undoes; an importer only reads its
/// source and writes through the owning modules' write paths, recording what
/// it added with ``ImportJob/added(table:id:in:)`` and what it recognised as
/// already there with ``ImportJob/claim(_:in:)`` (a household import, which
/// replaces every seat, names the seat and keys to record instead:
/// ``ImportJob/record(under:claiming:)``).
///
/// Plugging a kind in (the recipe libraries, the original Forge server): an
/// `Importer` value, listed in ``ImportRegistry/builtIn``.
package protocol Importer: Sendable {
    /// The kind it reads.
    var kind: ImportKind { get }

    /// What a file of this kind starts with, for the refusal of one that is not
    /// (`a Strong CSV header with Date, Workout Name, ...`).
    var expected: String { get }

    /// True when `probe` looks like this kind's export: `auto` picks by it, and a
    /// file given as this kind that fails it is refused before anything is written.
    /// Cheap: the head only.
    func sniff(_ probe: ImportProbe) -> Bool

    /// Reads ``ImportJob/file`` and writes what it holds, in batches of
    /// ``ImportJob/write(_:)``, counting into ``ImportJob/report`` and calling
    /// ``ImportJob/progress(bytes:rows:force:)`` as it goes.
    /// - Throws: ``ImportError/notThisKind(kind:expected:)`` when the file is not
    ///   this kind's (before anything is written), or any error: the pipeline then
    ///   removes whatever the job had added.
    func run(_ job: ImportJob) throws

    /// Removes the rows an import of this kind added (`table` → row ids, in
    /// insertion order, from the ledger), through the owning modules' write
    /// paths, and recomputes what derives from them (records). Runs in one
    /// write transaction with the ledger update.
    func undo(_ rows: [String: [String]], userID: String, now: Date, in db: Connection) throws

    /// What refuses an import of `started` beyond the pipeline's own checks (a household
    /// import's earlier move of the same members, household data already there): run before
    /// the command takes its backup and again in the import's transaction.
    /// - Throws: the refusal (an ``ImportError``).
    func check(_ started: ImportPipeline.Started, in db: Connection) throws
}

extension Importer {
    /// A member's import has no checks beyond the pipeline's.
    package func check(_ started: ImportPipeline.Started, in db: Connection) throws {}
}
