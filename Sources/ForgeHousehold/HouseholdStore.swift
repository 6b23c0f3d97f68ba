import ForgeCore
import ForgeStore
import Foundation

/// The one owner of the household records (docs/architecture.md §19.3, "Each table has one
/// owner"): the `users` table, sign-in sessions (`auth_sessions`,
/// ``HouseholdStore/createSession(userID:now:in:)``) and ingest/MCP bearer
/// tokens (`ingest_tokens`, ``HouseholdStore/rotateIngestToken(userID:now:in:)``).
/// No other code writes these tables; the other modules ask it.
///
/// Seats: at most two member seats (one admin, one member) plus an optional
/// demo seat (docs/contract.md §1.8). Every function runs on the caller's connection,
/// inside the caller's transaction when it has one.
package enum HouseholdStore {
    static let columns =
        "id, email, name, role, units, prefs, active_profile_id, password_hash IS NOT NULL AS has_password, created_at"

    // MARK: reading seats

    /// Every user, oldest first (creation instant, then insertion order).
    package static func allUsers(_ db: Connection) throws -> [User] {
        try db.query("SELECT \(columns) FROM users ORDER BY created_at, rowid").map(user)
    }

    /// The user with `id`, or nil.
    package static func user(id: String, in db: Connection) throws -> User? {
        try db.queryOne("SELECT \(columns) FROM users WHERE id = ?", [id]).map(user)
    }

    /// The user with `email` (compared lower-cased and trimmed), or nil.
    package static func user(email: String, in db: Connection) throws -> User? {
        try db.queryOne("SELECT \(columns) FROM users WHERE email = ?", [normaliseEmail(email)]).map(user)
    }

    /// The stored Argon2id hash of the user's password, or nil.
    package static func passwordHash(userID: String, in db: Connection) throws -> String? {
        try db.scalar("SELECT password_hash FROM users WHERE id = ?", [userID])
    }

    /// How many `admin` and `member` seats exist (the demo seat not counted).
    package static func memberCount(_ db: Connection) throws -> Int {
        try db.scalar("SELECT COUNT(*) FROM users WHERE role != 'demo'") ?? 0
    }

    /// Lower-cased, trimmed email.
    package static func normaliseEmail(_ email: String) -> String {
        email.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
    }

    /// True for `^[^@\s]+@[^@\s]+\.[^@\s]+$` (docs/contract.md §3.18), read
    /// as the published schema's ECMAScript pattern reads it: on Unicode
    /// scalars, not grapheme clusters (an `@` or `.` followed by a combining
    /// mark or an emoji modifier is still one), `\s` being Unicode White_Space
    /// (U+0085 included, as the schema says) and U+FEFF.
    package static func isValidEmail(_ email: String) -> Bool {
        let scalars = Array(email.unicodeScalars)
        guard !scalars.contains(where: { $0.properties.isWhitespace || $0 == "\u{FEFF}" }) else { return false }
        let parts = scalars.split(separator: "@", omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[0].isEmpty else { return false }
        // `[^@\s]+\.[^@\s]+`: a dot with something before and after it.
        return parts[1].dropFirst().dropLast().contains(".")
    }

    // MARK: writing seats

    /// Creates a seat with bodyweight unit `kg`. The first non-demo user of an
    /// empty table becomes the admin unless `role` says otherwise; checks run
    /// in the contract's order.
    /// - Returns: the stored user.
    /// - Throws: ``UserError/bothSeatsTaken`` (a third member seat),
    ///   ``UserError/invalidEmail``, ``UserError/emailInUse``, ``UserError/nameRequired``.
    @discardableResult
    package static func addUser(
        email rawEmail: String, name rawName: String, role requested: String? = nil,
        prefs: [String: JSONValue], passwordHash: String?, now: Date,
        in db: Connection
    ) throws -> User {
        let members = try memberCount(db)
        if requested != "demo", members >= 2 { throw UserError.bothSeatsTaken }
        let email = normaliseEmail(rawEmail)
        guard isValidEmail(email) else { throw UserError.invalidEmail }
        if try user(email: email, in: db) != nil { throw UserError.emailInUse }
        let name = rawName.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !name.isEmpty else { throw UserError.nameRequired }
        let role = requested ?? (members == 0 ? "admin" : "member")
        let id = Identifier.make()
        try db.execute(
            """
            INSERT INTO users (id, email, name, role, units, prefs, password_hash, created_at)
            VALUES (?, ?, ?, ?, 'kg', ?, ?, ?)
            """, [id, email, name, role, try JSONCoding.string(prefs), passwordHash, Instant.storage(now)])
        return try user(id: id, in: db)!
    }

    /// Changes a member seat's email (their sign-in) and/or name; nil leaves a
    /// field as it is. Checks run in the contract's order: unknown (or demo)
    /// user, email shape, name, then an email already used by another seat.
    /// - Returns: the stored user after the change.
    /// - Throws: ``UserError/unknownUser`` (no such seat, or the demo),
    ///   ``UserError/invalidEmail``, ``UserError/nameRequired``, ``UserError/emailInUse``.
    @discardableResult
    package static func updateMember(
        id: String, email rawEmail: String?, name rawName: String?,
        in db: Connection
    ) throws -> User {
        guard let existing = try user(id: id, in: db), !existing.isDemo else { throw UserError.unknownUser }
        let email = rawEmail.map(normaliseEmail)
        if let email, !isValidEmail(email) { throw UserError.invalidEmail }
        let name = rawName?.trimmingCharacters(in: .whitespacesAndNewlines)
        if let name, name.isEmpty { throw UserError.nameRequired }
        if let email, let other = try user(email: email, in: db), other.id != id { throw UserError.emailInUse }
        if let email { try db.execute("UPDATE users SET email = ? WHERE id = ?", [email, id]) }
        if let name { try db.execute("UPDATE users SET name = ? WHERE id = ?", [name, id]) }
        return try user(id: id, in: db) ?? existing
    }

    /// Replaces the user's password hash (an Argon2id string).
    /// - Throws: ``UserError/unknownUser``.
    package static func setPasswordHash(_ hash: String, userID: String, in db: Connection) throws {
        try db.execute("UPDATE users SET password_hash = ? WHERE id = ?", [hash, userID])
        guard db.changes == 1 else { throw UserError.unknownUser }
    }

    /// Sets the bodyweight display unit.
    /// - Parameter units: `kg` or `lb`.
    /// - Throws: ``UserError/invalidUnits`` for anything else (nothing written).
    package static func setUnits(_ units: String, userID: String, in db: Connection) throws {
        guard units == "kg" || units == "lb" else { throw UserError.invalidUnits }
        try db.execute("UPDATE users SET units = ? WHERE id = ?", [units, userID])
    }

    /// Points the user's `active_profile_id` at an equipment profile (the
    /// caller has checked the user may see it).
    package static func setActiveProfile(_ profileID: String, userID: String, in db: Connection) throws {
        try db.execute("UPDATE users SET active_profile_id = ? WHERE id = ?", [profileID, userID])
    }

    /// Sets `active_profile_id` to the user's oldest profile named `name`
    /// when the user has none yet (the equipment seed's "Gym").
    package static func defaultActiveProfile(named name: String, userID: String, in db: Connection) throws {
        try db.execute(
            """
            UPDATE users SET active_profile_id =
              (SELECT id FROM equipment_profiles WHERE user_id = users.id AND name = ? ORDER BY created_at, rowid LIMIT 1)
            WHERE id = ? AND active_profile_id IS NULL
            """, [name, userID])
    }

    /// Deletes the seat; its `ON DELETE CASCADE` children (sessions, tokens,
    /// …) go with it. Rows of tables without a cascade are the caller's to
    /// remove first (the demo reset does).
    /// - Returns: whether a seat was deleted.
    @discardableResult
    package static func deleteUser(id: String, in db: Connection) throws -> Bool {
        try db.execute("DELETE FROM users WHERE id = ?", [id])
        return db.changes > 0
    }

    // MARK: prefs

    /// The one prefs rule (docs/contract.md §3.10 "shallow-merged"), a JSON merge patch
    /// one level deep: each key given replaces the stored value wholesale
    /// (a nested object such as `nutrition_targets` is replaced whole, not
    /// merged), a key given as `null` is removed, keys not given are kept.
    /// Pure; ``updatePrefs(merge:userID:in:)`` stores its result.
    package static func mergedPrefs(_ stored: [String: JSONValue], patch: [String: JSONValue]) -> [String: JSONValue] {
        var prefs = stored
        for (key, value) in patch {
            if value.isNull { prefs.removeValue(forKey: key) } else { prefs[key] = value }
        }
        return prefs
    }

    /// Applies `patch` to the stored prefs by ``mergedPrefs(_:patch:)``,
    /// reading and writing on `db` (so inside the caller's transaction the
    /// read and the write see the same row). Writes only when the document
    /// changes. Every writer of prefs goes through here.
    /// - Returns: the stored prefs after the merge.
    /// - Throws: ``UserError/unknownUser`` when no seat has `userID`.
    @discardableResult
    package static func updatePrefs(
        merge patch: [String: JSONValue], userID: String,
        in db: Connection
    ) throws -> [String: JSONValue] {
        guard let text: String = try db.scalar("SELECT prefs FROM users WHERE id = ?", [userID]) else {
            throw UserError.unknownUser
        }
        let stored = prefsCache.value(for: text) ?? [:]
        let merged = mergedPrefs(stored, patch: patch)
        if merged != stored {
            try db.execute("UPDATE users SET prefs = ? WHERE id = ?", [try JSONCoding.string(merged), userID])
        }
        return merged
    }

    /// Decoded prefs by stored text (every signed-in request reads its user).
    static let prefsCache = DecodeCache<[String: JSONValue]>()

    static func user(_ row: Row) throws -> User {
        let prefsText: String = try row.get("prefs")
        let prefs = prefsCache.value(for: prefsText) ?? [:]
        return User(
            id: try row.get("id"), email: try row.get("email"), name: try row.get("name"),
            role: try row.get("role"), units: try row.get("units"), prefs: prefs,
            activeProfileID: try row.optional("active_profile_id"),
            hasPassword: try row.get("has_password"), createdAt: try row.get("created_at"))
    }
}
