import ForgeCore
import ForgeStore
import Foundation

/// The household ingredient reference table (docs/contract.md §4.22).
package enum IngredientStore {
    /// Inserts missing reference rows and back-fills zero carbs, sugar, fat
    /// and sodium values of existing rows from the seed (docs/contract.md §4.28 step 5).
    @discardableResult
    package static func seed(_ reference: IngredientReference = .seed, in db: Connection) throws -> Int {
        var added = 0
        for row in reference.rows {
            let v = row.values
            try db.execute(
                """
                INSERT OR IGNORE INTO ingredients (name, aisle, unit, pack, kcal_100, protein_100, carbs_100, sugar_100,
                  fiber_100, fat_100, satfat_100, sodium_100, pantry) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """,
                [
                    row.name, row.aisle, row.unit, row.pack, v.kcal, v.proteinG, v.carbsG, v.sugarG, v.fiberG,
                    v.fatG, v.satfatG, v.sodiumMg, row.pantry,
                ])
            added += db.changes
            try db.execute(
                """
                UPDATE ingredients SET
                  carbs_100 = CASE WHEN carbs_100 = 0 THEN ? ELSE carbs_100 END,
                  sugar_100 = CASE WHEN sugar_100 = 0 THEN ? ELSE sugar_100 END,
                  fat_100 = CASE WHEN fat_100 = 0 THEN ? ELSE fat_100 END,
                  sodium_100 = CASE WHEN sodium_100 = 0 THEN ? ELSE sodium_100 END
                WHERE name = ?
                """, [v.carbsG, v.sugarG, v.fatG, v.sodiumMg, row.name])
        }
        return added
    }

    /// The start's ingredient step (docs/contract.md §4.28): ``seed(_:in:)`` of the
    /// shipped reference (`ingredients.json`), which also fills zero carbs, sugar,
    /// fat and sodium of stored rows from it. Decoding the asset costs more than
    /// the rest of a short command, so when the database was last seeded from the
    /// same bytes (``SeedMarks``) and every name seeded then is stored, the step
    /// decodes and writes nothing; a changed reference (an upgrade), a removed
    /// row or a database seeded before the marks runs it in full, which marks.
    /// - Returns: how many rows were added.
    /// - Throws: `DatabaseError`, `SeedDataError` when the asset is missing.
    @discardableResult
    package static func seedShipped(now: Date, in db: Connection) throws -> Int {
        guard let bytes = EmbeddedAssets.bytes(named: Self.seedAsset) else {
            throw SeedDataError.missing(Self.seedAsset)
        }
        let digest = SeedMarks.digest(bytes)
        if let names = try SeedMarks.keys(asset: Self.seedAsset, digest: digest, in: db),
            try hasAll(names: names, in: db)
        {
            return 0
        }
        let reference = IngredientReference.seed
        let added = try seed(reference, in: db)
        try SeedMarks.record(
            asset: Self.seedAsset, digest: digest, keys: reference.rows.map(\.name), now: now, in: db)
        return added
    }

    /// The shipped reference's asset name.
    static let seedAsset = "ingredients.json"

    /// Whether a row is stored under every one of `names` (true for none).
    static func hasAll(names: [String], in db: Connection) throws -> Bool {
        let wanted = Set(names)
        guard !wanted.isEmpty else { return true }
        let list = SQLPlaceholders.list(wanted.count)
        let stored: Int? = try db.scalar("SELECT COUNT(*) FROM ingredients WHERE name IN (\(list))", Array(wanted))
        return stored == wanted.count
    }

    /// The stored reference table.
    package static func reference(in db: Connection) throws -> IngredientReference {
        IngredientReference(
            try db.query("SELECT * FROM ingredients ORDER BY aisle, name").map { row in
                Ingredient(
                    name: try row.get("name"), aisle: try row.get("aisle"), unit: try row.get("unit"),
                    pack: try row.get("pack"),
                    values: Macros(
                        values: try [
                            "kcal_100", "protein_100", "carbs_100", "sugar_100", "fiber_100",
                            "fat_100", "satfat_100", "sodium_100",
                        ].map { try row.get($0) }),
                    pantry: try row.get("pantry"))
            })
    }
}
