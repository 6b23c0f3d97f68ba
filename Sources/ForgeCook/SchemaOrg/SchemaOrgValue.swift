import Foundation

/// How a schema.org node's values are read, whoever wrote it: property names in any case, text as plain
/// text (HTML fragments and character references undone), numbers as text.
enum SchemaOrgValue {
    /// `object[key]`, else the value of a property whose name is `key` in
    /// another case (`"Name"`, `"ItemListElement"`, `"RecipeYield"` as some
    /// pages write them); nil when neither is there. When several spellings
    /// are there ("Name" and "NAME") the smallest name in code-point order
    /// wins ("NAME"), so the choice never depends on the dictionary's
    /// iteration order.
    static func field(_ object: [String: Any], _ key: String) -> Any? {
        if let value = object[key] { return value }
        let lower = key.lowercased()
        guard let spelling = object.keys.filter({ $0.lowercased() == lower }).min() else { return nil }
        return object[spelling]
    }

    /// The first non-empty plain text of a string or a list of strings.
    static func firstText(_ value: Any?) -> String? { texts(value).first }

    /// Plain texts of a string, a number or a (nested) list of them; empties dropped.
    static func texts(_ value: Any?) -> [String] {
        switch value {
        case let s as String:
            let t = HTMLText.plain(s)
            return t.isEmpty ? [] : [t]
        case let n as NSNumber:
            return [n.stringValue]
        case let a as [Any]:
            return a.flatMap { texts($0) }
        default:
            return []
        }
    }
}
