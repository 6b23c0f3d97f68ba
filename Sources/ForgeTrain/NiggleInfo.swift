/// What training logic needs to know about a niggle (docs/contract.md §3.8): only
/// `active` niggles affect cool-downs and alternatives.
public struct NiggleInfo: Sendable, Hashable {
    /// E.g. `"Left knee"`.
    public var bodyPart: String
    /// `"active"`, `"watch"` or `"cleared"`.
    public var status: String
    /// Movement patterns to avoid, e.g. `["deep_lunge"]`.
    public var avoidPatterns: [String]
    /// Mobility exercise to add to cool-downs; nil or empty = none.
    public var mobilitySlug: String?

    public init(bodyPart: String, status: String, avoidPatterns: [String] = [], mobilitySlug: String? = nil) {
        self.bodyPart = bodyPart
        self.status = status
        self.avoidPatterns = avoidPatterns
        self.mobilitySlug = mobilitySlug
    }

    /// True when `status == "active"`.
    public var isActive: Bool { status == "active" }
}
