import Foundation

/// Writes all `count` bytes at `bytes` to the spool file `fd`, retrying
/// interrupted and short writes (write(2) may take fewer bytes than asked).
/// - Returns: false when a write fails (disk full, quota, I/O error): the
///   caller stops spooling and the server answers 507.
func spoolWrite(_ fd: Int32, _ bytes: UnsafeRawPointer, count: Int) -> Bool {
    var offset = 0
    while offset < count {
        let n = write(fd, bytes + offset, count - offset)
        if n < 0 && errno == EINTR { continue }
        guard n > 0 else { return false }
        offset += n
    }
    return true
}
