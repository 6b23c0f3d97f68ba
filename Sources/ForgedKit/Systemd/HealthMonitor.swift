import Dispatch
import ForgeCore
import ForgeHousehold
import ForgeStore
import ForgeSystemd
import Foundation
import Synchronization

/// Proves the daemon is alive to systemd: on every tick it runs `SELECT 1`
/// and counts members through the read pool; only when that answers does it
/// send `WATCHDOG=1` (when systemd asked for a watchdog) and refresh `STATUS=`.
/// A database that hangs or fails stops the pings, so systemd restarts forged
/// after `WatchdogSec=`.
///
/// Tick interval: half of `WATCHDOG_USEC` (sd_watchdog_enabled(3)), else
/// `idleInterval`, and never more than ``statusInterval``, so `STATUS=`
/// follows a change (a backup, a full disk, a new member) within 2 s
/// (`publishIfChanged` sends only a changed line).
final class HealthMonitor: Service, @unchecked Sendable {
    let serviceName = "monitor"
    let interval: Duration
    let watchdog: Bool
    private let db: Database
    private let status: StatusLine
    private let queue = DispatchQueue(label: "forged.health-monitor")
    private let lock = NSLock()
    /// Guarded by `lock`.
    private var timer: DispatchSourceTimer?
    private let failing = Atomic<Bool>(false)

    /// - Parameter watchdogInterval: `Notify.watchdogInterval` (nil: no watchdog).
    init(db: Database, status: StatusLine, watchdogInterval: Duration?, idleInterval: Duration = .seconds(30)) {
        self.db = db
        self.status = status
        self.watchdog = watchdogInterval != nil
        self.interval = min(watchdogInterval.map { $0 / 2 } ?? idleInterval, Self.statusInterval)
    }

    /// The longest `STATUS=` may lag behind the state it shows.
    static let statusInterval: Duration = .seconds(2)

    /// Household members now, or nil when the database does not answer.
    static func members(in db: Database) -> Int? {
        try? db.read { conn -> Int? in
            let one: Int? = try conn.scalar("SELECT 1")
            guard one == 1 else { return nil }
            return try HouseholdStore.memberCount(conn)
        }
    }

    func start() throws {
        let source = DispatchSource.makeTimerSource(queue: queue)
        let nanoseconds =
            Int(interval.components.seconds) * 1_000_000_000 + Int(interval.components.attoseconds / 1_000_000_000)
        let step = DispatchTimeInterval.nanoseconds(max(1_000_000, nanoseconds))
        source.schedule(deadline: .now() + step, repeating: step, leeway: .milliseconds(50))
        source.setEventHandler { [self] in tick() }
        lock.withLock { timer = source }
        source.resume()
    }

    func stop() {
        let source = lock.withLock { () -> DispatchSourceTimer? in
            defer { timer = nil }
            return timer
        }
        source?.cancel()
        // Wait for a tick in progress to finish, so no WATCHDOG=1 follows STOPPING=1.
        queue.sync {}
    }

    private func tick() {
        let members = Self.members(in: db)
        status.setMembers(members)
        if members != nil {
            if failing.exchange(false, ordering: .relaxed) {
                Log.notice("database answers again; watchdog pings resumed")
            }
            if watchdog { Notify.watchdog() }
        } else if !failing.exchange(true, ordering: .relaxed) {
            Log.error("database does not answer SELECT 1; withholding WATCHDOG=1")
        }
        status.publishIfChanged()
    }
}
