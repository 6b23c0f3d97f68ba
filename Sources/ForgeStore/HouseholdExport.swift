import ForgeCore
import Foundation

/// The whole household as one JSON document (`forged export`,
/// `GET /api/admin/export`; format in docs/export.md).
///
/// Every table of the schema is exported row by row (columns in table order,
/// values as stored: integers and reals as numbers, text as strings, blobs
/// as `{"blob_bytes": N}` references, never their bytes), except the secrets
/// listed in ``omitted``: sign-in sessions, token and code hashes, push keys,
/// password hashes and app settings that may hold API keys. A table or
/// column added to the schema is exported unless it is added there, and a
/// test checks the document against the schema's tables.
package enum HouseholdExport {
    /// `forged-household-export`, and its version (bumped on incompatible changes).
    package static let format = "forged-household-export"
    package static let version = 1

    /// Left out, by table (`auth_sessions`) or column (`users.password_hash`), with why.
    package static let omitted: [(name: String, reason: String)] = [
        ("app_settings", "may hold API keys; GET /api/admin/settings shows them masked"),
        ("auth_sessions", "sign-in session secrets"),
        ("oauth_codes", "short-lived authorization-code secrets"),
        ("oauth_grants.access_hash", "access-token secret"),
        ("oauth_grants.refresh_hash", "refresh-token secret"),
        ("ingest_tokens.token", "the phone app's push credential"),
        ("kitchen_displays.code_hash", "pairing-code secret"),
        ("kitchen_displays.token_hash", "display credential"),
        ("push_subscriptions.p256dh", "the browser's push encryption key"),
        ("push_subscriptions.auth", "the browser's push authentication secret"),
        ("users.password_hash", "password hash"),
    ]

    /// The document.
    package struct Document: Codable, Sendable {
        /// ``HouseholdExport/format``.
        package let format: String
        package let version: Int
        /// When the export was taken (wire datetime, UTC).
        package let exportedAt: String
        /// Migration ids applied to the database, in registration order.
        package let schema: [String]
        /// Every exported table, by name.
        package let tables: [Table]
        /// What was left out and why.
        package let omitted: [Omission]
    }

    /// One table: its columns and rows (each row's values in column order).
    package struct Table: Codable, Sendable {
        /// The table's name, its column names, and its rows.
        package let name: String
        package let columns: [String]
        package let rows: [[JSONValue]]
    }

    /// A table or `table.column` left out, with the reason.
    package struct Omission: Codable, Sendable {
        /// `table` or `table.column`, and why it is not in the export.
        package let name: String
        package let reason: String
    }

    /// Reads the whole database in one read transaction (one consistent snapshot).
    /// - Parameter now: the export's `exported_at` (the caller's clock).
    /// - Throws: `DatabaseError` when a read fails.
    package static func document(_ db: Database, now: Date) throws -> Document {
        let skipped = Set(omitted.map(\.name))
        return try db.read { c in
            let names: [String] = try c.query(
                """
                SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name
                """
            ).map { try $0.get("name") }
            let applied = Set(try c.query("SELECT id FROM schema_migrations").map { try $0.get("id") as String })
            var tables: [Table] = []
            for name in names where name != "schema_migrations" && !skipped.contains(name) {
                let columns: [String] = try c.query("SELECT name FROM pragma_table_info(?) ORDER BY cid", [name])
                    .map { try $0.get("name") }
                let kept = columns.filter { !skipped.contains("\(name).\($0)") }
                let list = kept.map(SQLIdentifier.quoted).joined(separator: ", ")
                let rows = try c.query("SELECT \(list) FROM \(SQLIdentifier.quoted(name)) ORDER BY rowid").map { row in
                    row.values.map(json)
                }
                tables.append(Table(name: name, columns: kept, rows: rows))
            }
            return Document(
                format: format, version: version, exportedAt: Instant.wire(now),
                schema: ForgeSchema.migrator().ids.filter(applied.contains), tables: tables,
                omitted: omitted.map { Omission(name: $0.name, reason: $0.reason) })
        }
    }

    private static func json(_ value: SQLValue) -> JSONValue {
        switch value {
        case .null: .null
        case .integer(let n): .int(Int(n))
        case .real(let x): .double(x)
        case .text(let s): .string(s)
        case .blob(let data): .object(["blob_bytes": .int(data.count)])
        }
    }
}
