/// Counts as people read them: `1 row`, `2 rows`, `1 entry`, `0 entries`.
package enum Plural {
    /// `n` followed by `plural`, made singular when `n` is 1: a trailing `ies` becomes `y`
    /// (`entries` → `entry`), else one trailing `s` goes (`exercises` → `exercise`). A word
    /// without a trailing `s` is kept as it is.
    package static func count(_ n: Int, _ plural: String) -> String {
        guard n == 1 else { return "\(n) \(plural)" }
        if plural.hasSuffix("ies") { return "1 " + plural.dropLast(3) + "y" }
        if plural.hasSuffix("s") { return "1 " + plural.dropLast() }
        return "1 \(plural)"
    }

    /// `a` or `an` before `word`, by its first letter (a vowel takes `an`: `an Apple Health export`).
    package static func article(_ word: String) -> String {
        guard let first = word.lowercased().first else { return "a" }
        return "aeiou".contains(first) ? "an" : "a"
    }
}
