import ForgeCore

/// One line of the week's shopping list (issue 18).
///
/// `qty` is in the base unit of `unit`'s class (`g`, `ml`, a count for
/// `x`, or a count of the word in `unit`, e.g. `clove`), rounded to 2
/// decimals, and nil when no line said how much; `disp` is how a shopper
/// reads it (`1.6 kg`, `3¼`); `packs` how many of the reference row's
/// typical pack cover it (`2 × 1 kg tub`), nil when that pack has no
/// quantity in the same unit class.
///
/// A tick records how much it covered (issue 28): when the week's need
/// grows past it, the item is no longer `checked`; `bought` says what the
/// tick covered and `stillNeeded` what is left to buy (`stillNeededDisp`
/// "400 g"). Both are nil for an unticked item, for a tick that covers the
/// need, and for a tick that recorded no quantity.
package struct ShoppingItem: Sendable, Equatable {
    /// Stable within the week for the same ingredient and unit class
    /// (`red-onions.x`); a hand-added item's row id.
    package var id: String
    package var name: String
    package var qty: Double?
    package var unit: String
    package var disp: String
    package var packs: String?
    package var checked: Bool
    /// `produce | protein | dairy | cupboard | frozen`.
    package var aisle: String
    /// The recipes needing it and the days they are cooked, in week order.
    package var recipes: [ShoppingUse]
    /// A staple the household keeps (reference `pantry`): listed under "check you have".
    package var pantry: Bool
    /// What the tick covered, in `qty`'s unit, when the need has outgrown it.
    package var bought: Double? = nil
    /// `qty − bought` (2 dp) when the need has outgrown the tick.
    package var stillNeeded: Double? = nil
    /// `stillNeeded` as a shopper reads it (`400 g`, `2 cloves`); `""` when nil.
    package var stillNeededDisp: String = ""

    package init(
        id: String, name: String, qty: Double?, unit: String, disp: String, packs: String? = nil,
        checked: Bool = false, aisle: String, recipes: [ShoppingUse] = [], pantry: Bool = false
    ) {
        self.id = id
        self.name = name
        self.qty = qty
        self.unit = unit
        self.disp = disp
        self.packs = packs
        self.checked = checked
        self.aisle = aisle
        self.recipes = recipes
        self.pantry = pantry
    }
}

/// A recipe cooked on a day of the week, as one reason to buy an item.
package struct ShoppingUse: Sendable, Equatable, Hashable {
    package var slug: String
    package var date: LocalDate
    package init(slug: String, date: LocalDate) {
        self.slug = slug
        self.date = date
    }
}

/// The week's list: computed items by aisle, the pantry staples to check,
/// and the items added by hand.
package struct ShoppingList: Sendable, Equatable {
    /// The Monday of the household week.
    package var start: LocalDate
    /// Non-empty aisles in ``ShoppingListBuilder/aisleOrder``; items unticked
    /// first, then ticked, each by name.
    package var aisles: [(aisle: String, items: [ShoppingItem])]
    /// Pantry staples the week uses ("check you have"), by name.
    package var pantry: [ShoppingItem]
    /// Items added by hand, oldest first.
    package var manual: [ShoppingItem]

    package init(
        start: LocalDate, aisles: [(aisle: String, items: [ShoppingItem])], pantry: [ShoppingItem],
        manual: [ShoppingItem]
    ) {
        self.start = start
        self.aisles = aisles
        self.pantry = pantry
        self.manual = manual
    }

    /// Every item, aisles then pantry then manual.
    package var allItems: [ShoppingItem] { aisles.flatMap(\.items) + pantry + manual }

    /// The item `id`, wherever it is listed.
    package func item(_ id: String) -> ShoppingItem? { allItems.first { $0.id == id } }

    package static func == (a: ShoppingList, b: ShoppingList) -> Bool {
        a.start == b.start && a.pantry == b.pantry && a.manual == b.manual
            && a.aisles.map(\.aisle) == b.aisles.map(\.aisle) && a.aisles.map(\.items) == b.aisles.map(\.items)
    }
}
