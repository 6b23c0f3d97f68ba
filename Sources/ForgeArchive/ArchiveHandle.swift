internal import CArchive
import Foundation

/// Where a reader's compressed bytes come from.
enum ArchiveSource {
    /// A file on disk, read in 64 KiB blocks (seekable).
    case file(String)
    /// Bytes in memory (copied once; seekable).
    case bytes([UInt8])
    /// Another reader's output, pulled in order (not seekable).
    case stream(any ByteStream)
}

/// Feeds a libarchive reader from a ``ByteStream`` through its read callback, and keeps the stream's
/// error so that the reader throws it rather than libarchive's generic message.
final class PullSource {
    let upstream: any ByteStream
    let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 64 << 10, alignment: 16)
    var failure: ArchiveError?
    /// Whether the upstream stream has ended: libarchive failing after that means the data stops early.
    var ended = false

    init(_ upstream: any ByteStream) { self.upstream = upstream }
    deinit { buffer.deallocate() }

    /// libarchive's read callback: the next chunk of the upstream stream, 0 at its end, -1 on failure.
    static let callback:
        @convention(c) (
            OpaquePointer?, UnsafeMutableRawPointer?, UnsafeMutablePointer<UnsafeRawPointer?>?
        ) -> la_ssize_t = { _, context, out in
            guard let context, let out else { return -1 }
            let source = Unmanaged<PullSource>.fromOpaque(context).takeUnretainedValue()
            do throws(ArchiveError) {
                let count = try source.upstream.read(into: source.buffer)
                if count == 0 { source.ended = true }
                out.pointee = UnsafeRawPointer(source.buffer.baseAddress)
                return la_ssize_t(count)
            } catch {
                source.failure = error
                return -1
            }
        }
}

/// One libarchive read handle with its source and its ``ExpansionMeter``: the shared machinery of
/// ``ZipReader`` and ``GunzipReader``. Not thread-safe: one reader is used by one task at a time.
final class ArchiveHandle {
    let pointer: OpaquePointer
    /// What the source should have been, for messages ("a zip archive", "gzip data").
    let expected: String
    private var meter: ExpansionMeter
    private let pull: PullSource?
    private let memory: UnsafeMutableRawBufferPointer?
    /// The name of the entry being read, for messages.
    private(set) var entryName = ""
    private var finished = false

    /// Opens `source` with a reader made by `make` (a `forge_archive_*_reader`).
    /// - Throws: ``ArchiveError/libraryUnavailable(_:)``, ``ArchiveError/cannotOpen(_:)`` for a missing or
    ///   unreadable file, else libarchive's open failure sorted by ``ArchiveError/classify(_:expected:)``.
    init(
        source: ArchiveSource, limits: ArchiveLimits, expected: String, make: () -> OpaquePointer?
    ) throws(ArchiveError) {
        try ArchiveLibrary.load()
        guard let pointer = make() else { throw .libraryUnavailable("libarchive could not allocate a reader") }
        self.pointer = pointer
        self.expected = expected
        var sourceSize: Int64?
        var pull: PullSource?
        var memory: UnsafeMutableRawBufferPointer?
        let status: Int32
        switch source {
        case .file(let path):
            var info = stat()
            guard stat(path, &info) == 0 else {
                let reason = String(cString: strerror(errno))
                forge_archive_free(pointer)
                throw .cannotOpen("\(path): \(reason)")
            }
            guard info.st_mode & S_IFMT != S_IFDIR else {
                forge_archive_free(pointer)
                throw .cannotOpen("\(path) is a directory")
            }
            sourceSize = Int64(info.st_size)
            status = forge_archive_open_filename(pointer, path, 64 << 10)
        case .bytes(let bytes):
            let copy = UnsafeMutableRawBufferPointer.allocate(byteCount: max(1, bytes.count), alignment: 16)
            copy.copyBytes(from: bytes)
            memory = copy
            sourceSize = Int64(bytes.count)
            status = forge_archive_open_memory(pointer, copy.baseAddress, bytes.count)
        case .stream(let upstream):
            let source = PullSource(upstream)
            pull = source
            status = forge_archive_open_callbacks(
                pointer, Unmanaged.passUnretained(source).toOpaque(), PullSource.callback)
        }
        self.pull = pull
        self.memory = memory
        self.meter = ExpansionMeter(limits: limits, sourceSize: sourceSize)
        if status != ARCHIVE_OK && status != ARCHIVE_WARN {
            // Every property is set, so deinit frees the handle and the copy.
            let error = failure()
            if case .file(let path) = source, case .damaged(let why) = error { throw .cannotOpen("\(path): \(why)") }
            throw error
        }
    }

    deinit {
        forge_archive_free(pointer)
        memory?.deallocate()
    }

    /// The error behind a failed call: the upstream stream's own, else libarchive's message classified.
    func failure() -> ArchiveError {
        if let upstream = pull?.failure { return upstream }
        let message = forge_archive_error_string(pointer).map { String(cString: $0) } ?? "unknown libarchive error"
        let error = ArchiveError.classify(message, expected: expected)
        // A streamed source that ran out before the format was done ends early, whatever zlib called it.
        if case .damaged = error, pull?.ended == true { return .truncated(message) }
        return error
    }

    /// The next entry's header, or nil after the last.
    func nextHeader() throws(ArchiveError) -> OpaquePointer? {
        if finished { return nil }
        var entry: OpaquePointer?
        let status = forge_archive_next_header(pointer, &entry)
        if status == ARCHIVE_EOF {
            finished = true
            return nil
        }
        guard status == ARCHIVE_OK || status == ARCHIVE_WARN, let entry else { throw failure() }
        let name = forge_archive_entry_pathname(entry).map { String(cString: $0) } ?? ""
        entryName = name
        meter.startEntry(consumed: forge_archive_source_bytes(pointer))
        let declared = forge_archive_entry_size(entry)
        if declared > meter.limits.maxTotalBytes {
            throw .expansionRefused(
                "refused: \(name) declares \(declared) bytes, past the limit of \(meter.limits.maxTotalBytes)")
        }
        return entry
    }

    /// Names the current entry `name` in messages (a gzip stream's single entry is called "data").
    func rename(_ name: String) { entryName = name }

    /// Copies the current entry's next bytes into `buffer`, metering them; 0 at its end.
    func read(into buffer: UnsafeMutableRawBufferPointer) throws(ArchiveError) -> Int {
        guard let base = buffer.baseAddress, buffer.count > 0 else { return 0 }
        let count = forge_archive_read_data(pointer, base, buffer.count)
        if count < 0 { throw failure() }
        if count > 0 { try meter.add(count, consumed: forge_archive_source_bytes(pointer), name: entryName) }
        return count
    }
}
