import ForgeCore
import ForgeStore
import Foundation

/// The week's shopping list per food scope (issue 18): ticks keyed by the
/// list's stable item ids and the items added by hand (tables
/// `shopping_ticks`, `shopping_items`, migration 0202). The list itself is
/// computed from the scope's active food week each time
/// (``ShoppingListBuilder``), so a change to the plan changes it at once.
package enum ShoppingStore {
    /// Errors of the writes, each a 404 for the routes.
    package enum Failure: Error, Equatable {
        /// The item id is neither a computed nor a hand-added item of that week.
        case notOnList
    }

    /// Diners a recipe is bought for in `scope`: the household's members
    /// (at least one), or 1 for the demo's own scope.
    package static func diners(scope: String, in db: Connection) throws -> Int {
        guard scope == FoodWeekStore.household else { return 1 }
        let members: Int = try db.scalar("SELECT COUNT(*) FROM users WHERE role != 'demo'") ?? 1
        return max(1, members)
    }

    /// The list of the household week containing `date` in `scope`.
    package static func list(scope: String, containing date: LocalDate, in db: Connection) throws -> ShoppingList {
        let monday = date.monday
        let revision = try FoodWeekStore.active(scope: scope, in: db)
        let library = Dictionary(try RecipeStore.all(in: db).map { ($0.slug, $0) }, uniquingKeysWith: { a, _ in a })
        let reference = try IngredientStore.reference(in: db)
        let items = ShoppingListBuilder.items(
            content: revision?.content, monday: monday,
            diners: try diners(scope: scope, in: db),
            recipes: { library[$0] }, reference: reference)
        let manual = try db.query(
            "SELECT * FROM shopping_items WHERE scope = ? AND week = ? ORDER BY created_at, id",
            [scope, monday.description]
        ).map { row in
            try manualItem(row, reference: reference)
        }
        var ticked: [String: Double?] = [:]
        for row in try db.query(
            "SELECT item, qty FROM shopping_ticks WHERE scope = ? AND week = ?", [scope, monday.description])
        {
            ticked[try row.get("item")] = .some(try row.get("qty"))
        }
        return ShoppingListBuilder.list(start: monday, items: items, manual: manual, ticked: ticked)
    }

    /// Ticks (`checked` true) or unticks item `id` of the week containing
    /// `date`, by `actor` (a user id or `display:<id>`); returns the item.
    /// A tick records the item's whole quantity as bought (ticking an item
    /// whose need outgrew an earlier tick covers the new need); untick
    /// forgets what was bought.
    /// - Throws: ``Failure/notOnList`` when the week's list has no such item (nothing written).
    package static func setChecked(
        _ checked: Bool, item id: String, scope: String, containing date: LocalDate,
        actor: String, now: Date, in db: Connection
    ) throws -> ShoppingItem {
        let week = date.monday.description
        guard var item = try list(scope: scope, containing: date, in: db).item(id) else { throw Failure.notOnList }
        if checked {
            try db.execute(
                """
                INSERT INTO shopping_ticks (scope, week, item, checked_by, checked_at, qty) VALUES (?, ?, ?, ?, ?, ?)
                ON CONFLICT (scope, week, item) DO UPDATE SET qty = excluded.qty
                    WHERE excluded.qty IS NOT NULL AND qty IS NOT NULL AND excluded.qty > qty
                """, [scope, week, id, actor, Instant.storage(now), item.qty])
        } else {
            try db.execute("DELETE FROM shopping_ticks WHERE scope = ? AND week = ? AND item = ?", [scope, week, id])
        }
        item.checked = checked
        item.bought = nil
        item.stillNeeded = nil
        item.stillNeededDisp = ""
        return item
    }

    /// The items of the week containing `date` whose need has outgrown
    /// their tick (``ShoppingItem/stillNeeded`` set), for the live stream
    /// after a change to the plan.
    package static func outgrownTicks(scope: String, containing date: LocalDate, in db: Connection) throws
        -> [ShoppingItem]
    {
        try list(scope: scope, containing: date, in: db).allItems.filter { $0.stillNeeded != nil }
    }

    /// Adds `name` (with an optional `qty` of `unit`) by hand to the week
    /// containing `date`; returns the new, unticked item.
    package static func add(
        name: String, qty: Double?, unit: String, scope: String, containing date: LocalDate,
        actor: String, now: Date, in db: Connection
    ) throws -> ShoppingItem {
        let id = Identifier.make()
        try db.execute(
            """
            INSERT INTO shopping_items (id, scope, week, name, qty, unit, created_by, created_at)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?)
            """, [id, scope, date.monday.description, name, qty, unit, actor, Instant.storage(now)])
        let row = try db.queryOne("SELECT * FROM shopping_items WHERE id = ?", [id])!
        return try manualItem(row, reference: try IngredientStore.reference(in: db))
    }

    /// Removes the hand-added item `id` of `scope` and its tick; returns its
    /// week's Monday, or nil when there was no such item.
    package static func remove(id: String, scope: String, in db: Connection) throws -> LocalDate? {
        guard
            let week: String = try db.scalar("SELECT week FROM shopping_items WHERE id = ? AND scope = ?", [id, scope])
        else { return nil }
        try db.execute("DELETE FROM shopping_items WHERE id = ?", [id])
        try db.execute("DELETE FROM shopping_ticks WHERE scope = ? AND week = ? AND item = ?", [scope, week, id])
        return LocalDate(week)
    }

    /// A hand-added row as an item: aisle from the reference row of the same
    /// name (case-insensitive), else `cupboard`; its quantity read as written.
    static func manualItem(_ row: Row, reference: IngredientReference) throws -> ShoppingItem {
        let name: String = try row.get("name")
        let qty: Double? = try row.get("qty")
        let unit: String = try row.get("unit")
        let match = reference[name] ?? reference.rows.first { $0.name.lowercased() == name.lowercased() }
        var disp = ""
        if let qty {
            let (unitClass, factor) = ShoppingQuantity.unitClass(of: unit)
            disp =
                ["g", "ml"].contains(unitClass)
                ? ShoppingQuantity.display(qty * factor, unitClass: unitClass)
                : [ShoppingQuantity.count(qty), unit].filter { !$0.isEmpty }.joined(separator: " ")
        }
        return ShoppingItem(
            id: try row.get("id"), name: name, qty: qty, unit: unit, disp: disp,
            aisle: match?.aisle ?? "cupboard")
    }
}
