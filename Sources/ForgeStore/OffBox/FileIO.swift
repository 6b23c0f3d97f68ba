import Foundation

/// Reads a file in pieces (short only at its end).
final class FileReader {
    private var fd: Int32
    let path: String

    init(_ path: String) throws {
        self.path = path
        fd = Foundation.open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw BackupCopyError.io("cannot read \(path): \(String(cString: strerror(errno)))") }
    }

    /// Up to `count` bytes; fewer only at the end of the file, none after it.
    func read(_ count: Int) throws -> [UInt8] {
        var buffer = [UInt8](repeating: 0, count: count)
        var filled = 0
        while filled < count {
            let n = buffer.withUnsafeMutableBytes {
                Foundation.read(fd, $0.baseAddress?.advanced(by: filled), count - filled)
            }
            if n < 0 {
                if errno == EINTR { continue }
                throw BackupCopyError.io("cannot read \(path): \(String(cString: strerror(errno)))")
            }
            if n == 0 { break }
            filled += n
        }
        return filled == count ? buffer : Array(buffer[0..<filled])
    }

    func close() {
        if fd >= 0 { Foundation.close(fd) }
        fd = -1
    }
}

/// Writes a new file (mode 0600; an existing one is refused), fsynced at ``finish()``.
final class FileWriter {
    private var fd: Int32
    let path: String
    private(set) var count = 0

    init(_ path: String) throws {
        self.path = path
        fd = Foundation.open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw BackupCopyError.io("cannot create \(path): \(String(cString: strerror(errno)))") }
        fchmod(fd, 0o600)  // whatever the umask
    }

    func write(_ bytes: [UInt8]) throws {
        var offset = 0
        while offset < bytes.count {
            let n = bytes.withUnsafeBytes {
                Foundation.write(fd, $0.baseAddress?.advanced(by: offset), bytes.count - offset)
            }
            if n < 0 {
                if errno == EINTR { continue }
                throw BackupCopyError.io("cannot write \(path): \(String(cString: strerror(errno)))")
            }
            offset += n
        }
        count += bytes.count
    }

    /// fsync and close.
    func finish() throws {
        let synced = fsync(fd) == 0
        let reason = String(cString: strerror(errno))
        Foundation.close(fd)
        fd = -1
        guard synced else { throw BackupCopyError.io("cannot write \(path): \(reason)") }
    }

    /// Closes and removes the file.
    func abandon() {
        if fd >= 0 { Foundation.close(fd) }
        fd = -1
        unlink(path)
    }
}
