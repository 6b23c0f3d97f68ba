import ForgeCore
import Foundation

/// Which bytes of each compiled-in seed asset (`exercises.json`,
/// `ingredients.json`, `recipes.json`) the database was last seeded from,
/// and the keys (slugs, names) that seeding ensured. Every command starts the
/// seeder, and decoding an asset costs more than the rest of a short command
/// (docs/performance.md): a seed step whose asset's SHA-256 matches its mark
/// checks only that its keys are still stored (one `SELECT`) and decodes
/// nothing. A changed asset (an upgrade) or a database seeded before the marks
/// existed runs the step in full, which then records the new mark.
/// The `seed_marks` table (migration 0803) is written here only.
package enum SeedMarks {
    /// Lowercase hex SHA-256 of an asset's bytes.
    package static func digest(_ bytes: Data) -> String {
        Sodium.sha256Hex(bytes)
    }

    /// The keys recorded for `asset` when it was last seeded in full from
    /// bytes whose digest is `digest`, in their recorded order; nil when the
    /// asset was never marked or was marked for other bytes.
    /// - Throws: `DatabaseError`.
    package static func keys(asset: String, digest: String, in db: Connection) throws -> [String]? {
        let stored: String? = try db.scalar(
            "SELECT keys FROM seed_marks WHERE asset = ? AND digest = ?", [asset, digest])
        return stored.map {
            $0.isEmpty ? [] : $0.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        }
    }

    /// Records that `asset` with `digest` was seeded in full, ensuring `keys`
    /// (none may contain a line feed), replacing an earlier mark; `now`
    /// (forged's clock's time) is stored as `marked_at`.
    /// - Throws: `DatabaseError`.
    package static func record(asset: String, digest: String, keys: [String], now: Date, in db: Connection) throws {
        precondition(!keys.contains { $0.contains("\n") }, "a seed key holds a line feed")
        try db.execute(
            """
            INSERT INTO seed_marks (asset, digest, keys, marked_at) VALUES (?, ?, ?, ?)
            ON CONFLICT (asset) DO UPDATE SET digest = excluded.digest, keys = excluded.keys,
              marked_at = excluded.marked_at
            """, [asset, digest, keys.joined(separator: "\n"), Instant.storage(now)])
    }
}
