extension PlanContent {
    /// Heart-rate ceiling, bpm, at or under which a cardio day counts toward the week's zone-2 target.
    package static let zone2CeilingBPM = 150

    /// The week's zone-2 target, minutes (docs/contract.md §4.11): the
    /// prescribed minutes of the cardio days whose `hr_high` is at most
    /// ``zone2CeilingBPM``. A day without a ceiling (`hr_high` 0) does not count.
    package var zone2PlannedMinutes: Int {
        days.values.compactMap(\.cardio)
            .filter { $0.cardio.hrHigh > 0 && $0.cardio.hrHigh <= Self.zone2CeilingBPM }
            .reduce(0) { $0 + $1.cardio.minutes }
    }
}
