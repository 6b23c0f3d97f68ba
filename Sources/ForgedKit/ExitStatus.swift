/// `forged`'s process exit statuses. They are stable (scripts and the unit's
/// `RestartPreventExitStatus=` rely on them) and listed in forged(8) under
/// EXIT STATUS. The numbers above 2 follow sysexits.h, so
/// `systemctl status forged` names them (`status=65/DATAERR`).
package enum ExitStatus {
    /// Success.
    package static let success: Int32 = 0
    /// A runtime failure not covered below (a busy port, a failed backup, a
    /// refused restore file).
    package static let failure: Int32 = 1
    /// A usage or configuration mistake: an unknown flag, a bad value, a typo
    /// in the config file. Restarting cannot help; the unit does not.
    package static let configuration: Int32 = 2
    /// The database will not open or fails its quick check (EX_DATAERR):
    /// restore it (`forged restore FILE`). Restarting cannot help; the unit does not.
    package static let databaseUnusable: Int32 = 65
    /// The disk holding the state directory is full and forged cannot even
    /// open the database read-only (EX_IOERR): free space.
    package static let diskFull: Int32 = 74
    /// Another forged (or a restore) holds the state directory's lock
    /// (EX_TEMPFAIL): it may clear by itself.
    package static let stateDirectoryInUse: Int32 = 75

    /// The statuses after which the unit must not restart forged
    /// (`RestartPreventExitStatus=` in systemd/forged.service).
    package static let noRestart: [Int32] = [configuration, databaseUnusable]
}
