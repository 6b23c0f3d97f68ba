/// One cool-down item as shown on `/api/today` and frozen into
/// `fitted.cooldown` (docs/contract.md §2 `CooldownItem`).
package struct CooldownItem: Codable, Sendable, Hashable {
    package var slug: String
    package var hold: String
    /// Library name, or the slug when unknown.
    package var name: String
    /// Present when the item targets a niggle.
    package var why: String?

    package init(slug: String, hold: String, name: String, why: String? = nil) {
        self.slug = slug
        self.hold = hold
        self.name = name
        self.why = why
    }
}
