import ForgeCore
import ForgeStore
import Foundation

/// The write paths of `forged import forge-server` for the household's own
/// tables: seats, their ingest tokens and MCP OAuth clients and grants,
/// carried from the original Forge server with their ids, so links, the
/// phone's Health Auto Export token and the MCP connector keep working.
/// Each runs in the caller's transaction.
extension HouseholdStore {
    /// One seat as the original server stored it (ids are 32 hex characters, as forged's).
    package struct MovedUser: Sendable {
        package let id: String
        package let email: String
        package let name: String
        /// `admin` or `member`.
        package let role: String
        /// `kg` or `lb`.
        package let units: String
        /// The prefs object's JSON text.
        package let prefsJSON: String
        package let activeProfileID: String?
        package let createdAt: Date
        /// An Argon2id hash kept from a forged seat of the same email, or nil (no password yet).
        package let passwordHash: String?

        package init(
            id: String, email: String, name: String, role: String, units: String, prefsJSON: String,
            activeProfileID: String?, createdAt: Date, passwordHash: String?
        ) {
            self.id = id
            self.email = email
            self.name = name
            self.role = role
            self.units = units
            self.prefsJSON = prefsJSON
            self.activeProfileID = activeProfileID
            self.createdAt = createdAt
            self.passwordHash = passwordHash
        }
    }

    /// Inserts a moved seat with its own id.
    /// - Throws: ``UserError/invalidEmail``, ``UserError/nameRequired``, ``UserError/emailInUse``;
    ///   `DatabaseError` for an id already taken.
    package static func insertMoved(_ u: MovedUser, in db: Connection) throws {
        let email = normaliseEmail(u.email)
        guard isValidEmail(email) else { throw UserError.invalidEmail }
        let name = u.name.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !name.isEmpty else { throw UserError.nameRequired }
        if try user(email: email, in: db) != nil { throw UserError.emailInUse }
        try db.execute(
            """
            INSERT INTO users (id, email, name, role, units, prefs, password_hash, active_profile_id, created_at)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
            """,
            [
                u.id, email, name, u.role, u.units, u.prefsJSON, u.passwordHash, u.activeProfileID,
                Instant.storage(u.createdAt),
            ])
    }

    /// Points the seat at its active equipment profile (after the profiles are in).
    package static func setMovedActiveProfile(_ profileID: String?, userID: String, in db: Connection) throws {
        try db.execute("UPDATE users SET active_profile_id = ? WHERE id = ?", [profileID, userID])
    }

    /// Stores the seat's ingest token exactly as the phone has it, with its counters.
    package static func setMovedIngestToken(
        userID: String, token: String, samples: Int, lastPush: Date?, createdAt: Date, in db: Connection
    ) throws {
        try db.execute(
            """
            INSERT INTO ingest_tokens (user_id, token, samples, last_push, created_at) VALUES (?, ?, ?, ?, ?)
            ON CONFLICT (user_id) DO UPDATE SET token = excluded.token, samples = excluded.samples,
              last_push = excluded.last_push, created_at = excluded.created_at
            """, [userID, token, samples, lastPush.map(Instant.storage), Instant.storage(createdAt)])
    }

    /// Every seat's password hash by email (kept when a seat is replaced by the moved one).
    package static func passwordHashesByEmail(in db: Connection) throws -> [String: String] {
        var out: [String: String] = [:]
        for row in try db.query("SELECT email, password_hash FROM users WHERE password_hash IS NOT NULL") {
            out[try row.get("email")] = try row.get("password_hash")
        }
        return out
    }
}
