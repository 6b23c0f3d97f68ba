import ForgeCook
import ForgeCore

/// The shopping list as plain text, for pasting into a message
/// (`Accept: text/plain` on `GET /api/food/shopping` and the kitchen's):
///
///     Shopping for the week of Monday 2026-07-20
///
///     Produce
///     [ ] peppers: 5 (2 × 3-pack)
///     [x] red onions: 3¼ (1 net of 4)
///     [ ] chicken thighs, skinless: 400 g more (800 g in all, 400 g bought)
///
///     Added by hand
///     [ ] kitchen roll: 4 pack
///
///     Check you have
///     - oats: 480 g
///
/// Aisles in store-walk order with their items (bought ones ticked `[x]`,
/// after the rest), then hand-added items, then the pantry staples. An item
/// whose need outgrew its tick says what is still needed (issue 28).
enum ShoppingText {
    static func render(_ list: ShoppingList) -> String {
        var lines = ["Shopping for the week of \(list.start.dayName) \(list.start)"]
        func line(_ item: ShoppingItem, mark: String) -> String {
            var text = "\(mark) \(item.name)"
            if item.stillNeeded != nil, let bought = item.bought {
                let boughtDisp = ShoppingQuantity.display(
                    bought,
                    unitClass: ShoppingListBuilder.displayClass(
                        item.unit, word: ShoppingQuantity.countWord(item.disp), name: item.name))
                text += ": \(item.stillNeededDisp) more (\(item.disp) in all, \(boughtDisp) bought)"
            } else if !item.disp.isEmpty {
                text += ": \(item.disp)"
            }
            if let packs = item.packs { text += " (\(packs))" }
            return text
        }
        for (aisle, items) in list.aisles {
            lines += ["", aisle.prefix(1).uppercased() + aisle.dropFirst()]
            lines += items.map { line($0, mark: $0.checked ? "[x]" : "[ ]") }
        }
        if !list.manual.isEmpty {
            lines += ["", "Added by hand"] + list.manual.map { line($0, mark: $0.checked ? "[x]" : "[ ]") }
        }
        if !list.pantry.isEmpty {
            lines += ["", "Check you have"] + list.pantry.map { line($0, mark: $0.checked ? "[x]" : "-") }
        }
        if list.aisles.isEmpty && list.manual.isEmpty && list.pantry.isEmpty { lines += ["", "Nothing to buy."] }
        return lines.joined(separator: "\n") + "\n"
    }
}
