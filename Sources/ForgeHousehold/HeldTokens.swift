import ForgeCore
import ForgeStore
import Foundation
import Synchronization

/// Tokens issued while the database cannot be written, held in memory by their
/// SHA-256 (as the tables keep them) until they can be saved (ForgeAPI's `HeldCredentials`).
package final class HeldTokens<Value: Sendable>: Sendable {
    /// SHA-256 hex of the token → what it stands for.
    private let held = Mutex<[String: Value]>([:])

    /// Holds `value` under a new token (256 random bits); the raw token for the cookie.
    package func hold(_ value: Value) -> String {
        let token = HouseholdStore.newSessionToken()
        held.withLock { $0[Sodium.sha256Hex(token)] = value }
        return token
    }

    /// What `token` stands for, or nil when it is not held (or longer than any token forged issues).
    package func value(token: String) -> Value? {
        guard !token.isEmpty, token.utf8.count <= HouseholdStore.maxSessionTokenBytes else { return nil }
        return held.withLock { $0[Sodium.sha256Hex(token)] }
    }

    /// Forgets `token`; whether it was held. Waits for a ``save(into:_:)`` in progress,
    /// so a token dropped (a sign-out) is never saved after it.
    @discardableResult package func drop(token: String) -> Bool {
        held.withLock { $0.removeValue(forKey: Sodium.sha256Hex(token)) != nil }
    }

    /// Whether any held value satisfies `test`.
    package func contains(where test: (Value) -> Bool) -> Bool {
        held.withLock { $0.values.contains(where: test) }
    }

    /// An empty holder.
    package init() {}

    /// Whether nothing is held.
    package var isEmpty: Bool { held.withLock { $0.isEmpty } }

    /// Writes everything held in one transaction on `db` with `save(connection, tokenHash, value)`
    /// (which may skip a value by doing nothing), then forgets it all; nothing is forgotten when the
    /// write fails. Holds the lock throughout, so ``drop(token:)`` waits for it.
    /// - Returns: how many were held.
    /// - Throws: what the write throws (`.full` while the disk has no room).
    package func save(into db: Database, _ save: (Connection, String, Value) throws -> Void) throws -> Int {
        try held.withLock { held in
            guard !held.isEmpty else { return 0 }
            let pending = held
            try db.write { c in for (hash, value) in pending { try save(c, hash, value) } }
            held.removeAll()
            return pending.count
        }
    }
}
