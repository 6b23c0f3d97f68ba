import ForgeCore
import Foundation

/// One household cook timer. The deadline is an absolute instant
/// (`endsAt`), so a daemon restart loses nothing.
///
/// - `running`: `endsAt` is the deadline.
/// - `paused`: `remainingMs` holds what was left; `endsAt` is nil.
/// - `fired`: `endsAt` was the deadline; `firedAt` when it rang and
///   `lateByMs = firedAt − endsAt` (≥ 0; large when it came due while the
///   daemon was down).
package struct CookTimer: Sendable, Equatable {
    package var id: String
    /// `household`, or `user:<id>` for the demo seat (its own scope).
    package var scope: String
    package var label: String
    /// Requested duration, seconds (1...86 400).
    package var seconds: Int
    package var recipeSlug: String?
    /// Zero-based method step of `recipeSlug` this timer belongs to.
    package var step: Int?
    /// A background (parallel) step running beside the current one.
    package var background: Bool
    package var state: TimerState
    package var endsAt: Date?
    package var remainingMs: Int?
    package var firedAt: Date?
    package var lateByMs: Int?
    /// User id, or `display:<id>`, of whoever started it.
    package var createdBy: String
    package var createdAt: Date
    package var updatedAt: Date

    package init(
        id: String, scope: String, label: String, seconds: Int, recipeSlug: String? = nil, step: Int? = nil,
        background: Bool = false, state: TimerState = .running, endsAt: Date? = nil, remainingMs: Int? = nil,
        firedAt: Date? = nil, lateByMs: Int? = nil, createdBy: String = "", createdAt: Date, updatedAt: Date
    ) {
        self.id = id
        self.scope = scope
        self.label = label
        self.seconds = seconds
        self.recipeSlug = recipeSlug
        self.step = step
        self.background = background
        self.state = state
        self.endsAt = endsAt
        self.remainingMs = remainingMs
        self.firedAt = firedAt
        self.lateByMs = lateByMs
        self.createdBy = createdBy
        self.createdAt = createdAt
        self.updatedAt = updatedAt
    }

    /// Milliseconds left at `now`: the deadline minus now (never below 0)
    /// while running, the frozen remainder while paused, 0 otherwise.
    package func remainingMilliseconds(at now: Date) -> Int {
        switch state {
        case .running: return max(0, Millis.between(now, endsAt ?? now))
        case .paused: return max(0, remainingMs ?? 0)
        default: return 0
        }
    }

    /// The wire shape, ``CookTimerView``, as a JSON tree for the live feed and
    /// the event socket (an object: its members serialize in key order).
    package func json(now: Date) -> JSONValue {
        (try? WireEncoder.jsonValue(CookTimerView(self, now: now))) ?? .object([:])
    }
}

/// Millisecond arithmetic on instants (storage precision is 1 ms).
package enum Millis {
    /// `to − from` in whole milliseconds, rounded to nearest.
    package static func between(_ from: Date, _ to: Date) -> Int {
        Int((to.timeIntervalSince(from) * 1000).rounded())
    }

    /// `date` rounded to the millisecond, as stored.
    package static func rounded(_ date: Date) -> Date {
        Date(timeIntervalSince1970: (date.timeIntervalSince1970 * 1000).rounded() / 1000)
    }
}
