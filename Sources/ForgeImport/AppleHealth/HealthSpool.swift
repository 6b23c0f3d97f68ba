import Foundation

/// Pairs of doubles appended to an unlinked temporary file and read back in order: the heart-rate
/// samples and workout routes of an Apple Health export, which can run to millions of points, stay on
/// disk instead of in memory while the XML streams. The file is made in `directory` (the state
/// directory: /tmp may be a tmpfs, which is memory), else in the system's temporary directory, and is
/// unlinked at once, so nothing is left behind even by a crash.
final class HealthSpool {
    private let fd: Int32
    private var buffer: [Double] = []
    /// Pairs written so far (flushed or not).
    private(set) var count = 0
    /// Pairs already on disk.
    private var flushed = 0

    /// - Throws: ``ImportError/unreadable(_:)`` when no temporary file can be made.
    init(directory: String?) throws {
        var fd: Int32 = -1
        for dir in [directory, FileManager.default.temporaryDirectory.path].compactMap({ $0 }) where fd < 0 {
            var template = Array((dir + "/.forged-health-XXXXXX").utf8CString)
            fd = template.withUnsafeMutableBufferPointer { buffer in buffer.baseAddress.map { mkstemp($0) } ?? -1 }
            if fd >= 0 { template.withUnsafeBufferPointer { buffer in _ = buffer.baseAddress.map { unlink($0) } } }
        }
        guard fd >= 0 else {
            throw ImportError.unreadable("cannot make a temporary file: \(String(cString: strerror(errno)))")
        }
        self.fd = fd
        buffer.reserveCapacity(8192)
    }

    deinit { close(fd) }

    /// Appends one pair.
    func append(_ a: Double, _ b: Double) throws {
        buffer.append(a)
        buffer.append(b)
        count += 1
        if buffer.count >= 8192 { try flush() }
    }

    private func flush() throws {
        guard !buffer.isEmpty else { return }
        let offset = off_t(flushed * 16)
        let written = buffer.withUnsafeBytes { pwrite(fd, $0.baseAddress, $0.count, offset) }
        guard written == buffer.count * 8 else {
            throw ImportError.unreadable("cannot write a temporary file: \(String(cString: strerror(errno)))")
        }
        flushed += buffer.count / 2
        buffer.removeAll(keepingCapacity: true)
    }

    /// Calls `body` with every pair from index `from` (inclusive) to `to` (exclusive), in order.
    func forEach(from: Int = 0, to: Int? = nil, _ body: (Double, Double) throws -> Void) throws {
        try flush()
        let end = min(to ?? count, count)
        var index = from
        var chunk = [Double](repeating: 0, count: 16_384)
        while index < end {
            let pairs = min(chunk.count / 2, end - index)
            let read = chunk.withUnsafeMutableBytes { pread(fd, $0.baseAddress, pairs * 16, off_t(index * 16)) }
            guard read == pairs * 16 else {
                throw ImportError.unreadable("cannot read a temporary file: \(String(cString: strerror(errno)))")
            }
            for k in 0..<pairs { try body(chunk[2 * k], chunk[2 * k + 1]) }
            index += pairs
        }
    }
}
