import Foundation

extension ForgeSchema {
    /// Migration 0807: `household_identity`, one row: a random id made when the database is first
    /// migrated (or upgraded to this migration), kept in the database and so in its backups. A copy
    /// off the box seals it (``CopyIdentity``), so a restore can tell whose household a copy is
    /// (issue 40 item 3).
    static func registerHouseholdIdentity(_ m: inout Migrator) {
        m.register("0807-household-identity") { db in
            try db.executeScript("CREATE TABLE household_identity (id TEXT NOT NULL);")
            try HouseholdIdentity.create(in: db)
        }
    }
}
