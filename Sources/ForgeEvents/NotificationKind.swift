/// The only notifications forged ever sends (docs/architecture.md §16: the
/// exactly-N-kinds rule, here three). A closed enum: every rendering
/// switches over it exhaustively, and a notification can only be built
/// through ``DesktopNotification`` with one of these, so a fourth kind
/// cannot exist without changing this file (and its test).
package enum NotificationKind: String, Sendable, CaseIterable, Codable {
    /// A cook timer started, changed, rang or ended.
    case cookTimer = "cook_timer"
    /// A food-week proposal is waiting for approval.
    case proposalReady = "proposal_ready"
    /// Tomorrow's (or today's) planned day, as a reminder.
    case plannedDayReminder = "planned_day_reminder"

    /// The freedesktop `category` hint (`x-forge.<kind>`).
    package var category: String {
        switch self {
        case .cookTimer: "x-forge.cook-timer"
        case .proposalReady: "x-forge.proposal-ready"
        case .plannedDayReminder: "x-forge.planned-day-reminder"
        }
    }
}
