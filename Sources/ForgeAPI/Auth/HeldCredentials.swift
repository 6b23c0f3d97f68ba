import ForgeCore
import ForgeHTTP
import ForgeHousehold
import ForgeStore
import Foundation
import Synchronization

/// Sign-ins and display pairings made while the database cannot be written
/// (issue 39 item 6): a start on a full disk opens it read-only and every
/// write is refused for space until it is freed, yet a member whose session
/// expired must still be able to sign in and read, and a display to pair.
/// Their tokens are held in memory (``HeldTokens``) and saved once a write
/// can commit: ``ForgeApp/saveHeldCredentials()`` runs after the disk-full
/// watcher reopens the database read-write and, at most every
/// ``retrySeconds``, on a request that uses a held token (its own write may be
/// the one that ends a disk-full fault). A restart before then forgets them:
/// those members sign in again, that display pairs again.
final class HeldCredentials: Sendable {
    /// A sign-in session: the member, when it was made and until when it lasts, and the
    /// member's password hash then (a password changed since ends it, as it ends stored sessions).
    struct Session: Sendable {
        let userID: String
        let created: Date
        let expires: Date
        let passwordHash: String?
    }

    /// A display pairing: the display, its scope, when it was paired.
    struct Display: Sendable {
        let id: String
        let scope: String
        let paired: Date
    }

    let sessions = HeldTokens<Session>()
    let displays = HeldTokens<Display>()
    /// Seconds between tries to save from requests.
    static let retrySeconds = 2.0
    private let lastTry = Mutex<Date?>(nil)

    /// Whether a request should try saving now: something is held and the last try is ``retrySeconds`` old.
    func due(now: Date) -> Bool {
        guard !sessions.isEmpty || !displays.isEmpty else { return false }
        return lastTry.withLock { last in
            if let last, now.timeIntervalSince(last) < Self.retrySeconds { return false }
            last = now
            return true
        }
    }
}

extension ForgeApp {
    /// Saves the held sign-ins and pairings (``HeldCredentials``): a session whose member is
    /// gone, whose password changed or which expired is dropped instead; a pairing of a display
    /// revoked meanwhile is not saved. A no-op while nothing is held or the database is read-only.
    package func saveHeldCredentials() {
        guard !db.isReadOnly, !held.sessions.isEmpty || !held.displays.isEmpty else { return }
        let now = clock.now()
        do {
            let sessions = try held.sessions.save(into: db) { c, hash, session in
                guard session.expires > now, try HouseholdStore.user(id: session.userID, in: c) != nil,
                    try HouseholdStore.passwordHash(userID: session.userID, in: c) == session.passwordHash
                else { return }
                try HouseholdStore.saveSession(
                    tokenHash: hash, userID: session.userID, created: session.created, expires: session.expires,
                    in: c)
            }
            let displays = try held.displays.save(into: db) { c, hash, display in
                try DisplayStore.savePairing(id: display.id, tokenHash: hash, at: display.paired, in: c)
            }
            Log.notice(
                "saved \(sessions) sign-in session(s) and \(displays) display pairing(s) made while the disk was full")
        } catch let error as DatabaseError where StorageErrors.refusedForSpace(error) {
            Log.debug("sign-ins made while the disk is full are still held: \(error)")
        } catch {
            Log.warning("cannot save the sign-ins made while the disk was full (still held): \(error)")
        }
    }

    /// The member signed in with `token` while the disk was full, or nil when `token` is not held
    /// (or its session expired, or the member's password changed since).
    /// - Throws: 401 `unknown user` when the member is gone; `DatabaseError` when the read fails.
    func heldCaller(token: String, now: Date) throws -> Caller? {
        guard let session = held.sessions.value(token: token), session.expires > now else { return nil }
        if held.due(now: now) { saveHeldCredentials() }
        let member = try SignIns.member(session.userID, in: db)
        guard member.passwordHash == session.passwordHash else { return nil }
        return Caller(user: member.user)
    }

    /// A session for `user` made while the disk is full: held, with the member's password hash now.
    /// - Returns: the raw token for the cookie.
    func holdSession(for user: User, now: Date) throws -> String {
        let hash = try SignIns.passwordHash(userID: user.id, in: db)
        return held.sessions.hold(
            HeldCredentials.Session(
                userID: user.id, created: now, expires: now + HouseholdStore.sessionLifetime, passwordHash: hash))
    }

    /// Pairs a display with `code` while the disk is full: the code is checked by a read and the
    /// pairing held (once per display: a code redeemed and held is used up).
    /// - Returns: the display id and raw token, or nil for a wrong, used or expired code.
    func holdPairing(code: String, now: Date) throws -> (id: String, token: String)? {
        guard let display = try KitchenDisplays.redeemable(code: code, now: now, in: db),
            !held.displays.contains(where: { $0.id == display.id })
        else { return nil }
        return (
            display.id, held.displays.hold(HeldCredentials.Display(id: display.id, scope: display.scope, paired: now))
        )
    }

    /// Pairs the display whose code is `code`; on a full disk the pairing is held (``holdPairing(code:now:)``).
    /// - Returns: the display id and raw token, or nil for a wrong, used or expired code.
    func pairDisplay(code: String) throws -> (id: String, token: String)? {
        let now = clock.now()
        do {
            return try KitchenDisplays.pair(code: code, now: now, in: db)
        } catch  where StorageErrors.refusedForSpace(error) {
            return try holdPairing(code: code, now: now)
        }
    }

    /// Ends the session behind `token` (sign-out): a held one is dropped, a stored one revoked.
    /// - Throws: `DatabaseError` when the revoke fails (`.full`: 507).
    func signOut(token: String) throws {
        guard !held.sessions.drop(token: token) else { return }
        try SignIns.endSession(token: token, in: db)
    }
}
