import ForgeCore
import Foundation

/// One recorded workout, parsed from a Health Auto Export payload or a
/// GPX/TCX file, before it becomes a cardio session. Canonical units.
package struct CardioWorkout: Sendable {
    /// Workout name (`"Outdoor Run"`); reconciliation matches the plan's type in it.
    package var name: String
    /// Start instant; with the user, the idempotency key (§1.6).
    package var start: Date
    /// The trained day: the start's calendar date in the payload's own
    /// offset, or in the household zone for UTC-only times (GPX/TCX, `Z`).
    package var day: LocalDate
    /// End instant (`completed_at`), when known.
    package var end: Date?
    /// Duration, seconds.
    package var durationS: Double?
    /// Distance, km.
    package var distanceKm: Double?
    /// Average and maximum heart rate, bpm.
    package var avgHR: Double?
    package var maxHR: Double?
    /// Active energy, kcal.
    package var kcal: Double?
    /// Every HR value of the workout (`hr_samples` counts them all), with
    /// route and segment breaks; downsampled only when stored.
    package var trace: CardioTrace
    /// Where it came from: `"watch"` (ingest), `"gpx"` or `"tcx"` (import).
    package var source: String

    package init(
        name: String, start: Date, day: LocalDate, end: Date? = nil, durationS: Double? = nil,
        distanceKm: Double? = nil, avgHR: Double? = nil, maxHR: Double? = nil, kcal: Double? = nil,
        trace: CardioTrace = CardioTrace(), source: String = "watch"
    ) {
        self.name = name
        self.start = start
        self.day = day
        self.end = end
        self.durationS = durationS
        self.distanceKm = distanceKm
        self.avgHR = avgHR
        self.maxHR = maxHR
        self.kcal = kcal
        self.trace = trace
        self.source = source
    }
}
