/// The `?` list of an `IN (…)` with `count` values: `?, ?, ?` (empty for 0).
/// The one spelling of it for every store that binds a list of values.
package enum SQLPlaceholders {
    /// `count` question marks separated by `, `.
    package static func list(_ count: Int) -> String {
        Array(repeating: "?", count: count).joined(separator: ", ")
    }
}
