import ForgeCore
import ForgeStore
import Foundation

/// Reads and writes the `users` table. At most two member seats (one admin,
/// one member) plus an optional demo seat (API.md §1.8).
public enum UserDirectory {
    static let columns = "id, email, name, role, units, prefs, active_profile_id, password_hash IS NOT NULL AS has_password, created_at"

    /// Every user, oldest first (creation instant, then insertion order).
    public static func all(_ db: Connection) throws -> [User] {
        try db.query("SELECT \(columns) FROM users ORDER BY created_at, rowid").map(user)
    }

    /// The user with `id`, or nil.
    public static func find(id: String, in db: Connection) throws -> User? {
        try db.queryOne("SELECT \(columns) FROM users WHERE id = ?", [id]).map(user)
    }

    /// The user with `email` (compared lower-cased and trimmed), or nil.
    public static func find(email: String, in db: Connection) throws -> User? {
        try db.queryOne("SELECT \(columns) FROM users WHERE email = ?", [normalise(email)]).map(user)
    }

    /// The stored Argon2id hash of the user's password, or nil.
    public static func passwordHash(userID: String, in db: Connection) throws -> String? {
        try db.scalar("SELECT password_hash FROM users WHERE id = ?", [userID])
    }

    /// Lower-cased, trimmed email.
    public static func normalise(_ email: String) -> String {
        email.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
    }

    /// True for `^[^@\s]+@[^@\s]+\.[^@\s]+$` (API.md §3.18).
    public static func isValidEmail(_ email: String) -> Bool {
        let parts = email.split(separator: "@", omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[0].isEmpty, !email.contains(where: \.isWhitespace) else { return false }
        let domain = parts[1]
        guard let dot = domain.lastIndex(of: "."), dot != domain.startIndex,
              domain.index(after: dot) != domain.endIndex else { return false }
        return true
    }

    /// Creates a seat. The first non-demo user of an empty table becomes the
    /// admin unless `role` says otherwise; checks run in the contract's order.
    /// - Throws: ``UserError/bothSeatsTaken`` (a third member seat),
    ///   ``UserError/invalidEmail``, ``UserError/emailInUse``, ``UserError/nameRequired``.
    @discardableResult
    public static func add(email rawEmail: String, name rawName: String, role requested: String? = nil,
                           prefs: [String: JSONValue], passwordHash: String?, now: Date,
                           in db: Connection) throws -> User {
        let members: Int = try db.scalar("SELECT COUNT(*) FROM users WHERE role != 'demo'") ?? 0
        if requested != "demo", members >= 2 { throw UserError.bothSeatsTaken }
        let email = normalise(rawEmail)
        guard isValidEmail(email) else { throw UserError.invalidEmail }
        if try find(email: email, in: db) != nil { throw UserError.emailInUse }
        let name = rawName.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !name.isEmpty else { throw UserError.nameRequired }
        let role = requested ?? (members == 0 ? "admin" : "member")
        let id = Identifier.make()
        try db.execute("""
            INSERT INTO users (id, email, name, role, units, prefs, password_hash, created_at)
            VALUES (?, ?, ?, ?, 'kg', ?, ?, ?)
            """, [id, email, name, role, try JSONCoding.string(prefs), passwordHash, Instant.storage(now)])
        return try find(id: id, in: db)!
    }

    /// Replaces the user's password hash.
    /// - Throws: ``UserError/unknownUser``.
    public static func setPasswordHash(_ hash: String, userID: String, in db: Connection) throws {
        try db.execute("UPDATE users SET password_hash = ? WHERE id = ?", [hash, userID])
        guard db.changes == 1 else { throw UserError.unknownUser }
    }

    /// Replaces the stored prefs document.
    public static func setPrefs(_ prefs: [String: JSONValue], userID: String, in db: Connection) throws {
        try db.execute("UPDATE users SET prefs = ? WHERE id = ?", [try JSONCoding.string(prefs), userID])
    }

    /// Decoded prefs by stored text (every signed-in request reads its user).
    static let prefsCache = DecodeCache<[String: JSONValue]>()

    static func user(_ row: Row) throws -> User {
        let prefsText: String = try row.get("prefs")
        let prefs = prefsCache.value(for: prefsText) ?? [:]
        return User(id: try row.get("id"), email: try row.get("email"), name: try row.get("name"),
                    role: try row.get("role"), units: try row.get("units"), prefs: prefs,
                    activeProfileID: try row.optional("active_profile_id"),
                    hasPassword: try row.get("has_password"), createdAt: try row.get("created_at"))
    }
}
