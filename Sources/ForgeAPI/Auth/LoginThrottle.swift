import Foundation
import Synchronization

/// Failed-login throttling per (email, client address): after 5 failures
/// within 15 minutes further attempts get 429 with `Retry-After`; the lockout
/// starts at 60 s and doubles with every failure past the fifth, capped at
/// one day. A success clears the key. State lives in memory: a restart
/// forgets it, which only ever loosens the throttle.
package final class LoginThrottle: Sendable {
    struct Entry {
        var failures: [Date] = []
        var lockedUntil: Date = .distantPast
        var lockout: TimeInterval = 0
    }
    private let entries = Mutex<[String: Entry]>([:])
    package static let window: TimeInterval = 15 * 60
    package static let allowed = 5

    package init() {}

    private func key(_ email: String, _ address: String) -> String { email.lowercased() + "|" + address }

    /// Seconds the caller must still wait, or nil when an attempt is allowed now.
    package func retryAfter(email: String, address: String, now: Date) -> Int? {
        entries.withLock { map in
            guard let e = map[key(email, address)], e.lockedUntil > now else { return nil }
            return max(1, Int(e.lockedUntil.timeIntervalSince(now).rounded(.up)))
        }
    }

    /// Records a failed attempt.
    package func fail(email: String, address: String, now: Date) {
        entries.withLock { map in
            var e = map[key(email, address)] ?? Entry()
            e.failures = e.failures.filter { now.timeIntervalSince($0) < Self.window } + [now]
            if e.failures.count >= Self.allowed {
                e.lockout = e.lockout == 0 ? 60 : min(e.lockout * 2, 86_400)
                e.lockedUntil = now + e.lockout
            }
            map[key(email, address)] = e
        }
    }

    /// Clears the key after a successful sign-in.
    package func succeed(email: String, address: String) {
        _ = entries.withLock { $0.removeValue(forKey: key(email, address)) }
    }
}
