/// What training logic needs to know about a niggle (docs/contract.md §3.8): only
/// `active` niggles affect cool-downs and alternatives.
package struct NiggleInfo: Sendable, Hashable {
    /// E.g. `"Left knee"`.
    package var bodyPart: String
    /// `"active"`, `"watch"` or `"cleared"`.
    package var status: String
    /// Movement patterns to avoid, e.g. `["deep_lunge"]`.
    package var avoidPatterns: [String]
    /// Mobility exercise to add to cool-downs; nil or empty = none.
    package var mobilitySlug: String?

    package init(bodyPart: String, status: String, avoidPatterns: [String] = [], mobilitySlug: String? = nil) {
        self.bodyPart = bodyPart
        self.status = status
        self.avoidPatterns = avoidPatterns
        self.mobilitySlug = mobilitySlug
    }

    /// True when `status == "active"`.
    package var isActive: Bool { status == "active" }
}
