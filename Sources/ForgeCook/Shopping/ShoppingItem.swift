import ForgeCore

/// One line of the week's shopping list (issue 18).
///
/// `qty` is in the base unit of `unit`'s class (`g`, `ml`, a count for
/// `x`, or a count of the word in `unit`, e.g. `clove`), rounded to 2
/// decimals, and nil when no line said how much; `disp` is how a shopper
/// reads it (`1.6 kg`, `3¼`); `packs` how many of the reference row's
/// typical pack cover it (`2 × 1 kg tub`), nil when that pack has no
/// quantity in the same unit class.
public struct ShoppingItem: Sendable, Equatable {
    /// Stable within the week for the same ingredient and unit class
    /// (`red-onions.x`); a hand-added item's row id.
    public var id: String
    public var name: String
    public var qty: Double?
    public var unit: String
    public var disp: String
    public var packs: String?
    public var checked: Bool
    /// `produce | protein | dairy | cupboard | frozen`.
    public var aisle: String
    /// The recipes needing it and the days they are cooked, in week order.
    public var recipes: [ShoppingUse]
    /// A staple the household keeps (reference `pantry`): listed under "check you have".
    public var pantry: Bool

    public init(
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
public struct ShoppingUse: Sendable, Equatable, Hashable {
    public var slug: String
    public var date: LocalDate
    public init(slug: String, date: LocalDate) {
        self.slug = slug
        self.date = date
    }
}

/// The week's list: computed items by aisle, the pantry staples to check,
/// and the items added by hand.
public struct ShoppingList: Sendable, Equatable {
    /// The Monday of the household week.
    public var start: LocalDate
    /// Non-empty aisles in ``ShoppingListBuilder/aisleOrder``; items unticked
    /// first, then ticked, each by name.
    public var aisles: [(aisle: String, items: [ShoppingItem])]
    /// Pantry staples the week uses ("check you have"), by name.
    public var pantry: [ShoppingItem]
    /// Items added by hand, oldest first.
    public var manual: [ShoppingItem]

    public init(
        start: LocalDate, aisles: [(aisle: String, items: [ShoppingItem])], pantry: [ShoppingItem],
        manual: [ShoppingItem]
    ) {
        self.start = start
        self.aisles = aisles
        self.pantry = pantry
        self.manual = manual
    }

    /// Every item, aisles then pantry then manual.
    public var allItems: [ShoppingItem] { aisles.flatMap(\.items) + pantry + manual }

    /// The item `id`, wherever it is listed.
    public func item(_ id: String) -> ShoppingItem? { allItems.first { $0.id == id } }

    public static func == (a: ShoppingList, b: ShoppingList) -> Bool {
        a.start == b.start && a.pantry == b.pantry && a.manual == b.manual
            && a.aisles.map(\.aisle) == b.aisles.map(\.aisle) && a.aisles.map(\.items) == b.aisles.map(\.items)
    }
}
