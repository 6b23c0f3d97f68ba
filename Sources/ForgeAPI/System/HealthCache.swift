import ForgeStore
import Synchronization

/// What `/healthz` reads from the database — that a reader answers, and the
/// newest backup attempt — kept for one database ``Generation``, so a
/// monitor polling `/healthz` costs one `PRAGMA data_version` step, not two
/// read transactions.
///
/// A backup attempt is recorded by a committed write, which advances the
/// generation, so the kept record is never older than the ledger. Liveness
/// while the generation is unchanged is that generation's own statement on
/// the database file: ``Database/generation()`` is `.closed` when it cannot
/// run, and a read that fails is never kept (the next request reads again).
/// Whether the backup's file is still on disk is checked on every request
/// (rotation and operators remove files without a database write).
final class HealthCache: Sendable {
    private let state = Mutex<(generation: Generation, backup: BackupRecord?)?>(nil)

    /// The newest backup attempt at `generation` (nil before the first), from
    /// the cache or from `read`, which runs on a reader.
    /// - Throws: what `read` throws, when the database does not answer; nothing is kept then.
    func backup(at generation: Generation, read: () throws -> BackupRecord?) throws -> BackupRecord? {
        guard generation != .closed else { throw DatabaseError(code: .misuse, message: "database closed") }
        if let kept = state.withLock({ $0 }), kept.generation == generation { return kept.backup }
        let backup = try read()
        state.withLock { $0 = (generation, backup) }
        return backup
    }
}
