/// The limits that stop a decompression bomb, enforced while the data streams (nothing is expanded first and
/// checked after). A real export compresses well below them: an Apple Health `export.zip` about 15:1, a
/// recipe library of JSON and JPEG about 2:1.
package struct ArchiveLimits: Sendable, Equatable {
    /// The most bytes one entry, and the archive as a whole, may expand to per compressed byte read
    /// (default 100, i.e. 100:1).
    package var maxRatio: Int64
    /// The most bytes the whole archive may expand to, in bytes (default 16 GiB).
    package var maxTotalBytes: Int64
    /// Expanded bytes below which the ratio is not checked (default 1 MiB): a small, very regular file
    /// (a run of spaces, an empty table) may compress past 100:1 without being a bomb, and a block read
    /// ahead makes the compressed count coarse for small entries.
    package var ratioGraceBytes: Int64

    /// - Parameters:
    ///   - maxRatio: expanded bytes allowed per compressed byte (≥ 1).
    ///   - maxTotalBytes: the cap on the archive's expanded size, bytes.
    ///   - ratioGraceBytes: expanded bytes before the ratio applies.
    package init(maxRatio: Int64 = 100, maxTotalBytes: Int64 = 16 << 30, ratioGraceBytes: Int64 = 1 << 20) {
        self.maxRatio = max(1, maxRatio)
        self.maxTotalBytes = max(0, maxTotalBytes)
        self.ratioGraceBytes = max(0, ratioGraceBytes)
    }

    /// 100:1, 16 GiB, 1 MiB of grace.
    package static let standard = ArchiveLimits()
}

/// Counts expanded and compressed bytes for one reader and refuses past its ``ArchiveLimits``.
struct ExpansionMeter {
    let limits: ArchiveLimits
    /// The compressed size of the whole source when known (a file's or a buffer's length), which bounds the
    /// overall ratio even when a reader re-reads shared data (overlapping zip entries).
    let sourceSize: Int64?
    private(set) var total: Int64 = 0
    private(set) var entry: Int64 = 0
    private var entryStart: Int64 = 0

    init(limits: ArchiveLimits, sourceSize: Int64?) {
        self.limits = limits
        self.sourceSize = sourceSize
    }

    /// A new entry starts with `consumed` compressed bytes read so far.
    mutating func startEntry(consumed: Int64) {
        entry = 0
        entryStart = max(0, consumed)
    }

    /// Adds `count` expanded bytes of entry `name`, with `consumed` compressed bytes read so far
    /// (-1 when unknown); throws ``ArchiveError/expansionRefused(_:)`` past a limit.
    mutating func add(_ count: Int, consumed: Int64, name: String) throws(ArchiveError) {
        total += Int64(count)
        entry += Int64(count)
        let ratio = limits.maxRatio
        if total > limits.maxTotalBytes {
            throw .expansionRefused(
                "refused: the archive expands past \(limits.maxTotalBytes) bytes (at \(name); a decompression bomb?)")
        }
        if consumed >= 0 {
            let entryCompressed = max(1, consumed - entryStart)
            if entry > limits.ratioGraceBytes && Double(entry) > Double(ratio) * Double(entryCompressed) {
                throw .expansionRefused(
                    "refused: \(name) expands past \(ratio):1 (\(entry) bytes from \(entryCompressed); a decompression bomb?)"
                )
            }
        }
        // Bytes read so far, but never more than the source holds (a reader that seeks back reads some twice).
        var compressed: Int64? = consumed >= 0 ? max(1, consumed) : nil
        if let size = sourceSize { compressed = min(compressed ?? size, max(1, size)) }
        if let compressed, total > limits.ratioGraceBytes && Double(total) > Double(ratio) * Double(compressed) {
            throw .expansionRefused(
                "refused: the archive expands past \(ratio):1 (\(total) bytes from \(compressed); a decompression bomb?)"
            )
        }
    }
}
