import ForgeCore

/// Reconciling a new workout with the active plan (docs/contract.md §4.9).
package enum Reconciliation {
    /// The plan day a workout fulfils, or nil (an unplanned workout).
    package struct Match: Sendable {
        /// Weekday key `"0"` (Monday) … `"6"`.
        package let weekday: String
        package let day: CardioDay
    }

    /// The entry for the workout day's weekday matches when it is a cardio
    /// day with a non-empty type that is a case-insensitive substring of the
    /// workout name (`run` matches "Trail Run") and the day is not yet
    /// claimed by a completed cardio session.
    package static func match(name: String, day: LocalDate, plan: PlanContent?, dayClaimed: Bool) -> Match? {
        guard !dayClaimed, let cardio = plan?.day(day.weekday)?.cardio else { return nil }
        let type = cardio.cardio.type.lowercased()
        guard !type.isEmpty, name.lowercased().contains(type) else { return nil }
        return Match(weekday: String(day.weekday), day: cardio)
    }
}
