import Synchronization

/// The part of ``Database/generation()`` that sees commits made by other
/// connections, in this process or another (`forged user`, `display`,
/// `library` beside the daemon): a few read-only connections that only run
/// `PRAGMA data_version`, one per reader, so HTTP worker threads asking for
/// the generation on every request take a free one instead of queueing on
/// a single connection's lock.
///
/// `data_version` is per connection (each has its own values), so the
/// watchers do not publish it: each remembers the value it saw last, and
/// when its value differs it advances one shared counter, the ``epoch()``.
/// A commit is therefore counted once by every watcher that sees it: the
/// epoch may advance more than once for one commit (a cache keyed by it
/// then misses once more), never less. Every call checks its watcher's
/// `data_version` and advances the counter before reading it, so a call
/// that begins after a commit returns a greater epoch than any call that
/// ended before it.
final class CommitWatch: Sendable {
    private let watchers: [Watcher]
    private let counter = Atomic<UInt64>(0)
    private let next = Atomic<Int>(0)

    /// Opens `count` (at least 1) read-only connections to `path`.
    /// - Throws: `DatabaseError` when a connection cannot be opened or read.
    init(path: String, count: Int) throws {
        watchers = try (0..<max(1, count)).map { _ in try Watcher(ConnectionSlot(Connection(path: path, role: .reader))) }
    }

    /// The count of changes seen so far; nil once closed (or when a watcher cannot read).
    func epoch() -> UInt64? {
        for watcher in watchers {
            if let seen = try? watcher.slot.useIfAvailable({ try check(watcher, $0) }) { return seen }
        }
        let index = next.add(1, ordering: .relaxed).newValue % watchers.count
        return try? watchers[index].slot.use { try check(watchers[index], $0) }
    }

    /// Runs on `watcher`'s connection, under its lock.
    private func check(_ watcher: Watcher, _ connection: Connection) throws -> UInt64 {
        guard let version: Int64 = try connection.scalar("PRAGMA data_version") else {
            throw DatabaseError(code: .error, message: "PRAGMA data_version answered nothing")
        }
        if watcher.lastSeen != version {
            if watcher.lastSeen != nil { counter.add(1, ordering: .sequentiallyConsistent) }
            watcher.lastSeen = version
        }
        return counter.load(ordering: .sequentiallyConsistent)
    }

    /// Closes every watcher; later ``epoch()`` calls answer nil.
    func close() { for watcher in watchers { watcher.slot.close() } }

    /// One watcher connection and the `data_version` it saw last.
    ///
    /// Why `nonisolated(unsafe)`: `lastSeen` is read and written only inside
    /// `slot.use`/`useIfAvailable` (``check(_:_:)``), under the slot's lock,
    /// as ``ConnectionSlot`` keeps its connection.
    private final class Watcher: Sendable {
        let slot: ConnectionSlot
        nonisolated(unsafe) var lastSeen: Int64?

        init(_ slot: ConnectionSlot) throws {
            self.slot = slot
            lastSeen = try slot.use { try $0.scalar("PRAGMA data_version") as Int64? }
        }
    }
}
