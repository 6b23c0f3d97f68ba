/// One method step (docs/contract.md §2 `RecipeStep`, rules §4.21).
///
/// `detail` is written in "done-when" form: it states the cue that tells
/// the cook the step is finished. `timer` shows a countdown of `minutes`;
/// `parallel` marks a background step and implies `timer`. Absent optional
/// keys stay absent on the wire.
package struct RecipeStep: Codable, Sendable, Equatable {
    package var title: String
    package var detail: String
    /// Step duration, minutes.
    package var minutes: Int?
    package var timer: Bool?
    package var parallel: Bool?
    /// Media path or remote URL.
    package var image: String?
    /// Imported steps: the name of the page's `HowToSection` the step sat
    /// in; nil for none (and for steps written by hand).
    package var section: String?

    package init(
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

extension RecipeStep {
    /// An imported step (a page's, another app's): its text as `detail`, and the one time the text states
    /// as its `minutes` with a `timer` (``StatedTime``; none when it states none, or two different ones).
    package static func imported(title: String, detail: String, section: String? = nil) -> RecipeStep {
        RecipeStep(title: title, detail: detail, section: section).withStatedTime()
    }

    /// This step with `minutes` and `timer` from the time its `detail` states (``StatedTime``) when it has
    /// no `minutes` of its own; unchanged otherwise.
    package func withStatedTime() -> RecipeStep {
        guard minutes == nil, let stated = StatedTime.minutes(in: detail) else { return self }
        var step = self
        step.minutes = stated
        step.timer = true
        return step
    }
}
