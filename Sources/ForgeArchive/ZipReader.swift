internal import CArchive
import Foundation

/// One entry of a zip archive, as its header describes it.
package struct ArchiveEntry: Sendable, Equatable {
    /// The path inside the archive, UTF-8, with `/` separators (a directory's ends with `/`).
    package let path: String
    /// The expanded size the header declares, bytes; nil when it declares none (a streamed entry).
    package let declaredSize: Int64?
    /// Whether the entry is a directory (it has no content).
    package let isDirectory: Bool

    package init(path: String, declaredSize: Int64?, isDirectory: Bool) {
        self.path = path
        self.declaredSize = declaredSize
        self.isDirectory = isDirectory
    }

    /// The last path component (`"recipe.json"` for `"a/b/recipe.json"`).
    package var fileName: String { path.split(separator: "/").last.map(String.init) ?? path }

    /// Whether the entry is metadata that macOS's Finder adds to archives it makes: anything under
    /// `__MACOSX/`, a `.DS_Store`, or an AppleDouble `._name` file. Importers skip these.
    package var isMacOSMetadata: Bool {
        let parts = path.split(separator: "/")
        if parts.contains("__MACOSX") { return true }
        guard let last = parts.last else { return false }
        return last == ".DS_Store" || last.hasPrefix("._")
    }
}

/// Reads the entries of a zip archive in order, each entry's content streamed (never the whole archive in
/// memory), within ``ArchiveLimits``. Entries are stored or deflated (what libarchive's zip reader reads).
/// A file or a buffer is read through its central directory; a zip streamed from another reader (a zip
/// inside a zip) through its local headers.
///
/// ```swift
/// let zip = try ZipReader(path: "export.zip")
/// while let entry = try zip.nextEntry() {
///     if entry.path == "export.xml" { try consume(zip) }   // zip.read(into:) until 0
/// }
/// ```
/// Not thread-safe: one task reads one reader.
package final class ZipReader: ByteStream {
    /// nil for an empty zip (only an end record), which libarchive's seekable reader does not recognise.
    private let handle: ArchiveHandle?
    /// Whether an entry has been read (its unread rest is drained before the next header).
    private var started = false

    /// Opens the zip file at `path`.
    /// - Throws: ``ArchiveError/cannotOpen(_:)`` (missing, unreadable, a directory);
    ///   ``ArchiveError/truncated(_:)`` when the file starts like a zip but its end (the central directory) is
    ///   missing; ``ArchiveError/notAnArchive(_:)`` for anything else that is not a zip;
    ///   ``ArchiveError/libraryUnavailable(_:)``.
    package convenience init(path: String, limits: ArchiveLimits = .standard) throws(ArchiveError) {
        try self.init(source: .file(path), limits: limits) { Self.head(path: path) }
    }

    /// Opens a zip held in memory (`bytes` is copied), with the same errors as ``init(path:limits:)``.
    package convenience init(bytes: [UInt8], limits: ArchiveLimits = .standard) throws(ArchiveError) {
        try self.init(source: .bytes(bytes), limits: limits) { Array(bytes.prefix(4)) }
    }

    /// Opens a zip that `stream` yields (an entry of another archive), read in order through its local headers.
    /// - Throws: ``ArchiveError/notAnArchive(_:)`` when it is not a zip; the stream's own errors.
    package convenience init(stream: any ByteStream, limits: ArchiveLimits = .standard) throws(ArchiveError) {
        try self.init(source: .stream(stream), limits: limits) { [] }
    }

    /// - Parameter head: the source's first bytes, to tell an empty or truncated zip from something else.
    private init(source: ArchiveSource, limits: ArchiveLimits, head: () -> [UInt8]) throws(ArchiveError) {
        let seekable: Int32
        if case .stream = source { seekable = 0 } else { seekable = 1 }
        do {
            handle = try ArchiveHandle(source: source, limits: limits, expected: "a zip archive") {
                forge_archive_zip_reader(seekable)
            }
        } catch .notAnArchive(let why) {
            // libarchive's reason ("not a zip archive (Unrecognized archive format)") contradicts a
            // truncated zip, so that case names only what is wrong.
            let head = head()
            if Self.startsLikeZip(Array(head.prefix(4))) && head[2] == 0x05 {
                handle = nil  // the end record comes first: no entries
            } else if Self.startsLikeZip(Array(head.prefix(4))) {
                throw .truncated("the file starts like a zip archive but its end is missing")
            } else {
                throw .notAnArchive(why)
            }
        }
    }

    /// The next entry (directories included), or nil after the last. Whatever was not read of the previous
    /// entry is read through (and metered by the limits) first: every byte of a zip is checked.
    /// - Throws: ``ArchiveError`` when a header is damaged or the archive ends early;
    ///   ``ArchiveError/expansionRefused(_:)`` when an entry declares more than the total limit.
    package func nextEntry() throws(ArchiveError) -> ArchiveEntry? {
        guard let handle else { return nil }
        // The unread rest of the previous entry goes through the meter too, so a bomb that its reader
        // chose not to read (a name it does not import) is still refused.
        if started {
            let scratch = UnsafeMutableRawBufferPointer.allocate(byteCount: 64 << 10, alignment: 16)
            defer { scratch.deallocate() }
            while try handle.read(into: scratch) > 0 {}
        }
        guard let entry = try handle.nextHeader() else {
            started = false
            return nil
        }
        started = true
        let size = forge_archive_entry_size(entry)
        return ArchiveEntry(
            path: handle.entryName, declaredSize: size >= 0 ? size : nil,
            isDirectory: forge_archive_entry_is_directory(entry) != 0)
    }

    /// Copies the current entry's next bytes into `buffer`.
    /// - Returns: the count copied; 0 at the end of the entry (and before the first ``nextEntry()``).
    /// - Throws: ``ArchiveError/expansionRefused(_:)`` past the limits; ``ArchiveError/truncated(_:)`` or
    ///   ``ArchiveError/damaged(_:)`` when the data is broken.
    package func read(into buffer: UnsafeMutableRawBufferPointer) throws(ArchiveError) -> Int {
        try handle?.read(into: buffer) ?? 0
    }

    /// The first 4 bytes of the file at `path` (fewer when it is shorter or unreadable).
    static func head(path: String) -> [UInt8] {
        guard let file = FileHandle(forReadingAtPath: path) else { return [] }
        defer { try? file.close() }
        return Array((try? file.read(upToCount: 4)) ?? Data())
    }

    /// Whether `head` is `PK\u{3}\u{4}` (a local header), `PK\u{5}\u{6}` (an empty zip's end record) or
    /// `PK\u{7}\u{8}` (a spanned archive's marker): the signatures of APPNOTE.TXT §4.3.
    static func startsLikeZip(_ head: [UInt8]) -> Bool {
        head.count == 4 && head[0] == 0x50 && head[1] == 0x4B && [0x03, 0x05, 0x07].contains(head[2])
            && head[3] == head[2] + 1
    }
}
