import ForgeCore
import Foundation
import Synchronization

/// Whether writes to the database are failing for lack of space, for
/// `/healthz`, systemd's `STATUS=` and the 507 answers (README.md,
/// "Disk full").
///
/// ``Database/write(_:)`` reports each outcome here: a `SQLITE_FULL` error
/// (SQLite's answer to `ENOSPC`, and to `PRAGMA max_page_count` being reached)
/// starts a fault, logged once at error priority with
/// ``LogMessageID/diskFull``; the next write that commits ends it, logged at
/// notice priority. A failed write is rolled back, so nothing is half-written.
package struct StorageFault: Sendable, Equatable {
    /// When writes started failing, by forged's clock (the one the ``Database`` was opened with).
    package let since: Date
    /// SQLite's message for the first failure.
    package let message: String

    /// One sentence for people: `disk full since 2026-07-20T02:30:00.412Z: changes cannot be saved`.
    package var summary: String { "disk full since \(Instant.storage(since)): changes cannot be saved" }
}

/// The fault state one ``Database`` keeps; cheap to check on every write.
final class StorageFaultState: Sendable {
    private let faulted = Atomic<Bool>(false)
    private let current = Mutex<StorageFault?>(nil)
    /// Stamps ``StorageFault/since``.
    private let clock: any Clock

    init(clock: any Clock) { self.clock = clock }

    var fault: StorageFault? { faulted.load(ordering: .acquiring) ? current.withLock { $0 } : nil }

    /// A write committed.
    func succeeded(path: String) {
        guard faulted.load(ordering: .acquiring) else { return }
        let ended = current.withLock { fault -> StorageFault? in
            defer { fault = nil }
            return fault
        }
        faulted.store(false, ordering: .releasing)
        if let ended {
            Log.notice("writes succeed again on \(path) (disk was full since \(Instant.storage(ended.since)))")
        }
    }

    /// A write failed with `error`; starts a fault when it is `SQLITE_FULL`.
    func failed(_ error: Error, path: String, atStart: Bool = false) {
        guard let error = error as? DatabaseError, error.code == .full else { return }
        let started = current.withLock { fault -> Bool in
            guard fault == nil else { return false }
            fault = StorageFault(since: clock.now(), message: error.message)
            return true
        }
        faulted.store(true, ordering: .releasing)
        if started && atStart {
            Log.error(
                "disk full at start: \(path) is open read-only (\(error.message)); reads are served, "
                    + "writes are answered 507 until space is freed; fix: free space on that filesystem (`df -h \((path as NSString).deletingLastPathComponent)`)",
                id: .diskFull, fields: ["FORGE_STORAGE": error.description, "FORGE_DATABASE": path])
        } else if started {
            Log.error(
                "disk full: a write to \(path) failed (\(error.message)); changes cannot be saved until space is freed",
                id: .diskFull, fields: ["FORGE_STORAGE": error.description])
        }
    }
}
