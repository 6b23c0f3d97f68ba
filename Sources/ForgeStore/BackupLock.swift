import Foundation

/// One backup at a time across processes: an exclusive `flock(2)` on
/// `<backups>/.backup.lock` (mode 0600). The server's scheduler and admin
/// route, and an operator's `forged backup`, all take it; each open of the
/// file is its own lock, so two threads of one process exclude each other too.
/// The kernel drops the lock when the holder exits, so a crash never leaves it stuck.
final class BackupLock: Sendable {
    private let fd: Int32

    /// Takes the lock in `directory` (which must exist).
    /// - Parameter wait: true blocks until the running backup finishes;
    ///   false gives up at once.
    /// - Throws: ``BackupError/busy`` when `wait` is false and another backup
    ///   holds the lock; ``BackupError/io(_:)`` when the lock file cannot be opened.
    init(directory: String, wait: Bool) throws {
        let path = directory + "/.backup.lock"
        let fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw BackupError.io("cannot open \(path): \(BackupFile.errorText())") }
        BackupFile.matchOwner(path, of: directory)
        while flock(fd, LOCK_EX | (wait ? 0 : LOCK_NB)) != 0 {
            let code = errno
            if code == EINTR { continue }
            close(fd)
            if code == EWOULDBLOCK { throw BackupError.busy }
            throw BackupError.io("cannot lock \(path): \(String(cString: strerror(code)))")
        }
        self.fd = fd
    }

    deinit {
        flock(fd, LOCK_UN)
        close(fd)
    }
}
