import ForgeStore
import Foundation
import Synchronization

/// Session token → signed-in caller, so a request does not look its session
/// up in SQLite when nothing was written since the last lookup.
///
/// An entry is kept only for the ``Generation`` of the database it was read
/// at (read *before* the lookup) and only until its session's `expires_at`:
/// any committed write, among them sign-out, a password change revoking
/// sessions, a deleted seat or a `forged user` command in another process,
/// empties the cache, so a revoked session is refused by the very next
/// request. Bounded: at most ``capacity`` tokens; past that it starts afresh.
final class CallerCache: Sendable {
    /// Most tokens held.
    static let capacity = 256

    private struct State {
        var generation: Generation = .closed
        var entries: [String: (caller: Caller, expires: Date)] = [:]
    }

    private let state = Mutex(State())

    /// The cached caller of `token` at `generation`, when still before its session's expiry.
    func caller(token: String, generation: Generation, now: Date) -> Caller? {
        state.withLock { s in
            guard s.generation == generation, let hit = s.entries[token], now < hit.expires else { return nil }
            return hit.caller
        }
    }

    /// Remembers `caller` for `token` as read at `generation`.
    func store(token: String, caller: Caller, expires: Date, generation: Generation) {
        state.withLock { s in
            if s.generation != generation {
                s.generation = generation
                s.entries.removeAll(keepingCapacity: true)
            }
            if s.entries.count >= Self.capacity { s.entries.removeAll(keepingCapacity: true) }
            s.entries[token] = (caller, expires)
        }
    }
}
