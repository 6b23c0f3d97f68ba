/// The original Forge server's database as read from a source, checked
/// before anything is written: it must have the original's `users` table
/// (with `email`), or it is some other program's database. Tables the source
/// lacks (a database from before they existed) read as empty.
package struct ForgeServerSnapshot: Sendable {
    /// The tables of the original's schema (server/app/models.py of the original)
    /// that the import reads or reports on; any other table of the source is ignored.
    package static let wanted: Set<String> = [
        "users", "ingest_tokens", "oauth_clients", "oauth_codes", "oauth_tokens", "metrics", "exercises",
        "equipment_profiles", "plans", "plan_revisions", "planned_items", "workout_sessions", "workout_series",
        "logged_sets", "records", "niggles", "lab_panels", "lab_results", "withings_links", "push_subs",
        "notification_log", "agent_runs", "chat_messages", "app_settings", "recipes", "ingredients",
        "meal_revisions", "meal_log", "media_blobs", "carryovers", "lunch_favorites",
    ]

    /// Tables every version of the original creates at its first start (besides `users`).
    static let required = ["workout_sessions", "logged_sets", "ingest_tokens"]

    package let tables: [String: SourceTable]
    /// The source as people know it (a URL without its password, or a path).
    package let source: String

    /// - Throws: ``ImportError/unreadable(_:)`` naming the source when it is not the original's database.
    package init(tables: [String: SourceTable], source: String) throws {
        guard let users = tables["users"], users.has("email"), users.has("id") else {
            throw ImportError.unreadable(
                "\(source): not a database of the original Forge server (it has no users table with id and email)")
        }
        let missing = Self.required.filter { tables[$0] == nil }
        guard missing.isEmpty else {
            throw ImportError.unreadable(
                "\(source): not a database of the original Forge server (it has a users table but no "
                    + missing.joined(separator: " or ") + " table)")
        }
        self.tables = tables
        self.source = source
    }

    /// The table `name`, empty when the source lacks it.
    package func table(_ name: String) -> SourceTable { tables[name] ?? SourceTable(name: name, columns: []) }

    /// Rows of `name`.
    package func rows(_ name: String) -> [SourceRow] { table(name).records }

    /// Rows read in all tables.
    package var rowCount: Int { tables.values.reduce(0) { $0 + $1.rows.count } }

    /// A stable fingerprint of the source's content (table names, row counts and
    /// the users' ids and emails), so a second run from the same source is known.
    package var fingerprint: String {
        var parts = tables.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value.rows.count)" }
        parts += rows("users").map { "\($0.string("id")):\($0.string("email").lowercased())" }.sorted()
        return parts.joined(separator: ";")
    }
}
