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
    /// What one generation's read gives: the newest backup attempt and each copy destination's state.
    struct Ledger: Sendable {
        let backup: BackupRecord?
        let copies: [BackupCopyState]
    }

    private let state = Mutex<(generation: Generation, ledger: Ledger)?>(nil)

    /// The newest backup attempt (nil before the first) and the copy states at
    /// `generation`, from the cache or from `read`, which runs on a reader.
    /// Copy attempts are recorded by committed writes too, so they are as fresh.
    /// - Throws: what `read` throws, when the database does not answer; nothing is kept then.
    func ledger(at generation: Generation, read: () throws -> Ledger) throws -> Ledger {
        guard generation != .closed else { throw DatabaseError(code: .misuse, message: "database closed") }
        if let kept = state.withLock({ $0 }), kept.generation == generation { return kept.ledger }
        let ledger = try read()
        state.withLock { $0 = (generation, ledger) }
        return ledger
    }
}
