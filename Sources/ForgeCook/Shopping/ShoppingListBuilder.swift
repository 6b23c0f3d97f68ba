import ForgeCore
import Foundation

/// Turns a food-week template into the week's shopping list (issue 18).
///
/// - Every slot that cooks a recipe (docs/contract.md §4.19 `recipe`; never
///   `leftover_of`, `out` or `order`) contributes the recipe's ingredient
///   lines scaled by servings needed ÷ `serves`, where servings needed =
///   `diners` × (1 + the leftover slots pointing at that day, for a dinner).
///   `diners` is the household's members, or 1 for the demo seat.
/// - Lines merge by reference name (``RecipeIngredient/referenceName``,
///   case-insensitive) and unit class (``ShoppingQuantity/unitClass(of:)``);
///   lines in classes that do not convert stay separate items. A line with
///   no quantity adds nothing to the sum; an item of only such lines has
///   `qty` nil.
/// - A plain count keeps the count word its recipes print (`disp` "2 cloves"
///   on a line of unit `x`, see ``ShoppingQuantity/countWord(_:)``): when
///   every counted line of the item names the same word, the item reads
///   "4 cloves", "2 tins" (pluralised above one); lines naming different
///   words, or none, read as the bare count.
/// - Aisle and pantry come from the reference row (a line matching none
///   reads `cupboard`, not pantry, and keeps its own words as the name).
package enum ShoppingListBuilder {
    /// The aisles in store-walk order.
    package static let aisleOrder = ["produce", "protein", "dairy", "cupboard", "frozen"]

    /// The computed items of the week starting `monday` (unticked, unsorted by aisle).
    package static func items(
        content: FoodContent?, monday: LocalDate, diners: Int,
        recipes: (String) -> Recipe?, reference: IngredientReference
    ) -> [ShoppingItem] {
        guard let content else { return [] }
        var leftovers: [Int: Int] = [:]
        for day in content.days.values {
            for plan in day.slots.values {
                if case .leftover(let target) = plan.kind, let weekday = Int(target) {
                    leftovers[weekday, default: 0] += 1
                }
            }
        }
        struct Sum {
            var name: String
            var unitClass: String
            var qty: Double?
            var row: Ingredient?
            var uses: [ShoppingUse]
            /// The count word all counted lines agree on; `.some(nil)` once two disagree.
            var word: String??
        }
        var sums: [String: Sum] = [:]
        var order: [String] = []
        for weekday in 0..<7 {
            let date = monday.adding(days: weekday)
            for slot in MealSlot.allCases {
                guard let plan = content.plan(weekday: weekday, slot: slot), case .recipe(let slug) = plan.kind,
                    let recipe = recipes(slug)
                else { continue }
                let servings = Double(max(1, diners) * (1 + (slot == .dinner ? leftovers[weekday] ?? 0 : 0)))
                let scale = servings / Double(max(1, recipe.serves))
                let use = ShoppingUse(slug: slug, date: date)
                for line in recipe.ingredients {
                    let name = line.referenceName.trimmingCharacters(in: .whitespaces)
                    guard !name.isEmpty else { continue }
                    let (unitClass, factor) = ShoppingQuantity.unitClass(of: line.unit)
                    let key = name.lowercased() + "\u{0}" + unitClass
                    let amount = line.qty.flatMap { $0.isFinite && $0 >= 0 ? $0 * factor * scale : nil }
                    if sums[key] == nil {
                        sums[key] = Sum(name: name, unitClass: unitClass, qty: nil, row: reference[name], uses: [])
                        order.append(key)
                    }
                    if let amount { sums[key]!.qty = (sums[key]!.qty ?? 0) + amount }
                    if unitClass == "x", amount != nil {
                        let word = ShoppingQuantity.countWord(line.disp)
                        switch sums[key]!.word {
                        case .none: sums[key]!.word = .some(word)
                        case .some(let seen) where seen != word: sums[key]!.word = .some(nil)
                        default: break
                        }
                    }
                    if sums[key]!.uses.last != use { sums[key]!.uses.append(use) }
                }
            }
        }
        var taken: Set<String> = []
        return order.sorted().compactMap { sums[$0] }.map { sum in
            var id = itemID(name: sum.name, unitClass: sum.unitClass)
            var n = 2
            while taken.contains(id) {
                id = itemID(name: sum.name, unitClass: sum.unitClass) + "-\(n)"
                n += 1
            }
            taken.insert(id)
            let qty = sum.qty.map(ShoppingQuantity.round2)
            let aisle = sum.row.map(\.aisle).flatMap { aisleOrder.contains($0) ? $0 : nil } ?? "cupboard"
            return ShoppingItem(
                id: id, name: sum.name, qty: qty, unit: sum.unitClass,
                disp: ShoppingQuantity.display(
                    qty, unitClass: displayClass(sum.unitClass, word: sum.word, name: sum.name)),
                packs: sum.row.flatMap { ShoppingQuantity.packs(qty, unitClass: sum.unitClass, pack: $0.pack) },
                aisle: aisle, recipes: sum.uses, pantry: sum.row?.pantry ?? false)
        }
    }

    /// The class a quantity of `unitClass` reads in: the shared count word of a plain count, else the class.
    package static func displayClass(_ unitClass: String, word: String??) -> String {
        unitClass == "x" ? (word.flatMap { $0 } ?? unitClass) : unitClass
    }

    /// ``displayClass(_:word:)`` for the item `name`: a count word the name already says is left out
    /// ("cod fillets: 2", not "cod fillets: 2 fillets").
    package static func displayClass(_ unitClass: String, word: String??, name: String) -> String {
        let shown = displayClass(unitClass, word: word)
        guard unitClass == "x", shown != "x" else { return shown }
        let words = Set(name.lowercased().split { !$0.isLetter }.map(String.init))
        return words.contains(shown) || words.contains(ShoppingQuantity.plural(shown)) ? "x" : shown
    }

    /// The stable id of an ingredient in a unit class: the name in lower-case
    /// letters and digits joined by `-`, a dot, the class (`red-onions.x`,
    /// `greek-yogurt-0.g`).
    package static func itemID(name: String, unitClass: String) -> String {
        func slug(_ text: String) -> String {
            var out = ""
            for ch in text.lowercased() {
                if ch.isLetter || ch.isNumber {
                    out.append(ch)
                } else if !out.isEmpty, out.last != "-" {
                    out.append("-")
                }
            }
            while out.hasSuffix("-") { out.removeLast() }
            return out.isEmpty ? "item" : out
        }
        return slug(name) + "." + slug(unitClass)
    }

    /// The list: computed `items` with `ticked` ids checked, pantry staples
    /// apart, and the hand-added `manual` items.
    ///
    /// `ticked` maps an item id to the quantity its tick covered (nil when
    /// the tick recorded none, which covers any need). An item whose `qty`
    /// exceeds what its tick covered by more than 0.005 is unticked, with
    /// `bought` and `stillNeeded` set (issue 28).
    package static func list(
        start: LocalDate, items: [ShoppingItem], manual: [ShoppingItem],
        ticked: [String: Double?]
    ) -> ShoppingList {
        func tick(_ item: ShoppingItem) -> ShoppingItem {
            var out = item
            guard let covered = ticked[item.id] else {
                out.checked = false
                return out
            }
            out.checked = true
            if let bought = covered, let qty = item.qty, qty - bought > 0.005 {
                let rest = ShoppingQuantity.round2(qty - bought)
                out.checked = false
                out.bought = ShoppingQuantity.round2(bought)
                out.stillNeeded = rest
                out.stillNeededDisp = ShoppingQuantity.display(
                    rest,
                    unitClass: displayClass(item.unit, word: ShoppingQuantity.countWord(item.disp), name: item.name))
            }
            return out
        }
        func sorted(_ list: [ShoppingItem]) -> [ShoppingItem] {
            list.sorted {
                ($0.checked ? 1 : 0, $0.name.lowercased(), $0.id) < ($1.checked ? 1 : 0, $1.name.lowercased(), $1.id)
            }
        }
        let ticked = items.map(tick)
        let shop = ticked.filter { !$0.pantry }
        let aisles = aisleOrder.compactMap { aisle -> (aisle: String, items: [ShoppingItem])? in
            let here = shop.filter { $0.aisle == aisle }
            return here.isEmpty ? nil : (aisle, sorted(here))
        }
        return ShoppingList(
            start: start, aisles: aisles, pantry: sorted(ticked.filter(\.pantry)),
            manual: manual.map(tick))
    }
}
