/// When the two non-timer notices may go out (docs/contract.md §4.27, household
/// clock): nothing during quiet hours — only `quietStart ≤ hour < quietEnd`
/// is allowed — and planned-day reminders only from `reminderHour`.
/// Defaults 16, 8 and 21 (`REMINDER_HOUR`, `QUIET_START`, `QUIET_END`).
/// Cook timers ignore quiet hours: a ringing pan is never held back.
package struct NoticeHours: Sendable, Equatable {
    package var reminderHour: Int
    package var quietStart: Int
    package var quietEnd: Int

    package init(reminderHour: Int = 16, quietStart: Int = 8, quietEnd: Int = 21) {
        self.reminderHour = reminderHour
        self.quietStart = quietStart
        self.quietEnd = quietEnd
    }

    /// A notice may be sent at `hour` (0–23).
    package func allows(hour: Int) -> Bool { quietStart <= hour && hour < quietEnd }

    /// Planned-day reminders fall due at `hour`.
    package func remindsAt(hour: Int) -> Bool { allows(hour: hour) && hour >= reminderHour }
}
