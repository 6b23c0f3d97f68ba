import CSystemd
import Foundation

/// sd_notify(3): tells the service manager about state changes over the
/// datagram socket in `NOTIFY_SOCKET`. Every call is a no-op (returns false)
/// when forged was not started by systemd (the variable is unset).
///
/// `sd_notifyf` is variadic, so messages are formatted in Swift and sent with
/// `sd_notify`. Newlines separate assignments within one datagram.
package enum Notify {
    /// Sends `assignments` (`"READY=1"`, `"STATUS=…"`) as one datagram.
    /// - Returns: true when a message was sent; false when there is no
    ///   notification socket or sending failed (never throws: notification is
    ///   best effort, as sd_notify(3) says).
    @discardableResult
    package static func send(_ assignments: String...) -> Bool {
        send(assignments)
    }

    /// Sends `assignments` joined by newlines as one datagram.
    @discardableResult
    package static func send(_ assignments: [String]) -> Bool {
        let text = assignments.map { $0.replacingOccurrences(of: "\n", with: " ") }.joined(separator: "\n")
        return sd_notify(0, text) > 0
    }

    /// `READY=1` with the status line.
    @discardableResult package static func ready(status: String) -> Bool { send("READY=1", "STATUS=" + status) }

    /// `STATUS=…` alone.
    @discardableResult package static func status(_ line: String) -> Bool { send("STATUS=" + line) }

    /// `WATCHDOG=1`: the service is alive; the manager restarts it when this
    /// does not come within `WatchdogSec=`.
    @discardableResult package static func watchdog() -> Bool { send("WATCHDOG=1") }

    /// `STOPPING=1` with the status line.
    @discardableResult package static func stopping(status: String = "stopping") -> Bool {
        send("STOPPING=1", "STATUS=" + status)
    }

    /// `RELOADING=1` with `MONOTONIC_USEC=` (CLOCK_MONOTONIC now, µs), which
    /// systemd ≥ 253 requires for `Type=notify-reload` and older ones accept.
    @discardableResult package static func reloading(status: String = "reloading configuration") -> Bool {
        send("RELOADING=1", "MONOTONIC_USEC=\(monotonicMicroseconds)", "STATUS=" + status)
    }

    /// CLOCK_MONOTONIC now, microseconds.
    package static var monotonicMicroseconds: UInt64 { UInt64(forge_monotonic_usec()) }

    /// The watchdog interval systemd asked for (`WATCHDOG_USEC`, checked
    /// against `WATCHDOG_PID` when set), or nil when the watchdog is off.
    /// Ping at half of it (sd_watchdog_enabled(3)).
    package static var watchdogInterval: Duration? {
        var usec: UInt64 = 0
        guard sd_watchdog_enabled(0, &usec) > 0, usec > 0 else { return nil }
        return .microseconds(Int64(clamping: usec))
    }
}
