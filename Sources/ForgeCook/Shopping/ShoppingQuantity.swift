import ForgeCore
import Foundation

/// Quantities on the shopping list: which unit class a line's unit belongs
/// to, how a summed quantity reads, and how many of the reference's typical
/// pack cover it.
///
/// Unit classes: mass (`g`; any unit ``IngredientUnits`` sizes in grams:
/// kg, mg, oz, lb), volume (`ml`; l, cl, dl, tbsp 15 ml, tsp 5 ml, cup
/// 240 ml, …), plain counts (`x`, or no unit) and each count word on its
/// own (`clove`, `can`, `bunch`, …): only quantities of the same class are
/// ever added, so "2 cloves" and "1 bulb" stay two lines.
package enum ShoppingQuantity {
    /// The class of `unit` and the factor that takes a quantity in `unit` to
    /// the class's base unit (g, ml, or 1 for counts).
    package static func unitClass(of unit: String) -> (unitClass: String, factor: Double) {
        let key = unit.trimmingCharacters(in: .whitespaces).lowercased()
        if key.isEmpty || key == "x" { return ("x", 1) }
        if let (dimension, size) = IngredientUnits.sizes[key] { return (dimension, size) }
        if let canonical = IngredientUnits.words[key] {
            if let (dimension, size) = IngredientUnits.sizes[canonical] { return (dimension, size) }
            return (canonical, 1)
        }
        return (key, 1)
    }

    /// `qty` (in the class's base unit) as a shopper reads it: `480 g`,
    /// `1.6 kg`, `750 ml`, `2 l`, `3½`, `2 cloves`; `""` when nil.
    /// Grams and millilitres at 1,000 or more switch to kg/l with up to two
    /// decimals; below 10 they keep one decimal, else whole numbers. Counts
    /// show quarters as vulgar fractions, other fractions to 1 dp.
    package static func display(_ qty: Double?, unitClass: String) -> String {
        guard let qty, qty.isFinite else { return "" }
        switch unitClass {
        case "g", "ml":
            let big = unitClass == "g" ? "kg" : "l"
            if qty >= 1000 { return "\(NumberText.shortest(round2(qty / 1000))) \(big)" }
            let shown = qty < 10 ? (qty * 10).rounded() / 10 : qty.rounded()
            return "\(NumberText.shortest(shown)) \(unitClass)"
        case "x":
            return count(qty)
        default:
            return "\(count(qty)) \(qty > 1 ? plural(unitClass) : unitClass)"
        }
    }

    /// A count with quarters as vulgar fractions: `3¼`, `½`, `2`; else 1 dp.
    static func count(_ qty: Double) -> String {
        let whole = qty.rounded(.down)
        let fraction = qty - whole
        let quarters: [(Double, String)] = [
            (0, ""), (0.25, "¼"), (0.5, "½"), (0.75, "¾"), (1.0 / 3, "⅓"), (2.0 / 3, "⅔"),
        ]
        if let (_, glyph) = quarters.first(where: { abs($0.0 - fraction) < 0.005 }) {
            return whole == 0 && !glyph.isEmpty ? glyph : "\(Int(whole))\(glyph)"
        }
        if abs(1 - fraction) < 0.005 { return String(Int(whole) + 1) }
        return NumberText.shortest((qty * 10).rounded() / 10)
    }

    /// The count word a counted line prints after its number, singular:
    /// `"2 cloves"` → `clove`, `"1 tin"` → `tin`, `"½ bunch"` → `bunch`,
    /// `"2 fillets"` → `fillet`; nil for a bare count (`"2"`, `"½"`) or
    /// anything that is not one word of letters after the number.
    package static func countWord(_ disp: String) -> String? {
        let text = disp.trimmingCharacters(in: .whitespaces)
        let number = text.prefix { $0.isNumber || "¼½¾⅓⅔.,/ ".contains($0) }
        guard !number.trimmingCharacters(in: .whitespaces).isEmpty else { return nil }
        let word = text.dropFirst(number.count).lowercased()
        guard !word.isEmpty, word.allSatisfy(\.isLetter) else { return nil }
        return singular(word)
    }

    /// English singular of a plural count word: `cloves` → `clove`,
    /// `bunches` → `bunch`, `tins` → `tin`; a singular word is kept.
    static func singular(_ word: String) -> String {
        for end in ["ches", "shes", "sses", "xes"] where word.hasSuffix(end) { return String(word.dropLast(2)) }
        if word.hasSuffix("s"), !word.hasSuffix("ss"), word.count > 2 { return String(word.dropLast()) }
        return word
    }

    /// English plural of a count word: `clove` → `cloves`, `bunch` → `bunches`.
    static func plural(_ word: String) -> String {
        if word.hasSuffix("ch") || word.hasSuffix("sh") || word.hasSuffix("s") || word.hasSuffix("x") {
            return word + "es"
        }
        return word + "s"
    }

    /// Rounds to 2 decimals (wire quantities).
    package static func round2(_ x: Double) -> Double { (x * 100).rounded() / 100 }

    /// The quantity a reference row's free-text `pack` holds, in its class's
    /// base unit: `"1 kg tub"` → (1000, g), `"2 × 130 g"` → (260, g),
    /// `"2 L"` → (2000, ml), `"3-pack"`, `"net of 4"`, `"box of 12"` →
    /// counts; nil for words without a quantity (`"jar"`, `"bunch"`,
    /// `"loaf, per slice"`).
    package static func packSize(_ pack: String) -> (amount: Double, unitClass: String)? {
        let text = pack.lowercased().trimmingCharacters(in: .whitespaces)
        let words = text.split(whereSeparator: { $0 == " " }).map(String.init)
        // "net of 4", "box of 12", "pack of 6"
        if words.count == 3, words[1] == "of", let n = Double(words[2]), n > 0 { return (n, "x") }
        // "3-pack", "8 pack"
        if let first = words.first, first.hasSuffix("-pack"), let n = Double(first.dropLast(5)), n > 0 {
            return (n, "x")
        }
        if words.count == 2, words[1] == "pack", let n = Double(words[0]), n > 0 { return (n, "x") }
        // "2 × 130 g"
        var multiplier = 1.0
        var rest = words[...]
        if words.count >= 3, let n = Double(words[0]), ["×", "x"].contains(words[1]) {
            multiplier = n
            rest = words[2...]
        }
        guard let first = rest.first else { return nil }
        // "400 g tin", "2 L", "500g"
        let digits = first.prefix(while: { $0.isNumber || $0 == "." })
        guard let amount = Double(digits), amount > 0 else { return nil }
        var unit = String(first.dropFirst(digits.count))
        if unit.isEmpty, rest.count > 1 { unit = rest[rest.index(after: rest.startIndex)] }
        guard !unit.isEmpty,
            let (dimension, size) = IngredientUnits.sizes[unit]
                ?? IngredientUnits.words[unit]
                .flatMap({ IngredientUnits.sizes[$0] })
        else { return nil }
        return (amount * size * multiplier, dimension)
    }

    /// How many of `pack` cover `qty` of class `unitClass`, as a shopper says it: a pack named by its
    /// size is counted with `×` (`"2 × 1 kg tub"`, `"1 × 3-pack"`), one named by a word takes the
    /// count as a cook would write it (`"1 net of 4"`, `"2 nets of 4"`, `"3 boxes of 12"`; issue 41
    /// item 14); nil when the pack has no quantity in that class or `qty` is unknown.
    package static func packs(_ qty: Double?, unitClass: String, pack: String) -> String? {
        guard let qty, qty > 0, let size = packSize(pack), size.unitClass == unitClass else { return nil }
        let count = max(1, Int((qty / size.amount - 1e-9).rounded(.up)))
        guard let first = pack.first, first.isLetter else { return "\(count) × \(pack)" }
        guard count > 1 else { return "1 \(pack)" }
        let word = pack.prefix { $0.isLetter }
        let plural = ["s", "x", "ch", "sh"].contains { word.hasSuffix($0) } ? word + "es" : word + "s"
        return "\(count) \(plural)\(pack.dropFirst(word.count))"
    }
}
