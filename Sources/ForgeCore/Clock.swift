import Foundation
import Synchronization

/// The source of "now" for everything time-driven. Production uses
/// ``SystemClock``; tests inject a ``FixedClock`` they can move.
package protocol Clock: Sendable {
    /// The current instant.
    func now() -> Date
}

/// Wall-clock time from the operating system.
package struct SystemClock: Clock {
    /// The operating system clock.
    package init() {}
    package func now() -> Date { Date() }
}

/// A clock that only moves when told to; for tests.
package final class FixedClock: Clock {
    private let instant: Mutex<Date>
    /// A clock standing at `date`.
    package init(_ date: Date) { instant = Mutex(date) }
    package func now() -> Date { instant.withLock { $0 } }
    /// Sets the clock to `date`.
    package func set(_ date: Date) { instant.withLock { $0 = date } }
    /// Moves the clock forward by `seconds`.
    package func advance(_ seconds: TimeInterval) { instant.withLock { $0 += seconds } }
}

/// The system clock moved by a fixed number of seconds; for tests and
/// benches only (`FORGE_TEST_CLOCK_OFFSET`, refused unless dev sign-in is on,
/// see `docs/kitchen-display.md`). Lets a real server's household time stand
/// at, say, 23:59:50 without faking the process clock, so libdispatch timers
/// and signal handling keep working on real time: only "now" as forged reads
/// it (deadlines, the household day, expiries) is shifted.
package struct OffsetClock: Clock {
    /// Seconds added to the system time; negative moves it back.
    package let offset: TimeInterval
    /// The system clock moved by `offset` seconds.
    package init(offset: TimeInterval) { self.offset = offset }
    package func now() -> Date { Date().addingTimeInterval(offset) }
}
