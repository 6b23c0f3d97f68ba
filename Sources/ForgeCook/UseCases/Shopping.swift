import ForgeCore
import ForgeStore
import Foundation

/// The week's shopping list as the household uses it (issue 18; issue 42): read
/// it, tick or untick an item, add one by hand, remove a hand-added one. The
/// app, the kitchen display and MCP call these; each is one transaction.
/// `scope` is the food scope (the household's, or the demo seat's own).
package enum Shopping {
    /// The list of the household week containing `date`.
    package static func list(scope: String, containing date: LocalDate, in database: Database) throws -> ShoppingList {
        try database.read { db in try ShoppingStore.list(scope: scope, containing: date, in: db) }
    }

    /// Ticks (`checked` true, recording the item's whole quantity as bought) or unticks item `id` of
    /// the week containing `date`, by `actor` (a member id or `display:<id>`).
    /// - Returns: the item as it now stands.
    /// - Throws: ``ShoppingError/notOnList`` (nothing written); storage errors.
    package static func tick(
        _ checked: Bool, item id: String, scope: String, containing date: LocalDate, actor: String, now: Date,
        in database: Database
    ) throws -> ShoppingItem {
        do {
            return try database.write { db in
                try ShoppingStore.setChecked(
                    checked, item: id, scope: scope, containing: date, actor: actor, now: now, in: db)
            }
        } catch ShoppingStore.Failure.notOnList {
            throw ShoppingError.notOnList
        }
    }

    /// Adds `name` by hand to the week containing `date`: `qty` of `unit` (both optional; the
    /// words are trimmed), aisle from the household reference row of that name.
    /// - Returns: the new, unticked item.
    package static func add(
        name: String, qty: Double?, unit: String?, scope: String, containing date: LocalDate, actor: String,
        now: Date, in database: Database
    ) throws -> ShoppingItem {
        let name = name.trimmingCharacters(in: .whitespacesAndNewlines)
        let unit = (unit ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
        return try database.write { db in
            try ShoppingStore.add(
                name: name, qty: qty, unit: unit, scope: scope, containing: date, actor: actor, now: now, in: db)
        }
    }

    /// Removes the hand-added item `id` and its tick.
    /// - Returns: the Monday of the item's week.
    /// - Throws: ``ShoppingError/notFound`` when `scope` has no hand-added item `id`; storage errors.
    package static func remove(id: String, scope: String, in database: Database) throws -> LocalDate {
        guard let week = try database.write({ db in try ShoppingStore.remove(id: id, scope: scope, in: db) }) else {
            throw ShoppingError.notFound
        }
        return week
    }

    /// The items of the week containing `date` whose need has outgrown their tick (issue 28).
    package static func outgrownTicks(scope: String, containing date: LocalDate, in database: Database) throws
        -> [ShoppingItem]
    {
        try database.read { db in try ShoppingStore.outgrownTicks(scope: scope, containing: date, in: db) }
    }
}

/// Why a shopping-list change wrote nothing.
package enum ShoppingError: Error, Sendable, Equatable {
    /// The item is neither computed for that week nor added by hand to it.
    case notOnList
    /// No item added by hand with that id.
    case notFound
}
