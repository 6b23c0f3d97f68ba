import Foundation

/// The time a method step states in its own words ("Simmer for 8 minutes", "Bake 1½ hours", "8–10
/// Minuten köcheln"), in whole minutes: what an imported step's timer counts down when its source gave it
/// no time of its own (``RecipeStep/minutes``).
///
/// The times are read as prose by the one reader of a written duration (``WrittenDuration/times(inProse:)``):
/// digits, fractions and number words before a unit in English, German, French, Spanish, Italian or Dutch
/// ("1 Std. 15 Min.", "une demi-heure", "an hour and a half"); a range takes its upper end, as the timer
/// is a done-by ("8–10 minutes", "45 minutes to 1 hour"); a time that repeats ("every 5 minutes") is no
/// duration of the step and is left out.
///
/// The step's time is its one time: a step that states two different times ("rest 10 minutes, then bake
/// 25 minutes") has none, as the cook must choose; the same time twice counts once. A time under a minute
/// (`45 seconds`) is no timer and is left out; one past a day (a timer's limit, 86 400 s) is none.
package enum StatedTime {
    /// The most a cook timer counts, minutes (a day: the timers' `seconds` limit of 86 400).
    static let maxMinutes = 1440

    /// The one time `text` states, whole minutes (half a minute rounds up), or nil when it states none, more
    /// than one, or one under a minute or over a day.
    package static func minutes(in text: String) -> Int? {
        // Past a day is past the limit, however far ("99999999999999999999 hours" is no Int).
        let times = Set(
            WrittenDuration.times(inProse: text).filter { $0 >= 60 }.map {
                Int(min($0 / 60, Double(maxMinutes + 1)).rounded())
            })
        guard times.count == 1, let minutes = times.first, minutes <= maxMinutes else { return nil }
        return minutes
    }
}
