import Foundation

/// A serving count from schema.org `recipeYield`.
///
/// Rules: a positive whole number is taken as is (`4`, `"4"`); text takes
/// its first number when that number is whole and is not followed by a
/// unit of measure (`"Serves 4-6"` → 4, the lower bound; `"4 bowls"` → 4;
/// `"0.75 cup"` and `"500 g"` → nil); a list yields its first element that
/// gives a count. Anything else → nil.
public enum RecipeYield {
    /// Units that make a yield a quantity rather than a serving count.
    static let units: Set<String> = ["g", "kg", "gram", "grams", "ml", "l", "litre", "litres", "liter", "liters",
                                     "cup", "cups", "oz", "ounce", "ounces", "lb", "lbs", "pound", "pounds",
                                     "tbsp", "tsp", "quart", "quarts", "pint", "pints", "gallon", "gallons", "inch",
                                     "cm", "in"]

    public static func servings(_ value: Any?) -> Int? {
        switch value {
        case let list as [Any]:
            for element in list { if let n = servings(element) { return n } }
            return nil
        case let s as String:
            return fromText(HTMLText.plain(s))
        case let n as NSNumber:
            let d = n.doubleValue
            return d >= 1 && d == d.rounded() && d < 10_000 ? Int(d) : nil
        default:
            return nil
        }
    }

    static func fromText(_ text: String) -> Int? {
        let chars = Array(text)
        guard let start = chars.firstIndex(where: { $0.isASCII && $0.isNumber }) else { return nil }
        var end = start
        while end < chars.count, (chars[end].isASCII && chars[end].isNumber) || chars[end] == "." || chars[end] == "," {
            end += 1
        }
        let number = String(chars[start..<end])
        guard !number.contains("."), !number.contains(","), let n = Int(number), n >= 1, n < 10_000 else { return nil }
        let rest = String(chars[end...]).trimmingCharacters(in: .whitespaces).lowercased()
        let word = rest.prefix(while: { $0.isLetter })
        if units.contains(String(word)) { return nil }
        return n
    }
}
