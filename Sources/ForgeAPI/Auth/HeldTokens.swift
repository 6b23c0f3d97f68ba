import ForgeCore
import ForgeHousehold
import ForgeStore
import Foundation
import Synchronization

/// Credentials issued while the database cannot be written (issue 39 item 6):
/// a start on a full disk opens it read-only and every write is refused for
/// space until it is freed, yet a member whose session expired must still be
/// able to sign in and read, and a display to pair. The new token is held here,
/// in memory, by its SHA-256 (as the tables keep it), and saved once the disk
/// has room: by ``ForgeApp/saveHeldCredentials()``, which the disk-full watcher
/// calls after reopening read-write and each request using a held token calls.
/// A restart before then forgets them: those members sign in again, that display pairs again.
final class HeldTokens<Value: Sendable>: Sendable {
    /// SHA-256 hex of the token → what it stands for.
    private let held = Mutex<[String: Value]>([:])

    /// Holds `value` under a new token; the raw token for the cookie.
    func hold(_ value: Value) -> String {
        let token = HouseholdStore.newSessionToken()
        held.withLock { $0[Sodium.sha256Hex(token)] = value }
        return token
    }

    /// What `token` stands for, or nil when it is not held.
    func value(token: String) -> Value? {
        guard !token.isEmpty, token.utf8.count <= 128 else { return nil }
        return held.withLock { $0[Sodium.sha256Hex(token)] }
    }

    /// Forgets `token`; whether it was held.
    @discardableResult func drop(token: String) -> Bool {
        held.withLock { $0.removeValue(forKey: Sodium.sha256Hex(token)) != nil }
    }

    /// Whether nothing is held.
    var isEmpty: Bool { held.withLock { $0.isEmpty } }

    /// Saves everything held in one transaction on `db` with `save(connection, tokenHash, value)`,
    /// then forgets what was saved; nothing is forgotten when the write fails.
    /// - Returns: how many were saved.
    /// - Throws: what the write throws (`.full` while the disk has no room).
    func save(into db: Database, _ save: (Connection, String, Value) throws -> Void) throws -> Int {
        let pending = held.withLock { $0 }
        guard !pending.isEmpty else { return 0 }
        try db.write { c in for (hash, value) in pending { try save(c, hash, value) } }
        held.withLock { held in for hash in pending.keys { held.removeValue(forKey: hash) } }
        return pending.count
    }
}

/// A sign-in session held while the disk is full.
struct HeldSession: Sendable {
    let userID: String
    let created: Date
    let expires: Date
}

/// A display paired while the disk is full.
struct HeldDisplay: Sendable {
    let id: String
    let scope: String
    let paired: Date
}

extension ForgeApp {
    /// Saves the sessions and display pairings made while the disk was full
    /// (``HeldTokens``); a no-op while none are held or writes are still refused.
    package func saveHeldCredentials() {
        guard !heldSessions.isEmpty || !heldDisplays.isEmpty, !db.isReadOnly, db.storageFault == nil else { return }
        do {
            let now = clock.now()
            let sessions = try heldSessions.save(into: db) { c, hash, session in
                guard session.expires > now else { return }
                try HouseholdStore.saveSession(
                    tokenHash: hash, userID: session.userID, created: session.created, expires: session.expires,
                    in: c)
            }
            let displays = try heldDisplays.save(into: db) { c, hash, display in
                try DisplayStore.savePairing(id: display.id, tokenHash: hash, at: display.paired, in: c)
            }
            if sessions + displays > 0 {
                Log.notice(
                    "saved \(sessions) sign-in session(s) and \(displays) display pairing(s) made while the disk was full"
                )
            }
        } catch {
            Log.debug("credentials made while the disk was full are still held: \(error)")
        }
    }

    /// Whether `error` is a write refused for space (a full disk, or the read-only start).
    static func isRefusedForSpace(_ error: any Error) -> Bool {
        (error as? DatabaseError)?.code == .full
    }
}
