import CSQLite
import ForgeCore
import Foundation
import Synchronization

/// The SQLite database file (`forge.sqlite3` in the state directory).
///
/// Opened with WAL journaling, `synchronous=FULL` (a committed write survives
/// power loss), `foreign_keys=ON` and a 5 s busy timeout. The file, and the
/// `-wal`/`-shm` files SQLite derives from it, have mode 0600.
///
/// One writer connection serialises all writes; a small pool of read-only
/// connections serves reads concurrently with it (WAL readers see the last
/// committed state and never block the writer). Each connection sits behind
/// its own `Mutex`. Closures must not call `write` from inside `write`
/// (the writer lock is not recursive and would deadlock); `read` inside
/// `write` is fine (it sees the state before the open write transaction),
/// and `read` inside `read` is fine only while a second reader is free.
package final class Database: Sendable {
    /// How long a connection waits for a lock held elsewhere before failing with `.busy`.
    static let busyTimeoutMilliseconds = 5_000

    /// The database file's path as given to `init`.
    package let path: String
    private let writer: ConnectionSlot
    private let readers: [ConnectionSlot]
    private let nextReader = Atomic<Int>(0)
    private let faults: StorageFaultState

    /// Set while writes fail for lack of space (``StorageFault``); nil otherwise.
    package var storageFault: StorageFault? { faults.fault }
    /// A read-only connection that only ever runs `PRAGMA data_version` (see ``generation()``).
    private let watcher: ConnectionSlot
    /// Write transactions and writer uses ended by this process (see ``generation()``).
    private let localCommits = Atomic<UInt64>(0)

    /// Set while the database is open read-only because the disk was full at
    /// start (``openReadOnly(path:readers:clock:)``); cleared by ``reopenReadWrite()``.
    private let readOnlyStart = Atomic<Bool>(false)

    /// Whether the database is open read-only because the disk was full at
    /// start: reads work, every write throws `DatabaseError` `.full`.
    package var isReadOnly: Bool { readOnlyStart.load(ordering: .acquiring) }

    /// Opens (creating if missing) the database at `path`.
    /// - Parameters:
    ///   - path: file path; the directory must exist.
    ///   - readers: number of read-only connections, at least 1.
    ///   - clock: forged's clock (`Settings.clock`): when a ``StorageFault`` started.
    /// - Throws: `DatabaseError` when the file cannot be opened or WAL mode cannot be set;
    ///   `.cantOpen` when the file cannot be created.
    package convenience init(path: String, readers: Int = 2, clock: any Clock = SystemClock()) throws {
        precondition(readers >= 1, "a database needs at least one reader")
        let connections = try Self.openReadWrite(path: path, readers: readers)
        self.init(path: path, connections: connections, readOnly: false, clock: clock)
    }

    private init(
        path: String, connections: (writer: Connection?, readers: [Connection], watcher: Connection), readOnly: Bool,
        clock: any Clock
    ) {
        self.path = path
        faults = StorageFaultState(clock: clock)
        self.writer = ConnectionSlot(connections.writer)
        self.readers = connections.readers.map { ConnectionSlot($0) }
        self.watcher = ConnectionSlot(connections.watcher)
        readOnlyStart.store(readOnly, ordering: .releasing)
    }

    /// The writer (WAL set, `-wal`/`-shm` created with mode 0600), `readers` read-only
    /// connections and the generation watcher.
    private static func openReadWrite(path: String, readers: Int) throws -> (
        writer: Connection?, readers: [Connection], watcher: Connection
    ) {
        try Self.createPrivateFile(path)
        let writer = try Connection(path: path, role: .writer)
        let mode: String? = try writer.scalar("PRAGMA journal_mode = WAL")
        guard mode?.lowercased() == "wal" else {
            throw DatabaseError(code: .error, message: "could not enable WAL journal mode (got \(mode ?? "nothing"))")
        }
        // Touch the schema so the -wal and -shm files exist before readers open read-only.
        let _: Int? = try writer.scalar("SELECT count(*) FROM sqlite_schema")
        for suffix in ["-wal", "-shm"] { chmod(path + suffix, 0o600) }
        let pool = try (0..<readers).map { _ in try Connection(path: path, role: .reader) }
        return (writer, pool, try Connection(path: path, role: .reader))
    }

    /// Opens an existing database read-only, for a start on a full disk
    /// (issue 26; README.md, "Disk full"): reads work and every write throws
    /// `DatabaseError` `.full` (the API answers 507), until
    /// ``reopenReadWrite()`` succeeds once space returns.
    ///
    /// Plain read-only connections are tried first (they work when the `-wal`
    /// and `-shm` files already exist at their size). Where SQLite cannot
    /// create or grow the `-shm` file (the error of a normal open on a full
    /// disk, `SQLITE_IOERR_SHMSIZE`), the file is opened `immutable=1`: no
    /// locks and no `-shm`, reading the main file as of the last checkpoint.
    /// A `-wal` file with frames in it is then not read; ``immutableSkippedWAL``
    /// says so, for the log.
    /// - Parameter clock: forged's clock (`Settings.clock`): when the ``StorageFault`` started.
    /// - Throws: `DatabaseError` when the file does not exist or does not open
    ///   even so (`.cantOpen`, `.notADatabase`, `.corrupt`).
    package static func openReadOnly(path: String, readers: Int = 2, clock: any Clock = SystemClock()) throws
        -> Database
    {
        precondition(readers >= 1, "a database needs at least one reader")
        guard FileManager.default.fileExists(atPath: path) else {
            throw DatabaseError(code: .cantOpen, message: "\(path) does not exist")
        }
        func pool(_ role: Connection.Role) throws -> (writer: Connection?, readers: [Connection], watcher: Connection) {
            let readers = try (0..<readers).map { _ in try Connection(path: path, role: role) }
            let watcher = try Connection(path: path, role: role)
            for connection in readers + [watcher] {
                let _: Int? = try connection.scalar("SELECT count(*) FROM sqlite_schema")
            }
            return (nil, readers, watcher)
        }
        let connections: (writer: Connection?, readers: [Connection], watcher: Connection)
        do {
            connections = try pool(.reader)
        } catch {
            connections = try pool(.immutableReader)
        }
        return Database(path: path, connections: connections, readOnly: true, clock: clock)
    }

    /// Whether the read-only start had to skip a `-wal` file with frames in
    /// it (reads then show the state of the last checkpoint).
    package var immutableSkippedWAL: Bool {
        guard isReadOnly else { return false }
        let size = (try? FileManager.default.attributesOfItem(atPath: path + "-wal")[.size] as? Int) ?? 0
        return size > 0
    }

    /// Leaves the read-only start: opens the writer and fresh readers as
    /// ``init(path:readers:clock:)`` does and swaps them in (each slot waits for
    /// the closure using it); the storage fault ends. No-op when not read-only.
    /// - Throws: `DatabaseError` when the database still cannot be opened for
    ///   writing (the disk is still full); nothing changes then.
    package func reopenReadWrite() throws {
        guard isReadOnly else { return }
        let fresh = try Self.openReadWrite(path: path, readers: readers.count)
        for (slot, connection) in zip(readers, fresh.readers) { slot.replace(connection) }
        watcher.replace(fresh.watcher)
        writer.replace(fresh.writer)
        localCommits.add(1, ordering: .releasing)
        readOnlyStart.store(false, ordering: .releasing)
        faults.succeeded(path: path)
    }

    /// Marks the read-only start as a storage fault (``storageFault``) and
    /// logs it once at error priority with ``LogMessageID/diskFull``.
    package func reportReadOnlyStart(_ reason: String) {
        faults.failed(DatabaseError(code: .full, message: reason), path: path, atStart: true)
    }

    /// The database generation: a value that changes whenever a write is
    /// committed, by this process or by any other (`forged user`, `display`,
    /// `library` run beside the daemon). Caches of values computed from the
    /// database record the generation read *before* they read, and are
    /// current only while it is unchanged (docs/architecture.md §19.4, "Caches know what made
    /// them stale").
    ///
    /// Two parts: this process's count of ended write transactions
    /// (advanced after every `write`, committed or rolled back, and every
    /// `withWriter` use) and SQLite's `PRAGMA data_version` on a dedicated
    /// read-only connection, which changes when any other connection,
    /// in-process or not, commits. One prepared-statement step (microseconds).
    /// Returns `.closed` after ``close()`` (which never equals a live value).
    package func generation() -> Generation {
        let local = localCommits.load(ordering: .acquiring)
        let external = (try? watcher.use { try $0.scalar("PRAGMA data_version") as Int64? }) ?? nil
        guard let external else { return .closed }
        return Generation(local: local, external: external)
    }

    deinit { close() }

    /// Creates `path` with mode 0600 if it does not exist, and forces 0600 if it does.
    /// SQLite gives the `-wal` and `-shm` files the main file's mode.
    private static func createPrivateFile(_ path: String) throws {
        let fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard fd >= 0 else {
            throw DatabaseError(code: .cantOpen, message: "cannot create \(path): \(String(cString: strerror(errno)))")
        }
        fchmod(fd, 0o600)
        Foundation.close(fd)
    }

    /// Runs `body` on a read-only connection inside one read transaction, so every query in it
    /// sees the same committed snapshot. Uses a free reader, else waits for one.
    /// - Throws: what `body` throws; `DatabaseError` `.misuse` after `close()`; `.readOnly` for writes.
    package func read<T>(_ body: (Connection) throws -> T) throws -> T {
        let generation = generation()  // before BEGIN: the snapshot is at least this new
        return try withReader { connection in
            connection.generation = generation
            defer { connection.generation = .closed }
            return try connection.transaction("DEFERRED", body)
        }
    }

    /// Runs `body` on the writer connection in `BEGIN IMMEDIATE` … `COMMIT`. When `body` throws,
    /// the transaction is rolled back and the original error rethrown; nothing is half-written.
    /// A `.full` error starts a ``storageFault``; the next committed write ends it.
    /// - Throws: what `body` throws; `DatabaseError` from BEGIN/COMMIT (`.busy` when another
    ///   process holds the write lock longer than the busy timeout; `.full` when the disk is
    ///   full); `.misuse` after `close()`.
    package func write<T>(_ body: (Connection) throws -> T) throws -> T {
        try write(settings: [], restoring: [], body)
    }

    /// ``write(_:)`` with the writer's `settings` (statements such as pragmas) run
    /// before `BEGIN` and `restoring` after the transaction ends (also when it
    /// fails), all while holding the writer lock, so no other write runs with them.
    func write<T>(settings: [String], restoring: [String], _ body: (Connection) throws -> T) throws -> T {
        if isReadOnly { throw Self.readOnlyError }
        defer { localCommits.add(1, ordering: .releasing) }
        do {
            let result = try writer.use { conn in
                defer { for statement in restoring { try? conn.execute(statement) } }
                for statement in settings { try conn.execute(statement) }
                return try conn.transaction("IMMEDIATE", body)
            }
            faults.succeeded(path: path)
            return result
        } catch {
            faults.failed(error, path: path)
            throw error
        }
    }

    /// Runs `body` on the writer outside any transaction, holding the writer lock
    /// (for migrations, which toggle `foreign_keys`, and checkpoints).
    func withWriter<T>(_ body: (Connection) throws -> T) throws -> T {
        if isReadOnly { throw Self.readOnlyError }
        defer { localCommits.add(1, ordering: .releasing) }
        return try writer.use(body)
    }

    /// What a write answers during the read-only start.
    static let readOnlyError = DatabaseError(
        code: .full, message: "the disk was full at start: the database is open read-only until space is freed")

    private func withReader<T>(_ body: (Connection) throws -> T) throws -> T {
        for slot in readers {
            if let result = try slot.useIfAvailable(body) { return result }
        }
        let index = nextReader.add(1, ordering: .relaxed).newValue
        return try readers[index % readers.count].use(body)
    }

    /// Closes every connection (finalizing cached statements). Later `read`/`write` calls throw
    /// `.misuse`. Waits for closures in progress. Idempotent.
    package func close() {
        // Readers first: the last connection to close checkpoints the WAL and
        // removes the -wal and -shm files, which only a read-write one may do.
        for reader in readers { reader.close() }
        watcher.close()
        writer.close()
    }

    /// Frees the page cache of every connection not in use (`PRAGMA shrink_memory`): what one-off work
    /// (migrations, a first start's seed, a recompute) left cached goes back to the heap, and a later read
    /// takes its pages from the operating system's file cache again. Connections busy at the time keep
    /// theirs; errors are ignored (the cache is only memory).
    package func releaseMemory() {
        for slot in readers + [watcher, writer] {
            _ = try? slot.useIfAvailable { try $0.execute("PRAGMA shrink_memory") }
        }
    }

    /// Copies the WAL into the database file and truncates the WAL to zero bytes
    /// (`PRAGMA wal_checkpoint(TRUNCATE)`).
    /// - Throws: `DatabaseError` `.busy` when readers kept the checkpoint from completing.
    package func checkpoint() throws {
        try withWriter { connection in
            guard let row = try connection.queryOne("PRAGMA wal_checkpoint(TRUNCATE)") else { return }
            if try row.get("busy") as Int != 0 {
                throw DatabaseError(code: .busy, message: "checkpoint could not complete: readers are active")
            }
        }
    }

    /// Whether a reader answers `SELECT 1` (the liveness probe); false on any error.
    package func isReachable() -> Bool {
        (try? read { try $0.scalar("SELECT 1") as Int? }) == 1
    }

    /// Whether `PRAGMA integrity_check` reports exactly `ok`.
    package func integrityCheck() throws -> Bool {
        let rows = try withReader { try $0.query("PRAGMA integrity_check") }
        return rows.count == 1 && rows[0][index: 0] == .text("ok")
    }

    /// Writes a compacted, consistent copy of the database to `path` (`VACUUM INTO`),
    /// created with mode 0600. Runs on a reader, so writers are not blocked.
    /// - Parameter path: destination; must not exist or be an empty file.
    /// - Throws: `DatabaseError` (e.g. `.error` "output file already exists").
    package func vacuum(into path: String) throws {
        let fd = open(path, O_WRONLY | O_CREAT | O_CLOEXEC, 0o600)
        if fd >= 0 {
            fchmod(fd, 0o600)
            Foundation.close(fd)
        }
        try withReader { try $0.execute("VACUUM INTO ?", [path]) }
    }
}

/// A point in the database's history (``Database/generation()``): equal
/// values mean no write was committed in between.
package struct Generation: Hashable, Sendable, CustomStringConvertible {
    /// Write transactions this process ended.
    package let local: UInt64
    /// `PRAGMA data_version` of the watcher connection.
    package let external: Int64
    /// What a closed database answers; never equal to a live generation.
    package static let closed = Generation(local: .max, external: -1)
    package var description: String { "\(local).\(external)" }
}

/// One connection behind its own lock.
///
/// Why `nonisolated(unsafe)`: `Mutex<Connection?>` would be the natural
/// shape, but `Mutex.withLock` hands its value over as `inout sending`, and
/// lending a non-`Sendable` `Connection` to a caller's closure makes the
/// compiler treat it as escaping the lock's region. The invariant the
/// compiler cannot see is simple and kept here: `connection` is read and
/// written only while `lock` is held (every access below is inside
/// `withLock`/`withLockIfAvailable`), so at most one thread touches it.
private final class ConnectionSlot: Sendable {
    private let lock = Mutex(())
    nonisolated(unsafe) private var connection: Connection?

    init(_ connection: Connection?) { self.connection = connection }

    /// Closes the connection held (waiting for its current user) and holds `fresh` instead.
    func replace(_ fresh: Connection?) {
        lock.withLock { _ in
            connection?.close()
            connection = fresh
        }
    }

    private func run<T>(_ body: (Connection) throws -> T) -> Result<T, any Error> {
        guard let connection else { return .failure(DatabaseError(code: .misuse, message: "database is closed")) }
        return Result { try body(connection) }
    }

    func use<T>(_ body: (Connection) throws -> T) throws -> T {
        var result: Result<T, any Error>?
        lock.withLock { _ in result = run(body) }
        return try result!.get()
    }

    /// `nil` when another thread holds the connection.
    func useIfAvailable<T>(_ body: (Connection) throws -> T) throws -> T? {
        var result: Result<T, any Error>?
        _ = lock.withLockIfAvailable { _ in result = run(body) }
        return try result?.get()
    }

    func close() {
        lock.withLock { _ in
            connection?.close()
            connection = nil
        }
    }
}
