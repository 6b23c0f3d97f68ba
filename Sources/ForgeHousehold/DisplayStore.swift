import ForgeCore
import ForgeStore
import Foundation

/// Paired kitchen displays (`kitchen_displays`, migration 0602). Pairing:
/// `forged display pair --name Kitchen` stores a one-time code (its SHA-256
/// only) valid 10 minutes; entering it at `/kitchen/pair` turns it into a
/// random 256-bit display token in the `forge_display` cookie (stored
/// hashed), valid until revoked. A display belongs to the household scope.
package enum DisplayStore {
    /// Cookie carrying the display token.
    package static let cookieName = "forge_display"
    /// Seconds a pairing code stays valid (10 minutes).
    package static let codeLifetime: TimeInterval = 600
    /// Display cookie lifetime, seconds (400 days, the browser maximum).
    package static let cookieLifetime = 400 * 86_400
    /// Code alphabet: no 0/O, 1/I/L.
    package static let alphabet = Array("ABCDEFGHJKMNPQRSTUVWXYZ23456789")

    /// One display as listed.
    package struct Display: Sendable, Equatable {
        package let id: String
        package let name: String
        package let pairedAt: Date?
        package let lastSeenAt: Date?
        package let codeExpiresAt: Date?
        package let revoked: Bool

        package var status: String {
            revoked ? "revoked" : pairedAt != nil ? "paired" : "waiting for code"
        }

        /// True for a display that never paired and whose code expired at or
        /// before `now`: it can no longer pair and holds no credential.
        package func isLapsed(at now: Date) -> Bool {
            !revoked && pairedAt == nil && (codeExpiresAt.map { $0 <= now } ?? true)
        }
    }

    /// A code as printed: eight characters as `ABCD-EFGH` (40 bits).
    package static func makeCode() -> String {
        let chars = (0..<8).map { _ in alphabet[Int.random(in: 0..<alphabet.count)] }
        return String(chars[0..<4]) + "-" + String(chars[4..<8])
    }

    /// Normalises typed input: upper case, letters and digits only.
    package static func normalise(_ code: String) -> String {
        String(code.uppercased().filter { $0.isLetter || $0.isNumber })
    }

    /// Why a display command was refused; nothing was written.
    package enum Refusal: Error, Equatable, CustomStringConvertible {
        /// Another display that is not revoked already has this name (names compare case-insensitively).
        case nameTaken(String)
        /// The name belongs to more than one display (made before names were unique): use an id.
        case ambiguous(name: String, ids: [String])

        package var description: String {
            switch self {
            case .nameTaken(let name):
                "a display called \"\(name)\" already exists (revoke it first or pick another name)"
            case .ambiguous(let name, let ids):
                "\"\(name)\" names \(ids.count) displays; revoke one by id: \(ids.joined(separator: ", "))"
            }
        }
    }

    /// Creates a display waiting for its code.
    ///
    /// A display of the same name that never paired and whose code has
    /// lapsed (at or before `now`) holds nothing (no token, no cookie) and
    /// could never pair: it is replaced, so `forged display pair --name
    /// Kitchen` works again once an unused code has expired.
    /// - Returns: the display id and the code to type (shown once).
    /// - Throws: ``Refusal/nameTaken(_:)`` when a display that is not revoked
    ///   has this name and is paired or still has a live code.
    package static func create(name: String, now: Date, in db: Connection) throws -> (id: String, code: String) {
        let same = try all(in: db).filter { !$0.revoked && $0.name.lowercased() == name.lowercased() }
        let lapsed = same.filter { $0.isLapsed(at: now) }
        if same.count > lapsed.count { throw Refusal.nameTaken(name) }
        for display in lapsed {
            try db.execute(
                "DELETE FROM kitchen_displays WHERE id = ? AND paired_at IS NULL AND token_hash IS NULL", [display.id])
        }
        let code = makeCode()
        let id = Identifier.make()
        try db.execute(
            """
            INSERT INTO kitchen_displays (id, name, code_hash, code_expires_at, created_at) VALUES (?, ?, ?, ?, ?)
            """, [id, name, Sodium.sha256Hex(normalise(code)), now + codeLifetime, now])
        return (id, code)
    }

    /// Redeems a code: the display becomes paired and gets a token.
    /// - Returns: (display id, raw token) or nil for a wrong, used or expired code.
    package static func pair(code: String, now: Date, in db: Connection) throws -> (id: String, token: String)? {
        guard let display = try redeemable(code: code, now: now, in: db) else { return nil }
        let token = HouseholdStore.newSessionToken()
        try savePairing(id: display.id, tokenHash: Sodium.sha256Hex(token), at: now, in: db)
        return (display.id, token)
    }

    /// The display a code would pair (reads only), or nil for a wrong, used or expired code.
    package static func redeemable(code: String, now: Date, in db: Connection) throws -> (id: String, scope: String)? {
        let typed = normalise(code)
        guard typed.count == 8 else { return nil }
        guard
            let row = try db.queryOne(
                """
                SELECT id, scope FROM kitchen_displays WHERE code_hash = ? AND code_expires_at > ? AND revoked_at IS NULL
                """, [Sodium.sha256Hex(typed), now])
        else { return nil }
        return (try row.get("id"), try row.get("scope"))
    }

    /// Stores display `id`'s pairing: the token's SHA-256 hex `tokenHash`, paired `at`; its code is used up.
    package static func savePairing(id: String, tokenHash: String, at now: Date, in db: Connection) throws {
        try db.execute(
            """
            UPDATE kitchen_displays SET code_hash = NULL, code_expires_at = NULL, token_hash = ?, paired_at = ?,
                last_seen_at = ? WHERE id = ? AND revoked_at IS NULL
            """, [tokenHash, now, now, id])
    }

    /// The live display behind a token, or nil.
    package static func find(token: String, in db: Connection) throws -> (id: String, name: String, scope: String)? {
        guard !token.isEmpty, token.utf8.count <= 128 else { return nil }
        guard
            let row = try db.queryOne(
                """
                SELECT id, name, scope FROM kitchen_displays WHERE token_hash = ? AND revoked_at IS NULL
                """, [Sodium.sha256Hex(token)])
        else { return nil }
        return (try row.get("id"), try row.get("name"), try row.get("scope"))
    }

    /// Every display, oldest first.
    package static func all(in db: Connection) throws -> [Display] {
        try db.query("SELECT * FROM kitchen_displays ORDER BY created_at, rowid").map { row in
            let revoked: Date? = try row.optional("revoked_at")
            return Display(
                id: try row.get("id"), name: try row.get("name"), pairedAt: try row.optional("paired_at"),
                lastSeenAt: try row.optional("last_seen_at"), codeExpiresAt: try row.optional("code_expires_at"),
                revoked: revoked != nil)
        }
    }

    /// Revokes one display: by id (or an id prefix of ≥ 6 characters naming
    /// one display), else by its unique name; its cookie stops working at once.
    /// - Returns: the revoked display's name; empty when nothing matched.
    /// - Throws: ``Refusal/ambiguous(name:ids:)`` when the prefix or name
    ///   matches more than one display (nothing is revoked).
    @discardableResult
    package static func revoke(_ idOrName: String, now: Date, in db: Connection) throws -> [String] {
        let active = try all(in: db).filter { !$0.revoked }
        var matches = active.filter { $0.id == idOrName }
        if matches.isEmpty, idOrName.count >= 6 { matches = active.filter { $0.id.hasPrefix(idOrName) } }
        if matches.isEmpty { matches = active.filter { $0.name == idOrName } }
        if matches.isEmpty { matches = active.filter { $0.name.lowercased() == idOrName.lowercased() } }
        guard matches.count <= 1 else { throw Refusal.ambiguous(name: idOrName, ids: matches.map(\.id)) }
        for d in matches {
            try db.execute(
                """
                UPDATE kitchen_displays SET revoked_at = ?, token_hash = NULL, code_hash = NULL WHERE id = ?
                """, [now, d.id])
        }
        return matches.map(\.name)
    }
}
