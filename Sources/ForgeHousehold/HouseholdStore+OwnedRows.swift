import ForgeCore
import ForgeStore
import Foundation

extension HouseholdStore {
    /// Deletes every row a seat owns before the seat itself goes (§6 quirk 15):
    /// `scope`'s rows in every table with a `scope` column, then the user's rows
    /// in every table with a `user_id` column. Tables are found in the schema
    /// at run time, so a table added later is covered; the one-writer test
    /// lists these two statements by hand (docs/architecture.md §20).
    /// Call inside `Database.write`, then ``deleteUser(id:in:)``.
    package static func deleteOwnedRows(userID: String, scope: String, in c: Connection) throws {
        for table in try tables(withColumn: "scope", in: c) {
            try c.execute("DELETE FROM \(SQLIdentifier.quoted(table)) WHERE scope = ?", [scope])
        }
        for table in try tables(withColumn: "user_id", in: c) {
            try c.execute("DELETE FROM \(SQLIdentifier.quoted(table)) WHERE user_id = ?", [userID])
        }
    }

    /// Names of the tables that have `column`, by name.
    static func tables(withColumn column: String, in c: Connection) throws -> [String] {
        try c.query(
            """
            SELECT m.name AS name FROM sqlite_schema m, pragma_table_info(m.name) p
            WHERE m.type = 'table' AND m.name NOT LIKE 'sqlite_%' AND p.name = ? ORDER BY m.name
            """, [column]
        ).map { try $0.get("name") }
    }

}
