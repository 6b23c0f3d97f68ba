import Foundation
import Synchronization

/// Failed-login throttling, in memory (a restart forgets it, which only ever
/// loosens it), two ways at once:
///
/// - per (email, client address): after 5 failures within 15 minutes further
///   attempts get 429 with `Retry-After`; the lockout starts at 60 s and
///   doubles with every failure past the fifth, capped at one day;
/// - per account, whatever the address (issue 26: an IPv6 host has many
///   addresses): from the ``accountAllowed``-th failure within 15 minutes
///   on, the next attempt on that email must wait 2^(n − 10) seconds after
///   the n-th failure (1 s, 2 s, 4 s, …, capped at ``accountDelayCap``);
///   an earlier one gets 429 with `Retry-After` and its password is not
///   checked. Guessing is then at most about 4 passwords an hour per
///   account after the first ten; a member who knows their password waits
///   at most the cap.
///
/// A successful sign-in clears both for that email (and address).
package final class LoginThrottle: Sendable {
    struct Entry {
        var failures: [Date] = []
        var lockedUntil: Date = .distantPast
        var lockout: TimeInterval = 0
    }
    struct AccountEntry {
        var failures: [Date] = []
        var nextAttempt: Date = .distantPast
    }
    private let entries = Mutex<[String: Entry]>([:])
    private let accounts = Mutex<[String: AccountEntry]>([:])
    package static let window: TimeInterval = 15 * 60
    package static let allowed = 5
    /// Failures on one account, from any addresses within ``window``, before its attempts are slowed.
    package static let accountAllowed = 10
    /// The longest per-account delay, seconds.
    package static let accountDelayCap: TimeInterval = 15 * 60
    /// Entries kept before expired ones are pruned (bounds memory under a spray of emails).
    static let pruneAbove = 4096

    package init() {}

    private func key(_ email: String, _ address: String) -> String { email.lowercased() + "|" + address }

    /// Seconds the caller must still wait, or nil when an attempt is allowed now.
    package func retryAfter(email: String, address: String, now: Date) -> Int? {
        entries.withLock { map in
            guard let e = map[key(email, address)], e.lockedUntil > now else { return nil }
            return max(1, Int(e.lockedUntil.timeIntervalSince(now).rounded(.up)))
        }
    }

    /// Seconds before the account `email` may be tried again from any
    /// address, or nil when it may be tried now.
    package func accountRetryAfter(email: String, now: Date) -> Int? {
        accounts.withLock { map in
            guard let e = map[email.lowercased()], e.nextAttempt > now else { return nil }
            return max(1, Int(e.nextAttempt.timeIntervalSince(now).rounded(.up)))
        }
    }

    /// The per-account delay after `failures` failures within the window:
    /// nil below ``accountAllowed``, else 2^(failures − accountAllowed) s, capped.
    package static func accountDelay(afterFailures failures: Int) -> TimeInterval? {
        guard failures >= accountAllowed else { return nil }
        let exponent = min(failures - accountAllowed, 20)
        return min(pow(2, Double(exponent)), accountDelayCap)
    }

    /// Records a failed attempt.
    /// - Returns: the per-account delay now imposed on `email`, seconds, or
    ///   nil when the account is not (yet) slowed; the caller logs it.
    @discardableResult
    package func fail(email: String, address: String, now: Date) -> TimeInterval? {
        entries.withLock { map in
            if map.count > Self.pruneAbove {
                map = map.filter { _, e in
                    e.lockedUntil > now || e.failures.contains { now.timeIntervalSince($0) < Self.window }
                }
            }
            var e = map[key(email, address)] ?? Entry()
            e.failures = e.failures.filter { now.timeIntervalSince($0) < Self.window } + [now]
            if e.failures.count >= Self.allowed {
                e.lockout = e.lockout == 0 ? 60 : min(e.lockout * 2, 86_400)
                e.lockedUntil = now + e.lockout
            }
            map[key(email, address)] = e
        }
        return accounts.withLock { map in
            if map.count > Self.pruneAbove {
                map = map.filter { _, e in
                    e.nextAttempt > now || e.failures.contains { now.timeIntervalSince($0) < Self.window }
                }
            }
            var e = map[email.lowercased()] ?? AccountEntry()
            e.failures = e.failures.filter { now.timeIntervalSince($0) < Self.window } + [now]
            let delay = Self.accountDelay(afterFailures: e.failures.count)
            if let delay { e.nextAttempt = now + delay }
            map[email.lowercased()] = e
            return delay
        }
    }

    /// Clears the key and the account after a successful sign-in.
    package func succeed(email: String, address: String) {
        _ = entries.withLock { $0.removeValue(forKey: key(email, address)) }
        _ = accounts.withLock { $0.removeValue(forKey: email.lowercased()) }
    }
}
