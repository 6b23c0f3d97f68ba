/// One planned cool-down item of a strength day: a mobility slug and how
/// long to hold it, as free text (`"45 s each side"`, `"2 min easy"`).
package struct CooldownEntry: Codable, Sendable, Hashable {
    package var slug: String
    package var hold: String

    package init(slug: String, hold: String) {
        self.slug = slug
        self.hold = hold
    }
}
