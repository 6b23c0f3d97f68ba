/// Why `Migrator.migrate` refused or stopped.
package enum MigrationError: Error, CustomStringConvertible, Sendable, Equatable {
    /// The database records migrations this binary does not know: it was written by a newer
    /// forged. Nothing was applied; run the newer binary (or restore a backup).
    case databaseIsNewer(unknownIDs: [String])
    /// After migration `id`, `PRAGMA foreign_key_check` reported rows; the migration was rolled back.
    /// `violations` are `table(rowid) -> parent` strings.
    case foreignKeyViolation(id: String, violations: [String])

    package var description: String {
        switch self {
        case .databaseIsNewer(let ids):
            "database is newer than this forged (unknown migrations: \(ids.joined(separator: ", ")))"
        case .foreignKeyViolation(let id, let violations):
            "migration \(id) leaves foreign key violations: \(violations.prefix(5).joined(separator: "; "))"
        }
    }
}
