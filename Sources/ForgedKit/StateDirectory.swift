import ForgeAPI
import ForgeCore
import ForgeStore
import Foundation

/// The state directory and the database file in it (`forge.sqlite3`, mode
/// 0600; the directory 0700 when forged creates it).
enum StateDirectory {
    static let databaseName = "forge.sqlite3"

    /// True when the state directory holds a database file.
    static func databaseExists(_ path: String) -> Bool {
        FileManager.default.fileExists(atPath: (path as NSString).appendingPathComponent(databaseName))
    }

    /// The outermost directory that creating `path` would make (`path` itself, or
    /// the first of its parents that does not exist), as an absolute path; nil
    /// when `path` exists. A command that must leave nothing behind when it fails
    /// removes this tree (only ever one it made itself).
    static func missingRoot(_ path: String) -> String? {
        var current = URL(fileURLWithPath: path).standardizedFileURL
        guard !FileManager.default.fileExists(atPath: current.path) else { return nil }
        while true {
            let parent = current.deletingLastPathComponent()
            if parent.path == current.path || FileManager.default.fileExists(atPath: parent.path) {
                return current.path
            }
            current = parent
        }
    }

    /// Creates `path` if missing and opens the database with `readers` read-only
    /// connections (`forged serve` passes its worker thread count) and forged's
    /// `clock` (`Settings.clock`). Run as root,
    /// the database files are given the state directory's owner (the service user).
    static func open(_ path: String, readers: Int = 2, clock: any Clock) throws -> Database {
        let fm = FileManager.default
        var isDir: ObjCBool = false
        if !fm.fileExists(atPath: path, isDirectory: &isDir) {
            try fm.createDirectory(
                atPath: path, withIntermediateDirectories: true,
                attributes: [.posixPermissions: 0o700])
        } else if !isDir.boolValue {
            throw ConfigError(setting: "state-dir", message: "not a directory", value: path)
        }
        let file = (path as NSString).appendingPathComponent(databaseName)
        let db = try Database(path: file, readers: max(1, readers), clock: clock)
        // A command run as root (`forged user add` before the service ever
        // started) must not leave a root-owned database the service user
        // cannot open: hand the files to the state directory's owner.
        for suffix in ["", "-wal", "-shm"] where FileManager.default.fileExists(atPath: file + suffix) {
            BackupFile.matchOwner(file + suffix, of: path)
        }
        return db
    }

    /// The existing database of `settings.stateDir`, opened and prepared as
    /// the daemon prepares it (migrations, first-start rows): what a command
    /// that works beside the daemon (`forged import`, `display`, `exercise`)
    /// opens. The caller closes it.
    /// - Throws: ``ConfigError`` naming `--state-dir` when it holds no
    ///   database; what opening or preparing throws (the database closed).
    static func openPrepared(_ settings: Settings) throws -> Database {
        guard databaseExists(settings.stateDir) else {
            throw ConfigError(
                setting: "state-dir",
                message: "no database here (forge.sqlite3); is this the right --state-dir? A new household starts "
                    + "with its first member: forged user add EMAIL --name NAME [--unit kg|lb] --state-dir "
                    + settings.stateDir,
                value: settings.stateDir)
        }
        let db = try open(settings.stateDir, clock: settings.clock)
        do {
            try ForgeApp(db: db, config: settings.appConfiguration, clock: settings.clock).prepare()
        } catch {
            db.close()
            throw error
        }
        return db
    }

    /// Opens the existing database in `path` read-only, for a start on a full
    /// disk (``ForgeStore/Database/openReadOnly(path:readers:clock:)``), and reports
    /// it as a storage fault: one error-priority journal line with
    /// `MESSAGE_ID` ``LogMessageID/diskFull``, DISK FULL in `/healthz` and `STATUS=`.
    /// - Parameters:
    ///   - clock: forged's clock (`Settings.clock`): when the storage fault started.
    ///   - cause: the read-write open's error, named in the log line.
    /// - Throws: `DatabaseError` when even a read-only open fails (no database yet, damaged).
    static func openReadOnly(_ path: String, readers: Int = 2, clock: any Clock, cause: any Error) throws -> Database {
        let file = (path as NSString).appendingPathComponent(databaseName)
        let db = try Database.openReadOnly(path: file, readers: max(1, readers), clock: clock)
        db.reportReadOnlyStart("\(cause)")
        if db.immutableSkippedWAL {
            Log.warning(
                "the disk was full at start and \(file)-wal could not be read without space: "
                    + "reads show the database as of its last checkpoint until space is freed")
        }
        return db
    }
}
