import ForgeCook
import ForgeCore
import ForgeHTTP
import Foundation

/// The shopping list's answers and request bodies (issue 18), in the
/// issue's member order: `{ start, aisles: [{ aisle, items: Item[] }],
/// pantry: Item[], manual: Item[] }` with
/// `Item = { id, name, qty, unit, disp, packs, checked, aisle, recipes: [{ slug, date }], bought,
/// still_needed, still_needed_disp }`.
enum ShoppingWire {
    /// A recipe cooked on a day that needs the item.
    struct Use: Codable, Sendable {
        var slug: String
        var date: LocalDate
    }

    /// One item. `qty` is in the base unit of `unit` (`g`, `ml`, a count for
    /// `x`, or a count of the word in `unit`), 2 dp, null when unknown;
    /// `disp` the shopper's reading (`1.6 kg`); `packs` how many typical
    /// packs cover it (`2 × 1 kg tub`), null when the pack has no quantity
    /// in that unit; `aisle` one of `produce | protein | dairy | cupboard | frozen`.
    /// `bought` / `still_needed` (issue 28, same unit as `qty`): when the
    /// week's need has grown past what a tick covered, the item reads
    /// `checked: false`, `bought` what the tick covered and `still_needed`
    /// the rest (`still_needed_disp` "400 g"); null / `""` otherwise.
    struct Item: Codable, Sendable {
        var id: String
        var name: String
        @Nullable var qty: Double?
        var unit: String
        var disp: String
        @Nullable var packs: String?
        var checked: Bool
        var aisle: String
        var recipes: [Use]
        @Nullable var bought: Double?
        @Nullable var stillNeeded: Double?
        var stillNeededDisp: String

        init(_ item: ShoppingItem) {
            id = item.id
            name = item.name
            qty = item.qty.map(FoodWire.finite)
            unit = item.unit
            disp = item.disp
            packs = item.packs
            checked = item.checked
            aisle = item.aisle
            recipes = item.recipes.map { Use(slug: $0.slug, date: $0.date) }
            bought = item.bought.map(FoodWire.finite)
            stillNeeded = item.stillNeeded.map(FoodWire.finite)
            stillNeededDisp = item.stillNeededDisp
        }
    }

    /// One aisle of the list, in store-walk order (produce, protein, dairy, cupboard, frozen).
    struct Aisle: Codable, Sendable {
        var aisle: String
        var items: [Item]
    }

    /// `GET /api/food/shopping` and `GET /api/kitchen/shopping`: the list of
    /// the household week starting `start` (a Monday). Within an aisle
    /// unticked items come first, then ticked ones, each by name.
    struct List: Codable, Sendable {
        var start: LocalDate
        var aisles: [Aisle]
        /// Pantry staples the week uses ("check you have").
        var pantry: [Item]
        /// Items added by hand, oldest first.
        var manual: [Item]

        init(_ list: ShoppingList) {
            start = list.start
            aisles = list.aisles.map { Aisle(aisle: $0.aisle, items: $0.items.map(Item.init)) }
            pantry = list.pantry.map(Item.init)
            manual = list.manual.map(Item.init)
        }
    }

    /// `DELETE /api/food/shopping/{id}` → `{ ok: true }`.
    struct Removed: Codable, Sendable {
        var ok: Bool
    }
}

/// Limits of the shopping inputs.
enum ShoppingBounds {
    /// A hand-added item's name, characters (the ingredient reference's limit, docs/contract.md §4.22).
    static let name = 80
    /// A hand-added item's unit word, characters.
    static let unit = 20
    /// A hand-added quantity: more than 0, at most 100,000 (of any unit).
    static let qty = 100_000.0
    /// An item id as sent.
    static let item = Bounds.label
}

/// `GET /api/food/shopping?date=` (and the kitchen's): absent or "" → today.
struct ShoppingQuery: ValidatingInput {
    var date: String?

    static let rules: [InputRule<Self>] = [.dateText("query", "date")]

    /// The date asked for, nil for today.
    /// - Throws: 400 `bad date` unless `YYYY-MM-DD`; 422 `["query", "date"]` outside 1900–2100.
    func validated() throws -> LocalDate? {
        try FoodField.date(date, loc: ["query", "date"])
    }
}

/// `PATCH /api/food/shopping` (and `/api/kitchen/shopping`):
/// `{ date?, item, checked }` — ticks (`checked: true`) or unticks an item of
/// the week containing `date` (default today).
struct ShoppingTickInput: ValidatingInput {
    var date: String?
    var item: String
    var checked: Bool

    /// Two red onions' worth bought for the seeded week.
    static var example: JSONValue? { ["date": "2026-07-20", "item": "red-onions.x", "checked": true] }

    /// 422 for an `item` empty or over 120 characters; 400 `bad date`
    /// (422 outside 1900–2100).
    static let rules: [InputRule<Self>] = [
        .length("item", max: ShoppingBounds.item, min: 1) { $0.item },
        .dateText("date"),
    ]

    func validated() throws -> Dated<Self> {
        try checkRules()
        return Dated(input: self, date: try FoodField.date(date, loc: ["body", "date"]))
    }
}

/// `POST /api/food/shopping`: `{ date?, name, qty?, unit? }` — an item no
/// recipe needs, added by hand to the week containing `date` (default today).
struct ShoppingAddInput: ValidatingInput {
    var date: String?
    var name: String
    var qty: Double?
    var unit: String?

    /// Kitchen roll, a pack of four.
    static var example: JSONValue? { ["date": "2026-07-20", "name": "kitchen roll", "qty": 4, "unit": "pack"] }

    /// 422 naming the field: `name` blank or over 80 characters, `qty` not in
    /// (0, 100,000], `unit` over 20 characters; then 400 `bad date` (422
    /// outside 1900–2100).
    static let rules: [InputRule<Self>] = [
        .length("name", max: ShoppingBounds.name, min: 1) { $0.name },
        .custom("name", publishing: ["pattern": Check.nonBlank]) {
            guard $0.name.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else { return }
            throw ValidationFailure.error(
                loc: ["body", "name"], type: "string_pattern_mismatch",
                msg: "String should not be blank", input: .string($0.name))
        },
        .positive("qty", max: ShoppingBounds.qty) { $0.qty },
        .length("unit", max: ShoppingBounds.unit) { $0.unit },
        .dateText("date"),
    ]

    func validated() throws -> Dated<Self> {
        try checkRules()
        return Dated(input: self, date: try FoodField.date(date, loc: ["body", "date"]))
    }
}
