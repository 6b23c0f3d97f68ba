import Foundation

extension BackupJob {
    /// A backup taken and copied off the box: what `forged serve`'s nightly
    /// run, `forged backup` and the admin route each do.
    package struct Outcome: Sendable {
        /// The verified local backup.
        package let backup: BackupRecord
        /// One attempt per destination, in configuration order; empty without a copier.
        package let copies: [BackupCopyRecord]
    }

    /// Takes a verified local backup (``run(trigger:now:wait:)``), then, when
    /// `copier` is given, copies it to every destination
    /// (``BackupCopier/copy(_:only:)``).
    /// - Throws: what ``run(trigger:now:wait:)`` throws. A failed copy does not
    ///   throw: it is recorded in `backup_copies`, logged, and in ``Outcome/copies``.
    package func runAndCopy(trigger: String, now: Date, wait: Bool = true, copier: BackupCopier?) throws -> Outcome {
        let backup = try run(trigger: trigger, now: now, wait: wait)
        return Outcome(backup: backup, copies: copier?.copy(backup.file) ?? [])
    }
}
