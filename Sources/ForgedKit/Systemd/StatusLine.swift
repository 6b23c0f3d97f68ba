import ForgeSystemd
import Synchronization

/// The one-line state systemd shows in `systemctl status forged` (`STATUS=`):
/// `2 members; last backup: none; timers running: 0`, led by
/// `DISK FULL since …: changes cannot be saved; ` while writes fail for space.
///
/// Parts owned elsewhere plug in a provider closure, read each time the line
/// is rendered (so keep them cheap and non-blocking):
/// ```swift
/// status.setLastBackup { backups.lastSummary }   // e.g. "2026-07-20 03:00 ok"
/// status.setTimersRunning { scheduler.runningCount }
/// status.publish()                                // after a backup finishes
/// ```
/// The health monitor re-renders it on every tick and sends `STATUS=` when it
/// changed; ``publish()`` sends it at once.
package final class StatusLine: Sendable {
    private struct State {
        var members: Int?
        var lastBackup: @Sendable () -> String = { "none" }
        var timersRunning: @Sendable () -> Int = { 0 }
        var storageFault: @Sendable () -> String? = { nil }
        var lastSent: String?
    }

    private let state = Mutex(State())

    /// A status line with nothing to report yet.
    package init() {}

    /// `provider` returns the last backup's time and result in a few words
    /// (`"2026-07-20 03:00 ok"`, `"2026-07-20 03:00 failed"`), or `"none"`.
    package func setLastBackup(_ provider: @escaping @Sendable () -> String) {
        state.withLock { $0.lastBackup = provider }
    }

    /// `provider` returns how many cook timers are running now.
    package func setTimersRunning(_ provider: @escaping @Sendable () -> Int) {
        state.withLock { $0.timersRunning = provider }
    }

    /// `provider` returns a storage fault in a few words (`"DISK FULL since …:
    /// changes cannot be saved"`), or nil while writes succeed; shown first.
    package func setStorageFault(_ provider: @escaping @Sendable () -> String?) {
        state.withLock { $0.storageFault = provider }
    }

    /// Household members (admin and member seats; the demo seat not counted),
    /// as last counted by the health monitor; nil when the database did not answer.
    func setMembers(_ count: Int?) {
        state.withLock { $0.members = count }
    }

    /// The line as it reads now.
    package func render() -> String {
        let (members, lastBackup, timers, fault) = state.withLock {
            ($0.members, $0.lastBackup, $0.timersRunning, $0.storageFault)
        }
        let memberText = members.map { "\($0) member\($0 == 1 ? "" : "s")" } ?? "database not answering"
        let backup = lastBackup().split(whereSeparator: \.isNewline).joined(separator: " ")
        let line = "\(memberText); last backup: \(backup.isEmpty ? "none" : backup); timers running: \(timers())"
        guard let fault = fault() else { return line }
        return fault + "; " + line
    }

    /// Sends `STATUS=` now (no-op outside systemd).
    package func publish() {
        let line = render()
        state.withLock { $0.lastSent = line }
        Notify.status(line)
    }

    /// Sends `STATUS=` only when the line changed since it was last sent.
    func publishIfChanged() {
        let line = render()
        let changed = state.withLock { s -> Bool in
            guard s.lastSent != line else { return false }
            s.lastSent = line
            return true
        }
        if changed { Notify.status(line) }
    }

    /// Records `line` as sent (it went out with READY=1).
    func markSent(_ line: String) {
        state.withLock { $0.lastSent = line }
    }
}
