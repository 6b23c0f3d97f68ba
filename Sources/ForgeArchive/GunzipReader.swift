internal import CArchive

/// The expanded content of gzip data (RFC 1952; concatenated members are read as one), streamed within
/// ``ArchiveLimits``: a gzipped JSON inside a Paprika export, an `.xml.gz`.
///
/// ```swift
/// let json = try GunzipReader(stream: zip).readAll(maxBytes: 64 << 20, name: entry.path)
/// ```
/// Not thread-safe: one task reads one reader.
package final class GunzipReader: ByteStream {
    private let handle: ArchiveHandle
    /// The name used in messages (the file or entry the data came from).
    package let name: String

    /// Gunzips the file at `path`.
    /// - Throws: ``ArchiveError/cannotOpen(_:)``; ``ArchiveError/notAnArchive(_:)`` when the file is not gzip.
    package convenience init(path: String, limits: ArchiveLimits = .standard) throws(ArchiveError) {
        try self.init(source: .file(path), name: path, limits: limits)
    }

    /// Gunzips `bytes` (copied); `name` names them in messages.
    /// - Throws: ``ArchiveError/notAnArchive(_:)`` when they are not gzip.
    package convenience init(bytes: [UInt8], name: String, limits: ArchiveLimits = .standard) throws(ArchiveError) {
        try self.init(source: .bytes(bytes), name: name, limits: limits)
    }

    /// Gunzips what `stream` yields (a zip entry being read); `name` names it in messages.
    /// - Throws: ``ArchiveError/notAnArchive(_:)`` when it is not gzip; the stream's own errors.
    package convenience init(stream: any ByteStream, name: String, limits: ArchiveLimits = .standard)
        throws(ArchiveError)
    {
        try self.init(source: .stream(stream), name: name, limits: limits)
    }

    private init(source: ArchiveSource, name: String, limits: ArchiveLimits) throws(ArchiveError) {
        self.name = name
        handle = try ArchiveHandle(source: source, limits: limits, expected: "gzip data") {
            forge_archive_gzip_reader()
        }
        // The raw format takes anything; the gzip filter is there only when the data is gzip.
        guard try handle.nextHeader() != nil, forge_archive_is_gzip(handle.pointer) != 0 else {
            throw .notAnArchive("\(name) is not gzip data")
        }
        handle.rename(name)
    }

    /// Copies the next expanded bytes into `buffer`; 0 at the end.
    /// - Throws: ``ArchiveError/expansionRefused(_:)`` past the limits (a gzip bomb);
    ///   ``ArchiveError/truncated(_:)`` or ``ArchiveError/damaged(_:)`` when the data is broken.
    package func read(into buffer: UnsafeMutableRawBufferPointer) throws(ArchiveError) -> Int {
        try handle.read(into: buffer)
    }
}
