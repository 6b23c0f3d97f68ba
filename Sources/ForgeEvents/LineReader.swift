import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Reads newline-terminated lines from a blocking file descriptor
/// (`forged notify tail`, the desktop bridge, tests).
package final class LineReader {
    private let fd: Int32
    private var buffer: [UInt8] = []

    /// A reader of `fd` (not owned: the caller closes it).
    package init(fd: Int32) { self.fd = fd }

    /// The next line without its newline, or nil at end of stream or error.
    package func next() -> String? {
        while true {
            if let newline = buffer.firstIndex(of: 10) {
                let line = String(decoding: buffer[..<newline], as: UTF8.self)
                buffer.removeSubrange(...newline)
                return line
            }
            var chunk = [UInt8](repeating: 0, count: 65_536)
            let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n < 0, errno == EINTR { continue }
            guard n > 0 else { return nil }
            buffer += chunk[..<n]
        }
    }
}
