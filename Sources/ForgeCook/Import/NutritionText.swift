import Foundation

/// Reads schema.org `NutritionInformation` values written as numbers or as
/// text with units (`"365 calories"`, `"21g"`, `"12 g"`,
/// `"34g carbohydrate (21g sugars"`): the first number in the text is the
/// value. `calories` in `kcal`/`cal`/`calories` is kcal; in `kJ` it is
/// divided by 4.184. `sodiumContent` in `g` is multiplied by 1000 to mg;
/// in `mg` (or no unit) it is mg. Every other field is grams.
enum NutritionText {
    static func read(_ value: Any?) -> PageNutrition {
        var n = PageNutrition()
        guard let object = (value as? [String: Any]) ?? ((value as? [Any])?.first as? [String: Any]) else { return n }
        if let (v, unit) = quantity(object["calories"]) {
            n.kcal = unit.hasPrefix("kj") ? v / 4.184 : v
        }
        n.proteinG = quantity(object["proteinContent"])?.0
        n.carbsG = quantity(object["carbohydrateContent"])?.0
        n.sugarG = quantity(object["sugarContent"])?.0
        n.fiberG = quantity(object["fiberContent"])?.0
        n.fatG = quantity(object["fatContent"])?.0
        n.satfatG = quantity(object["saturatedFatContent"])?.0
        if let (v, unit) = quantity(object["sodiumContent"]) {
            n.sodiumMg = unit == "g" || unit.hasPrefix("gram") ? v * 1000 : v
        }
        return n
    }

    /// The first number and the word after it (lower-cased), or nil.
    static func quantity(_ value: Any?) -> (Double, String)? {
        if let number = value as? NSNumber, !(value is String) {
            let d = number.doubleValue
            return d.isFinite && d >= 0 ? (d, "") : nil
        }
        guard let text = value as? String else { return nil }
        let chars = Array(HTMLText.plain(text))
        guard let start = chars.firstIndex(where: { $0.isASCII && $0.isNumber }) else { return nil }
        var end = start
        while end < chars.count, (chars[end].isASCII && chars[end].isNumber) || chars[end] == "." { end += 1 }
        guard let v = Double(String(chars[start..<end])), v.isFinite else { return nil }
        let unit = String(chars[end...]).trimmingCharacters(in: .whitespaces).lowercased().prefix(while: { $0.isLetter }
        )
        return (v, String(unit))
    }
}
