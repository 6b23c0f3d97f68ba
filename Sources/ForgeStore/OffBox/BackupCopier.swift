import ForgeCore
import Foundation

/// One attempt to copy a backup to one destination, as recorded in `backup_copies`.
package struct BackupCopyRecord: Sendable, Equatable {
    /// The destination as configured (``BackupDestination/description``).
    package let destination: String
    package let startedAt: Date
    package let finishedAt: Date
    /// The copy's name there (`forge-….sqlite3.forgebak`); empty when no backup was at hand.
    package let name: String
    /// The copy's size, bytes (encrypted), and its SHA-256 (hex) as sent.
    package let bytes: Int
    package let sha256: String
    /// Written, read back, and the SHA-256 matched.
    package let ok: Bool
    /// Why it failed; empty when `ok`.
    package let error: String
}

/// Copies verified local backups off the box (issue 27; README.md, "Backups
/// off the box"): encrypts the backup once (``BackupSeal``, with the key in
/// `--backup-key`), then for each destination sends it under
/// `<backup name>.forgebak`, reads it back and compares the SHA-256, applies
/// the local rotation's rules to the copies there (never removing the one
/// just sent), and records the attempt in `backup_copies`. A failure is
/// logged at error priority with ``LogMessageID/backupCopyFailed`` and never
/// touches the local backup or the other destinations.
package struct BackupCopier: Sendable {
    /// The database whose `backup_copies` records each attempt.
    package let db: Database
    /// One transport per configured destination, in configuration order.
    package let transports: [BackupTransport]
    /// `--backup-key`.
    package let keyPath: String
    /// The local rotation's rules, applied to the copies at each destination, and the
    /// household zone their days and weeks are counted in.
    package let retention: BackupRetention
    /// The household zone (see ``retention``).
    package let timeZone: TimeZone
    /// When each attempt starts and finishes (`started_at`, `finished_at`):
    /// forged's clock (`Settings.clock`, `ForgeApp.clock`), so a test clock
    /// moves the copies' times with everything else.
    package let clock: any Clock

    /// - Parameters:
    ///   - timeZone: the household zone: the destinations' rotation days and weeks.
    ///   - clock: the source of the attempts' start and finish instants.
    package init(
        db: Database, transports: [BackupTransport], keyPath: String, retention: BackupRetention = .init(),
        timeZone: TimeZone = .utc, clock: any Clock
    ) {
        self.db = db
        self.transports = transports
        self.keyPath = keyPath
        self.retention = retention
        self.timeZone = timeZone
        self.clock = clock
    }

    /// The copier for `transports` (`--backup-copy-to`), nil when none is
    /// configured: the one way `forged serve`, `forged backup` and the admin
    /// route build it.
    package static func configured(
        db: Database, transports: [BackupTransport], keyPath: String, retention: BackupRetention,
        timeZone: TimeZone, clock: any Clock
    ) -> BackupCopier? {
        guard !transports.isEmpty else { return nil }
        return BackupCopier(
            db: db, transports: transports, keyPath: keyPath, retention: retention, timeZone: timeZone, clock: clock)
    }

    /// What the copy of `file` is (sealed into it): the household id the backup itself holds (not
    /// the live database's, which a later restore may have changed; "" for a backup from before
    /// household ids), the time its name says it was taken (else `now`), its name.
    /// - Throws: the ``DatabaseError`` of a backup that cannot be read: the copy fails and is retried,
    ///   never sealed without its household.
    func identity(of file: String, at now: Date) throws -> CopyIdentity {
        let name = (file as NSString).lastPathComponent
        let taken = BackupName(fileName: name)?.instant ?? now
        let backup = try Database.openReadOnly(path: file, readers: 1)
        defer { backup.close() }
        return CopyIdentity(
            household: try HouseholdIdentity.id(in: backup) ?? "", createdAt: Instant.wire(taken), name: name)
    }

    /// Copies the local backup `file` to every destination (or only to `only`).
    /// - Returns: one record per destination, in configuration order.
    @discardableResult
    package func copy(_ file: String, only: Set<String>? = nil) -> [BackupCopyRecord] {
        let now = clock.now()
        let targets = transports.filter { only?.contains($0.destination.description) ?? true }
        guard !targets.isEmpty else { return [] }
        let name = BackupDestination.copyName(of: file)
        let sealed = (file as NSString).deletingLastPathComponent + "/.forge-\(Identifier.make()).forgebak.tmp"
        defer { unlink(sealed) }
        let prepared: Result<(sha256: String, bytes: Int), any Error> = Result {
            let key = try BackupKey.load(from: keyPath)
            return try BackupSeal.seal(file, to: sealed, key: key, identity: try identity(of: file, at: now))
        }
        return targets.map { transport in
            func finished() -> Date { clock.now() }
            do {
                let (sha256, bytes) = try prepared.get()
                try transport.put(sealed, as: name)
                let back = try transport.sha256(of: name)
                guard back == sha256 else { throw BackupCopyError.mismatch(expected: sha256, got: back) }
                let removed = rotate(transport, protecting: name)
                let record = BackupCopyRecord(
                    destination: transport.destination.description, startedAt: now, finishedAt: finished(),
                    name: name, bytes: bytes, sha256: sha256, ok: true, error: "")
                save(record)
                Log.notice(
                    "backup copied to \(transport.destination): \(name) (\(bytes) bytes, SHA-256 read back and matched"
                        + (removed.isEmpty ? ")" : "; rotation removed \(removed.joined(separator: ", ")))"),
                    id: .backupCopied,
                    fields: ["FORGE_BACKUP_DESTINATION": transport.destination.description, "FORGE_BACKUP": name])
                return record
            } catch {
                let message = (error as? BackupCopyError)?.description ?? "\(error)"
                let record = BackupCopyRecord(
                    destination: transport.destination.description, startedAt: now, finishedAt: finished(),
                    name: name, bytes: 0, sha256: "", ok: false, error: message)
                save(record)
                Log.error(
                    "backup copy to \(transport.destination) failed: \(message)", id: .backupCopyFailed,
                    fields: [
                        "FORGE_BACKUP_DESTINATION": transport.destination.description, "FORGE_BACKUP_ERROR": message,
                    ])
                return record
            }
        }
    }

    /// Deletes the copies at a destination that the retention does not keep.
    /// A failure here is logged and leaves the copies (the copy itself is good).
    private func rotate(_ transport: BackupTransport, protecting: String) -> [String] {
        do {
            let names = try transport.list()
            let backups = names.compactMap(BackupDestination.backupName(ofCopy:))
            let keep = retention.keep(backups, timeZone: timeZone)
            let doomed = names.filter { name in
                name != protecting && BackupDestination.backupName(ofCopy: name).map { !keep.contains($0) } ?? false
            }
            for name in doomed { try transport.delete(name) }
            return doomed
        } catch {
            Log.warning("rotation of the copies at \(transport.destination) failed: \(error)")
            return []
        }
    }

    private func save(_ r: BackupCopyRecord) {
        do {
            try db.write { c in
                try c.execute(
                    """
                    INSERT INTO backup_copies (destination, started_at, finished_at, name, bytes, sha256, ok, error)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                    """,
                    [
                        r.destination, Instant.storage(r.startedAt), Instant.storage(r.finishedAt), r.name, r.bytes,
                        r.sha256, r.ok ? 1 : 0, r.error,
                    ])
            }
        } catch {
            Log.error("cannot record the backup copy attempt: \(error)")
        }
    }
}
