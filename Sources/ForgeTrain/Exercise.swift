/// One entry of the exercise library (docs/contract.md §3.5, §5.1). JSON keys are the
/// contract's snake_case names; `has_images` records whether the seed has
/// two images to import ("2 img") or none.
public struct Exercise: Codable, Sendable, Hashable {
    /// Stable identifier, e.g. `back-squat`.
    public var slug: String
    /// Display name, e.g. `Back Squat`.
    public var name: String
    public var kind: ExerciseKind
    public var primaryMuscles: [String]
    public var secondaryMuscles: [String]
    /// Equipment items that must be available (names as in equipment profiles).
    public var equipment: [String]
    /// Movement patterns, matched against niggle `avoid_patterns`.
    public var patterns: [String]
    /// One to three short coaching cues.
    public var cues: [String]
    /// One "don't" line; empty for mobility items.
    public var dont: String
    /// One paragraph on why the exercise is worth doing.
    public var benefit: String
    /// True when the seed expects two images (`<slug>-0.jpg`, `<slug>-1.jpg`).
    public var hasImages: Bool

    public init(
        slug: String, name: String, kind: ExerciseKind, primaryMuscles: [String],
        secondaryMuscles: [String] = [], equipment: [String] = [], patterns: [String] = [],
        cues: [String] = [], dont: String = "", benefit: String = "", hasImages: Bool = false
    ) {
        self.slug = slug
        self.name = name
        self.kind = kind
        self.primaryMuscles = primaryMuscles
        self.secondaryMuscles = secondaryMuscles
        self.equipment = equipment
        self.patterns = patterns
        self.cues = cues
        self.dont = dont
        self.benefit = benefit
        self.hasImages = hasImages
    }

    enum CodingKeys: String, CodingKey {
        case slug, name, kind, equipment, patterns, cues, dont, benefit
        case primaryMuscles = "primary_muscles"
        case secondaryMuscles = "secondary_muscles"
        case hasImages = "has_images"
    }
}
