/// One method step (docs/contract.md §2 `RecipeStep`, rules §4.21).
///
/// `detail` is written in "done-when" form: it states the cue that tells
/// the cook the step is finished. `timer` shows a countdown of `minutes`;
/// `parallel` marks a background step and implies `timer`. Absent optional
/// keys stay absent on the wire.
public struct RecipeStep: Codable, Sendable, Equatable {
    public var title: String
    public var detail: String
    /// Step duration, minutes.
    public var minutes: Int?
    public var timer: Bool?
    public var parallel: Bool?
    /// Media path or remote URL.
    public var image: String?
    /// Imported steps: the name of the page's `HowToSection` the step sat
    /// in; nil for none (and for steps written by hand).
    public var section: String?

    public init(
        title: String, detail: String, minutes: Int? = nil, timer: Bool? = nil,
        parallel: Bool? = nil, image: String? = nil, section: String? = nil
    ) {
        self.title = title
        self.detail = detail
        self.minutes = minutes
        self.timer = timer
        self.parallel = parallel
        self.image = image
        self.section = section
    }
}
