/// One cool-down item as shown on `/api/today` and frozen into
/// `fitted.cooldown` (docs/contract.md §2 `CooldownItem`).
public struct CooldownItem: Codable, Sendable, Hashable {
    public var slug: String
    public var hold: String
    /// Library name, or the slug when unknown.
    public var name: String
    /// Present when the item targets a niggle.
    public var why: String?

    public init(slug: String, hold: String, name: String, why: String? = nil) {
        self.slug = slug
        self.hold = hold
        self.name = name
        self.why = why
    }
}
