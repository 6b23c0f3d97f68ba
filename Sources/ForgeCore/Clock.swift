import Foundation
import Synchronization

/// The source of "now" for everything time-driven. Production uses
/// ``SystemClock``; tests inject a ``FixedClock`` they can move.
public protocol Clock: Sendable {
    /// The current instant.
    func now() -> Date
}

/// Wall-clock time from the operating system.
public struct SystemClock: Clock {
    public init() {}
    public func now() -> Date { Date() }
}

/// A clock that only moves when told to; for tests.
public final class FixedClock: Clock {
    private let instant: Mutex<Date>
    public init(_ date: Date) { instant = Mutex(date) }
    public func now() -> Date { instant.withLock { $0 } }
    /// Sets the clock to `date`.
    public func set(_ date: Date) { instant.withLock { $0 = date } }
    /// Moves the clock forward by `seconds`.
    public func advance(_ seconds: TimeInterval) { instant.withLock { $0 += seconds } }
}
