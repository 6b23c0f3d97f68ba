import Foundation

/// What just happened to a timer; one per committed change, in commit order.
package struct TimerEvent: Sendable, Equatable {
    /// The kind of change, named as the `timer.<change>` event line is.
    package enum Change: String, Sendable, CaseIterable {
        /// Reloaded at daemon start (running, paused or still ringing).
        case restored
        case started, paused, resumed, extended, fired, dismissed, cancelled
    }

    /// Scheduler-wide sequence number, increasing by 1 per event.
    package let seq: UInt64
    package let change: Change
    package let timer: CookTimer
    /// When the change was committed.
    package let at: Date

    /// An event; see the properties.
    package init(seq: UInt64, change: Change, timer: CookTimer, at: Date) {
        self.seq = seq
        self.change = change
        self.timer = timer
        self.at = at
    }

    /// `timer.<change>`, the envelope's and the SSE stream's event type.
    package var type: String { "timer.\(change.rawValue)" }
}
