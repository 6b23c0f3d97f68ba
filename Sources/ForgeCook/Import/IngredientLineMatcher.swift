import Foundation

/// Turns a free-text ingredient line from a recipe page ("400 g chickpeas,
/// drained") into a recipe line joined to the ingredient reference.
///
/// Reading: a leading quantity (integer, decimal, `1/2`, `1 1/2`, or a
/// vulgar fraction `½ ¼ ¾ ⅓ ⅔`), an optional unit word, the name, and
/// after the first comma a note. Matching, on the lower-cased name: the
/// reference row whose name equals it, else whose name before its comma
/// equals it, else equal after dropping a plural `s`/`es` on either side,
/// else the longest reference name contained in the line as whole words.
/// Quantity conversion into the row's unit: g rows take g, kg (×1000),
/// oz (×28.35), lb (×453.6); ml rows take ml, l (×1000), tbsp (×15),
/// tsp (×5); per-item (`x`) rows take a bare count or a container word
/// (tin, can, pack, bunch, …). A line with no quantity is a known line with
/// `qty: null` ("to taste"). When the quantity cannot be converted the line
/// is left unmatched (its name stays the page text), so the import parks
/// rather than computing wrong macros.
public enum IngredientLineMatcher {
    static let fractions: [Character: Double] = ["½": 0.5, "¼": 0.25, "¾": 0.75, "⅓": 1.0 / 3, "⅔": 2.0 / 3,
                                                 "⅛": 0.125]
    static let gramUnits: [String: Double] = ["g": 1, "gram": 1, "grams": 1, "kg": 1000, "kilogram": 1000,
                                              "kilograms": 1000, "oz": 28.35, "ounce": 28.35, "ounces": 28.35,
                                              "lb": 453.6, "lbs": 453.6, "pound": 453.6, "pounds": 453.6]
    static let mlUnits: [String: Double] = ["ml": 1, "millilitre": 1, "millilitres": 1, "l": 1000, "litre": 1000,
                                            "litres": 1000, "liter": 1000, "liters": 1000, "tbsp": 15,
                                            "tablespoon": 15, "tablespoons": 15, "tsp": 5, "teaspoon": 5,
                                            "teaspoons": 5]
    static let itemUnits: Set<String> = ["tin", "tins", "can", "cans", "pack", "packs", "bunch", "bunches", "x",
                                         "clove", "cloves", "large", "medium", "small", "whole"]

    /// A parsed page line: quantity, unit word, name and note.
    struct Parsed: Equatable {
        var qty: Double?
        var unit: String
        var name: String
        var note: String?
        var disp: String
    }

    /// The recipe line for `text`, matched to `reference` where possible.
    /// - Returns: the line and whether it was matched.
    public static func line(_ text: String, reference: IngredientReference) -> (RecipeIngredient, matched: Bool) {
        let p = parse(text)
        guard let row = match(p.name, in: reference) else {
            return (RecipeIngredient(name: String(p.name.prefix(80)), qty: p.qty, unit: p.unit, disp: p.disp,
                                     note: p.note), false)
        }
        guard let qty = p.qty else {
            return (RecipeIngredient(name: row.name, qty: nil, unit: row.unit, disp: p.disp, note: p.note), true)
        }
        let factor: Double?
        switch row.unit {
        case "g": factor = p.unit.isEmpty ? nil : gramUnits[p.unit]
        case "ml": factor = p.unit.isEmpty ? nil : mlUnits[p.unit]
        default: factor = (p.unit.isEmpty || itemUnits.contains(p.unit)) ? 1 : nil
        }
        guard let factor else {
            return (RecipeIngredient(name: String(p.name.prefix(80)), qty: p.qty, unit: p.unit, disp: p.disp,
                                     note: p.note), false)
        }
        return (RecipeIngredient(name: row.name, qty: (qty * factor * 10).rounded() / 10, unit: row.unit,
                                 disp: p.disp, note: p.note), true)
    }

    static func parse(_ text: String) -> Parsed {
        var rest = Substring(HTMLText.collapse(text))
        var qty: Double? = nil
        var quantityText = ""
        func takeNumber() -> Double? {
            if let first = rest.first, let f = fractions[first] {
                rest = rest.dropFirst(); return f
            }
            let digits = rest.prefix(while: { ($0.isASCII && $0.isNumber) || $0 == "." || $0 == "/" })
            guard !digits.isEmpty else { return nil }
            var value: Double?
            if digits.contains("/") {
                let parts = digits.split(separator: "/")
                if parts.count == 2, let a = Double(parts[0]), let b = Double(parts[1]), b != 0 { value = a / b }
            } else {
                value = Double(digits)
            }
            guard let value else { return nil }
            rest = rest.dropFirst(digits.count)
            if let first = rest.first, let f = fractions[first] { rest = rest.dropFirst(); return value + f }
            return value
        }
        let start = rest
        if let whole = takeNumber() {
            qty = whole
            let afterWhole = rest
            if rest.first == " " {
                rest = rest.dropFirst()
                let save = rest
                if rest.prefix(while: { $0 != " " }).contains("/") || (rest.first.map { fractions[$0] != nil } ?? false),
                   let part = takeNumber(), part < 1 {
                    qty = whole + part
                } else {
                    rest = save
                }
            } else {
                rest = afterWhole
            }
        }
        rest = rest.drop(while: { $0 == " " })
        var unit = ""
        if qty != nil {
            let word = rest.prefix(while: { $0.isLetter || $0 == "." }).lowercased()
                .trimmingCharacters(in: CharacterSet(charactersIn: "."))
            if gramUnits[word] != nil || mlUnits[word] != nil || itemUnits.contains(word) {
                unit = word
                rest = rest.dropFirst(rest.prefix(while: { $0.isLetter || $0 == "." }).count).drop(while: { $0 == " " })
            }
        }
        quantityText = String(start[..<rest.startIndex]).trimmingCharacters(in: .whitespaces)
        let pieces = rest.split(separator: ",", maxSplits: 1)
        let name = pieces.first.map { HTMLText.collapse(String($0)) } ?? ""
        let note = pieces.count > 1 ? HTMLText.collapse(String(pieces[1])) : nil
        return Parsed(qty: qty, unit: unit, name: name.isEmpty ? HTMLText.collapse(text) : name,
                      note: note?.isEmpty == false ? note : nil, disp: quantityText)
    }

    static func match(_ name: String, in reference: IngredientReference) -> Ingredient? {
        let key = name.lowercased()
        guard !key.isEmpty else { return nil }
        func singular(_ s: String) -> String {
            if s.hasSuffix("oes") || s.hasSuffix("shes") || s.hasSuffix("ches") { return String(s.dropLast(2)) }
            if s.hasSuffix("s") && !s.hasSuffix("ss") { return String(s.dropLast()) }
            return s
        }
        let rows = reference.rows
        if let row = rows.first(where: { $0.name.lowercased() == key }) { return row }
        let head = { (row: Ingredient) in String(row.name.lowercased().split(separator: ",")[0]) }
        if let row = rows.first(where: { head($0) == key }) { return row }
        if let row = rows.first(where: { singular(head($0)) == singular(key) }) { return row }
        let words = key.split(whereSeparator: { !$0.isLetter && !$0.isNumber && $0 != "%" }).map(String.init)
        let padded = " " + words.map(singular).joined(separator: " ") + " "
        return rows.filter { row in
            let rowWords = head(row).split(whereSeparator: { !$0.isLetter && !$0.isNumber && $0 != "%" }).map(String.init)
            return !rowWords.isEmpty && padded.contains(" " + rowWords.map(singular).joined(separator: " ") + " ")
        }.max { head($0).count < head($1).count }
    }
}
