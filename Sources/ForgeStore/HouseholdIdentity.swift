import ForgeCore
import Foundation

/// The household's id (`household_identity`, migration 0807; written here only): 128 random bits,
/// URL-safe base64, made once. It says whose household a copy off the box is (``CopyIdentity``).
package enum HouseholdIdentity {
    /// Makes the id when the table holds none.
    /// - Throws: `DatabaseError` when the write fails.
    static func create(in db: Connection) throws {
        let existing: Int? = try db.scalar("SELECT count(*) FROM household_identity")
        guard existing == 0 else { return }
        try db.execute("INSERT INTO household_identity (id) VALUES (?)", [Sodium.randomToken(bytes: 16)])
    }

    /// The household's id, or nil in a database migrated before 0807 could run.
    /// - Throws: `DatabaseError` when the read fails.
    package static func id(in db: Database) throws -> String? {
        try db.read { c in
            guard try c.scalar("SELECT count(*) FROM sqlite_master WHERE name = 'household_identity'") as Int? == 1
            else { return nil }
            return try c.scalar("SELECT id FROM household_identity LIMIT 1")
        }
    }
}
