import ForgeCore
import ForgeStore
import Foundation

/// The household's own ingredient reference as MCP edits it (docs/contract.md
/// §4.24 `list_ingredients`, `bulk_import_ingredients`, `update_ingredient`,
/// `delete_ingredient`; issue 42), field rules as ``IngredientImport``'s. Each
/// call is one transaction.
package enum HouseholdIngredients {
    /// What a bulk import did, by cleaned name, in payload order.
    package struct Imported: Sendable, Equatable {
        package var created: [String] = []
        package var updated: [String] = []
        /// Existing rows left alone (`overwrite` false) and unnamed items (`(unnamed)`).
        package var skipped: [String] = []
    }

    /// The rows whose name contains `query` (case-insensitive; empty for all), in `aisle` (nil for
    /// any), pantry staples only when `pantryOnly`; sorted by aisle, then name.
    package static func rows(query: String, aisle: String?, pantryOnly: Bool, in database: Database) throws
        -> [Ingredient]
    {
        let q = query.lowercased()
        return try database.read { db in try IngredientStore.reference(in: db) }.rows.filter { row in
            (q.isEmpty || row.name.lowercased().contains(q)) && (aisle == nil || row.aisle == aisle)
                && (!pantryOnly || row.pantry)
        }.sorted { ($0.aisle, $0.name) < ($1.aisle, $1.name) }
    }

    /// Creates or updates each `(name, fields)` in one transaction. A name already in the reference is
    /// updated when `overwrite`, else skipped; a name repeated in the payload applies each time.
    package static func bulkImport(
        _ items: [(name: String, fields: IngredientImport.Fields)], overwrite: Bool, in database: Database
    ) throws -> Imported {
        try database.write { db in
            var done = Imported()
            for item in items {
                let name = IngredientImport.cleanName(item.name)
                guard !name.isEmpty else {
                    done.skipped.append("(unnamed)")
                    continue
                }
                if done.created.contains(name) || done.updated.contains(name) {
                    try IngredientImport.apply(item.fields, to: name, in: db)  // repeat in one payload
                } else if try IngredientImport.find(name, in: db) != nil {
                    guard overwrite else {
                        done.skipped.append(name)
                        continue
                    }
                    try IngredientImport.apply(item.fields, to: name, in: db)
                    done.updated.append(name)
                } else {
                    try IngredientImport.create(name, item.fields, in: db)
                    done.created.append(name)
                }
            }
            return done
        }
    }

    /// Applies `fields` to the row `name` (cleaned).
    /// - Returns: the row as it now stands.
    /// - Throws: ``HouseholdIngredientError/nameRequired``, ``HouseholdIngredientError/unknown(_:)``
    ///   (nothing written); storage errors.
    package static func update(_ name: String, _ fields: IngredientImport.Fields, in database: Database) throws
        -> Ingredient
    {
        let name = IngredientImport.cleanName(name)
        guard !name.isEmpty else { throw HouseholdIngredientError.nameRequired }
        return try database.write { db in
            guard try IngredientImport.find(name, in: db) != nil else { throw HouseholdIngredientError.unknown(name) }
            try IngredientImport.apply(fields, to: name, in: db)
            guard let row = try IngredientImport.find(name, in: db) else {
                throw HouseholdIngredientError.unknown(name)
            }
            return row
        }
    }

    /// Deletes the row `name` (cleaned).
    /// - Returns: how many recipes still name it.
    /// - Throws: ``HouseholdIngredientError/unknown(_:)``; storage errors.
    package static func delete(_ name: String, in database: Database) throws -> Int {
        let name = IngredientImport.cleanName(name)
        guard let referencing = try database.write({ db in try IngredientImport.delete(name, in: db) }) else {
            throw HouseholdIngredientError.unknown(name)
        }
        return referencing
    }
}

/// Why an edit of the household reference wrote nothing.
package enum HouseholdIngredientError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The name was empty once trimmed.
    case nameRequired
    /// No row with that name.
    case unknown(String)

    package var description: String {
        switch self {
        case .nameRequired: "name required"
        case .unknown(let name): "unknown ingredient: \(name)"
        }
    }
}
