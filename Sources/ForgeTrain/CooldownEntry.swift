/// One planned cool-down item of a strength day: a mobility slug and how
/// long to hold it, as free text (`"45 s each side"`, `"2 min easy"`).
public struct CooldownEntry: Codable, Sendable, Hashable {
    public var slug: String
    public var hold: String

    public init(slug: String, hold: String) {
        self.slug = slug
        self.hold = hold
    }
}
