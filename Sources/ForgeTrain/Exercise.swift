/// One entry of the exercise library (docs/contract.md §3.5, §5.1). JSON keys are the
/// contract's snake_case names; `has_images` records whether the seed has
/// two images to import ("2 img") or none.
package struct Exercise: Codable, Sendable, Hashable {
    /// Stable identifier, e.g. `back-squat`.
    package var slug: String
    /// Display name, e.g. `Back Squat`.
    package var name: String
    package var kind: ExerciseKind
    package var primaryMuscles: [String]
    package var secondaryMuscles: [String]
    /// Equipment items that must be available (names as in equipment profiles).
    package var equipment: [String]
    /// Movement patterns, matched against niggle `avoid_patterns`.
    package var patterns: [String]
    /// One to three short coaching cues.
    package var cues: [String]
    /// One "don't" line; empty for mobility items.
    package var dont: String
    /// One paragraph on why the exercise is worth doing.
    package var benefit: String
    /// True when the seed expects two images (`<slug>-0.jpg`, `<slug>-1.jpg`).
    package var hasImages: Bool

    package init(
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
