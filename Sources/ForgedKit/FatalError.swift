import ForgeCore
import ForgeStore
import Foundation

/// Why a `forged` command stopped, in the form an operator paged at night
/// needs: the exit status (``ExitStatus``), one line saying what is wrong and
/// where (the config file and line, the database file), the command that
/// fixes it, and a journald `MESSAGE_ID` from the catalogue
/// (systemd/catalog/forged.catalog) so `journalctl -x` explains it.
///
/// ``log()`` writes it at error priority through ``Log``: to the journal with
/// `MESSAGE_ID=` when stderr is the journal stream, as a `<3>`-prefixed line on
/// any other non-terminal stderr, and as a plain `error: …` line on a terminal.
package struct FatalError: Error, Sendable {
    /// The process exit status.
    package let status: Int32
    /// What is wrong, without a `forged:` prefix and without the fix.
    package let message: String
    /// The command or edit that fixes it, or nil when there is nothing to say.
    package let fix: String?
    /// The catalogue entry.
    package let id: LogMessageID
    /// Structured journal fields: `FORGE_CONFIG_FILE`, `FORGE_CONFIG_LINE`, `FORGE_DATABASE`.
    package let fields: [(key: String, value: String)]

    package init(
        status: Int32, message: String, fix: String?, id: LogMessageID, fields: [(key: String, value: String)] = []
    ) {
        self.status = status
        self.message = message
        self.fix = fix
        self.id = id
        self.fields = fields
    }

    /// The log line: the message, then `; fix: …` when there is a fix.
    package var line: String { fix.map { "\(message); fix: \($0)" } ?? message }

    /// The record ``log()`` writes (error priority, ``id``, ``fields``).
    package var record: LogRecord {
        LogRecord(priority: .error, message: line, messageID: id, fields: fields)
    }

    /// Writes ``record`` at error priority.
    package func log() {
        Log.write(.error, line, id: id, fieldList: fields)
    }
}

extension FatalError {
    /// A configuration or usage mistake (exit 2). When the value came from
    /// the config file the record names the file and line
    /// (`FORGE_CONFIG_FILE=`, `FORGE_CONFIG_LINE=`) and the fix says to edit
    /// that line; from the environment, the variable; from a flag, the command line.
    package static func configuration(_ error: ConfigError) -> FatalError {
        var message = error.line
        if message.hasPrefix("forged: ") { message.removeFirst("forged: ".count) }
        var fields: [(key: String, value: String)] = []
        let fix: String?
        if let origin = error.origin, let colon = origin.lastIndex(of: ":"), origin.hasPrefix("/"),
            let line = Int(origin[origin.index(after: colon)...])
        {
            let file = String(origin[..<colon])
            fields = [("FORGE_CONFIG_FILE", file), ("FORGE_CONFIG_LINE", String(line))]
            fix = "edit line \(line) of \(file), check it with `forged check`, then `\(ServiceAdvice.restart)`"
        } else if let origin = error.origin, origin.hasPrefix("FORGE_") {
            fix =
                "correct \(origin) where it is set (the environment, or `systemctl edit forged`), then `\(ServiceAdvice.restart)`"
        } else if error.setting.isEmpty || error.origin == nil && error.value == nil {
            // An unknown command already says "(see forged help)": not twice.
            fix = message.contains("forged help") ? nil : "see `forged help`"
        } else {
            fix = "correct --\(error.setting) on the command line (see `forged help`)"
        }
        return FatalError(
            status: ExitStatus.configuration, message: message, fix: fix, id: .configInvalid, fields: fields)
    }

    /// The fatal error for `error`, thrown while running a command on the
    /// state directory `stateDir`: a configuration mistake (2), an unusable
    /// database (65), a full disk (74), a locked state directory (75), or any
    /// other failure (1).
    package static func classify(_ error: any Error, stateDir: String) -> FatalError {
        if let fatal = error as? FatalError { return fatal }
        if let config = error as? ConfigError { return configuration(config) }
        let database = (stateDir as NSString).appendingPathComponent(StateDirectory.databaseName)
        if let lock = error as? StateLockError {
            guard lock.busy else {
                return FatalError(
                    status: ExitStatus.failure, message: lock.description,
                    fix:
                        "make \(stateDir) writable by the service user (`systemd-tmpfiles --create`, or chown forge:forge)",
                    id: .startFailed)
            }
            return FatalError(
                status: ExitStatus.stateDirectoryInUse, message: lock.description,
                fix: "stop the other forged first: `systemctl stop forged.socket forged-events.socket forged.service`",
                id: .stateDirectoryInUse)
        }
        if case .databaseIsNewer = error as? MigrationError {
            return FatalError(
                status: ExitStatus.databaseUnusable,
                message: "\(database): \(error) (a downgrade)",
                fix:
                    "install the newer forged again, or `forged restore` the pre-upgrade backup in \(stateDir)/backups (pre-upgrade-*.sqlite3), then `\(ServiceAdvice.restart)`",
                id: .databaseUnusable, fields: [("FORGE_DATABASE", database)])
        }
        if let db = error as? DatabaseError {
            if db.code == .corrupt || db.code == .notADatabase {
                return FatalError(
                    status: ExitStatus.databaseUnusable,
                    message: "the database \(database) is damaged: \(db.message)",
                    fix:
                        "`forged backup list`, then `forged restore FILE` with the newest backup (the damaged file is kept beside it), then `\(ServiceAdvice.restart)`",
                    id: .databaseUnusable, fields: [("FORGE_DATABASE", database)])
            }
            if db.code == .full || Self.diskIsFull(stateDir) {
                return FatalError(
                    status: ExitStatus.diskFull,
                    message: "the disk holding \(stateDir) is full: \(db)",
                    fix: "free space on that filesystem (`df -h \(stateDir)`; old backups in \(stateDir)/backups)",
                    id: .diskFull, fields: [("FORGE_DATABASE", database)])
            }
            if db.code == .cantOpen || db.code == .permission || db.code == .readOnly || db.code == .ioError {
                return FatalError(
                    status: ExitStatus.databaseUnusable,
                    message: "the database \(database) will not open: \(db)",
                    fix:
                        "check its owner and mode (forge:forge, 0600) with `forged check`; if it is damaged, `forged restore FILE`; then `\(ServiceAdvice.restart)`",
                    id: .databaseUnusable, fields: [("FORGE_DATABASE", database)])
            }
        }
        return FatalError(
            status: ExitStatus.failure, message: "\(error)", fix: nil, id: .startFailed)
    }

    /// Whether the filesystem holding `path` has less than 1 MiB left for an
    /// unprivileged writer (statvfs(3) `f_bavail`): too little for SQLite's
    /// `-shm` and `-wal` files, whose creation fails as a disk I/O error
    /// (SQLITE_IOERR_SHMSIZE, 4874) rather than SQLITE_FULL.
    static func diskIsFull(_ path: String) -> Bool {
        var info = statvfs()
        guard statvfs(path, &info) == 0 else { return false }
        return Double(info.f_bavail) * Double(info.f_frsize) < 1_048_576
    }
}
