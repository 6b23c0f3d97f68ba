/// The standing niggle created at boot for the oldest user when they have
/// none (docs/contract.md §5.8), from the embedded `niggle.json`.
package struct NiggleSeed: Codable, Sendable, Hashable {
    package var bodyPart: String
    package var severity: String
    package var status: String
    package var avoidPatterns: [String]
    package var mobilitySlug: String
    package var note: String

    enum CodingKeys: String, CodingKey {
        case severity, status, note
        case bodyPart = "body_part"
        case avoidPatterns = "avoid_patterns"
        case mobilitySlug = "mobility_slug"
    }

    /// Left knee, mild, active, avoids `deep_lunge`, mobility `quad-hip-flexor-stretch`.
    package static let standing: NiggleSeed = SeedAsset.decode(NiggleSeed.self, "niggle.json")

    /// The fields training logic uses.
    package var info: NiggleInfo {
        NiggleInfo(bodyPart: bodyPart, status: status, avoidPatterns: avoidPatterns, mobilitySlug: mobilitySlug)
    }
}
