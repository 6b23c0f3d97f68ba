import Foundation

/// A file read in order (a bare export.xml).
final class FileSource {
    private let fd: Int32
    private(set) var offset: Int64 = 0

    init(path: String) throws {
        fd = open(path, O_RDONLY)
        guard fd >= 0 else { throw ImportError.unreadable("cannot open \(path): \(String(cString: strerror(errno)))") }
    }

    deinit { close(fd) }

    func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
        let n = Foundation.read(fd, buffer.baseAddress, buffer.count)
        guard n >= 0 else { throw ImportError.unreadable("cannot read the file: \(String(cString: strerror(errno)))") }
        offset += Int64(n)
        return n
    }
}
