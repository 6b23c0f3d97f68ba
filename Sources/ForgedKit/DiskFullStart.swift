import ForgeAPI
import ForgeCore
import ForgeStore
import Foundation
import Synchronization

/// A start on a full disk (issue 26 item 2; README.md, "Disk full"): instead
/// of exiting and being restarted in a loop, `forged serve` opens the
/// database read-only, serves reads, answers writes 507, and shows DISK FULL
/// in `/healthz`, `STATUS=` and the journal. This service watches for space
/// and, once the state directory's filesystem has at least
/// ``FatalError/diskIsFull(_:)``'s 1 MiB free, reopens the database
/// read-write and finishes the start-up work a full disk held back (the
/// seeding of ``ForgeApp/prepare()``, rolling back interrupted imports),
/// without a restart.
///
/// The same catch-up runs when the database opened read-write but the
/// start-up seeding failed for space: the disk-full state then ends with the
/// next write that commits, as it does when the disk fills while running.
final class DiskFullStart: Service, Sendable {
    let serviceName = "disk-full-start"
    /// Seconds between looks at the free space.
    static let interval = 2.0

    private let app: ForgeApp
    private let stateDir: String
    private let status: StatusLine
    private let ticker = Ticker(label: "forged.disk-full-start", interval: DiskFullStart.interval)
    /// Whether the start-up work (``ForgeApp/prepare()``, import recovery) is still to do.
    private let preparePending: Atomic<Bool>

    /// - Parameter preparePending: true when `prepare()` did not complete at start.
    init(app: ForgeApp, stateDir: String, status: StatusLine, preparePending: Bool) {
        self.app = app
        self.stateDir = stateDir
        self.status = status
        self.preparePending = Atomic(preparePending)
    }

    /// Whether there is anything to watch for.
    var needed: Bool { app.db.isReadOnly || preparePending.load(ordering: .acquiring) }

    func start() throws {
        guard needed else { return }
        ticker.start(leeway: .milliseconds(200)) { [self] in tick() }
    }

    func stop() { ticker.stop() }

    /// One look: reopen read-write when there is space, then catch up the start-up work.
    func tick() {
        guard needed else { return }
        let db = app.db
        if db.isReadOnly {
            guard !FatalError.diskIsFull(stateDir) else { return }
            do {
                try db.reopenReadWrite()
                Log.notice("space is free again on \(stateDir): the database is open read-write")
                app.saveHeldCredentials()
            } catch {
                Log.debug("the database does not reopen read-write yet: \(error)")
                return
            }
        }
        if preparePending.load(ordering: .acquiring) {
            do {
                let applied = try app.prepare()
                if !applied.isEmpty { Log.notice("applied migrations: \(applied.joined(separator: ", "))") }
                for id in try app.imports.pipeline.recover() {
                    Log.warning("import \(id) was interrupted; rolled back")
                }
                preparePending.store(false, ordering: .releasing)
                Log.notice("start-up work held back by the full disk is done")
            } catch {
                Log.debug("start-up work still held back: \(error)")
                return
            }
        }
        status.publish()
    }
}
