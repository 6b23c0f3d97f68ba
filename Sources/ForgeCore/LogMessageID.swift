/// A journald `MESSAGE_ID=`: a fixed 128-bit id (32 lowercase hex digits)
/// that names one kind of notable event, so `journalctl MESSAGE_ID=…` finds
/// every occurrence whatever the message text says. Generated once with
/// `systemd-id128 new` and never changed; the catalog entries live in
/// `systemd/catalog/forged.catalog`.
package struct LogMessageID: Sendable, Hashable, CustomStringConvertible {
    /// 32 lowercase hex digits, no dashes.
    package let hex: String

    /// - Precondition: `hex` is 32 lowercase hex digits.
    package init(_ hex: String) {
        precondition(hex.count == 32 && hex.allSatisfy { $0.isHexDigit && !$0.isUppercase }, "bad message id \(hex)")
        self.hex = hex
    }

    package var description: String { hex }

    /// forged is listening and migrated (logged once per start, with READY=1).
    package static let started = LogMessageID("c745e96b3c8c47e2ac096fed8d0cf3ac")
    /// A backup was written and verified (`FORGE_BACKUP=` names the file).
    package static let backupDone = LogMessageID("22cc7a3cc20b424f8c84004a000727c2")
    /// A backup failed; logged at error priority.
    package static let backupFailed = LogMessageID("9b5d23f430994f3581a7a143c6f7dbec")
    /// A sign-in was refused (wrong email or password); never carries the password.
    package static let loginFailed = LogMessageID("85b40f02e206403988f10023c075dedb")
    /// A cook timer fired (`FORGE_TIMER_ID=`).
    package static let timerFired = LogMessageID("85bf3ef1133e4a4598acf4fa489aa6a4")

    /// A write failed because the disk is full (SQLITE_FULL); logged at error
    /// priority once when writes start failing (`FORGE_STORAGE=` says what failed).
    package static let diskFull = LogMessageID("12ec6bb11a94494da4b90d5a5f0b58cb")

    /// forged stopped at start: a configuration mistake (exit status 2),
    /// logged at error priority with the config file and line.
    package static let configInvalid = LogMessageID("26966072e9d14cbcbe25e1f03e2e7ba3")
    /// forged stopped at start: the database is damaged or will not open (exit status 65).
    package static let databaseUnusable = LogMessageID("e7b824ab70d844fda47e7cd37561e721")
    /// forged stopped at start: another process holds the state directory (exit status 75).
    package static let stateDirectoryInUse = LogMessageID("bc4ba383008d4e11b3146804736ca70e")
    /// forged stopped at start for another reason (exit status 1): a busy
    /// port, an unreadable certificate, …
    package static let startFailed = LogMessageID("43fa2087bd6944deb640b9b22999b447")
    /// Sign-ins to one account failed often enough that the account's
    /// sign-ins are now slowed, whatever the client address (`FORGE_EMAIL_HASH=`).
    package static let accountThrottled = LogMessageID("30ad8c79faf5410d815459501da19812")

    /// A backup was copied off the box, read back and verified
    /// (`FORGE_BACKUP_DESTINATION=`, `FORGE_BACKUP=` the copy's name).
    package static let backupCopied = LogMessageID("ac9206769aaa457b9f6cea1bb8b91bae")
    /// A backup copy to an off-the-box destination failed (unreachable, not
    /// mounted, full, credentials refused, read-back mismatch); logged at
    /// error priority and retried (`FORGE_BACKUP_DESTINATION=`, `FORGE_BACKUP_ERROR=`).
    package static let backupCopyFailed = LogMessageID("6538774010244f579699b0bc04a30d8f")

    /// Every id above, for the catalog test.
    package static let all: [LogMessageID] = [
        started, backupDone, backupFailed, loginFailed, timerFired, diskFull, configInvalid, databaseUnusable,
        stateDirectoryInUse, startFailed, accountThrottled, backupCopied, backupCopyFailed,
    ]
}
