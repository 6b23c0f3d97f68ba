/// The standing niggle created at boot for the oldest user when they have
/// none (docs/contract.md §5.8), from the embedded `niggle.json`.
public struct NiggleSeed: Codable, Sendable, Hashable {
    public var bodyPart: String
    public var severity: String
    public var status: String
    public var avoidPatterns: [String]
    public var mobilitySlug: String
    public var note: String

    enum CodingKeys: String, CodingKey {
        case severity, status, note
        case bodyPart = "body_part"
        case avoidPatterns = "avoid_patterns"
        case mobilitySlug = "mobility_slug"
    }

    /// Left knee, mild, active, avoids `deep_lunge`, mobility `quad-hip-flexor-stretch`.
    public static let standing: NiggleSeed = SeedAsset.decode(NiggleSeed.self, "niggle.json")

    /// The fields training logic uses.
    public var info: NiggleInfo {
        NiggleInfo(bodyPart: bodyPart, status: status, avoidPatterns: avoidPatterns, mobilitySlug: mobilitySlug)
    }
}
