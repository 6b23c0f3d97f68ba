import ForgeStore
import Foundation

/// The advisory lock `<state-dir>/forged.lock` (flock(2), exclusive,
/// non-blocking): `forged serve` holds it for its whole run and
/// `forged restore` takes it, so a restore never replaces the database under
/// a running server. The kernel drops it when the process exits, even on
/// kill -9, so a stale lock file never blocks anything.
final class StateLock {
    /// The lock file's name in the state directory.
    static let fileName = "forged.lock"
    private var fd: Int32

    private init(fd: Int32) { self.fd = fd }
    deinit { release() }

    /// Creates the state directory (0700) if missing and takes the lock.
    /// - Throws: ``StateLockError`` when another process holds the lock or
    ///   the file cannot be created.
    static func acquire(_ stateDir: String) throws -> StateLock {
        if !FileManager.default.fileExists(atPath: stateDir) {
            try FileManager.default.createDirectory(
                atPath: stateDir, withIntermediateDirectories: true,
                attributes: [.posixPermissions: 0o700])
        }
        let path = (stateDir as NSString).appendingPathComponent(fileName)
        let fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard fd >= 0 else {
            throw StateLockError("cannot open \(path): \(String(cString: strerror(errno)))", busy: false)
        }
        BackupFile.matchOwner(path, of: stateDir)
        guard flock(fd, LOCK_EX | LOCK_NB) == 0 else {
            let busy = errno == EWOULDBLOCK
            let reason = String(cString: strerror(errno))
            close(fd)
            throw StateLockError(
                busy
                    ? "another forged is using \(stateDir) (\(path) is locked)"
                    : "cannot lock \(path): \(reason)", busy: busy)
        }
        let text = "\(getpid())\n"
        _ = ftruncate(fd, 0)
        _ = text.withCString { write(fd, $0, strlen($0)) }
        return StateLock(fd: fd)
    }

    /// Releases the lock. Idempotent.
    func release() {
        guard fd >= 0 else { return }
        flock(fd, LOCK_UN)
        close(fd)
        fd = -1
    }
}

/// The state directory is locked by another process, or the lock file is unusable.
struct StateLockError: Error, CustomStringConvertible {
    let description: String
    /// Another process holds the lock (as opposed to a lock file that cannot be opened).
    let busy: Bool
    init(_ description: String, busy: Bool) {
        self.description = description
        self.busy = busy
    }
}
