import ForgeCore
import Foundation

/// The versioned envelope of one line on the event socket:
/// `{"v": 1, "seq", "type", "at", "kind", "timer", "live_activity", "notification"}`.
/// `type` is `timer.<change>` (or `snapshot`, see ``EventHub``); `at` is
/// ISO 8601; `kind` is one of the three ``NotificationKind``s.
public enum EventEnvelope {
    /// Envelope version; bumped only for incompatible changes.
    public static let version = 1

    /// The envelope of a timer event with both renderings.
    public static func timer(_ event: TimerEvent) -> JSONValue {
        [
            "v": .int(version), "seq": .int(Int(event.seq)), "type": .string(event.type),
            "at": .string(Instant.wire(event.at)), "kind": .string(NotificationKind.cookTimer.rawValue),
            "timer": event.timer.json(now: event.at),
            "live_activity": LiveActivityPush.timer(event).json,
            "notification": timerNotification(event).json,
        ]
    }

    /// The desktop bubble of a timer: one per timer (`timer:<id>`), quiet
    /// while it runs, critical and persistent when it rings, closed when it ends.
    public static func timerNotification(_ event: TimerEvent) -> DesktopNotification {
        let t = event.timer
        let key = "timer:\(t.id)"
        switch event.change {
        case .fired:
            return DesktopNotification(kind: .cookTimer, replacesKey: key, summary: "\(t.label): time's up",
                                       body: late(t), actions: ["dismiss", "Dismiss", "extend-60", "+1 min"],
                                       urgency: 2, expireTimeout: 0)
        case .dismissed, .cancelled:
            return DesktopNotification(kind: .cookTimer, replacesKey: key, summary: t.label,
                                       body: event.change == .cancelled ? "Cancelled" : "Done", urgency: 0,
                                       expireTimeout: 3000, close: true)
        default:
            if t.state == .fired {
                return DesktopNotification(kind: .cookTimer, replacesKey: key, summary: "\(t.label): time's up",
                                           body: late(t), actions: ["dismiss", "Dismiss"], urgency: 2, expireTimeout: 0)
            }
            let remaining = t.remainingMilliseconds(at: event.at) / 1000
            let clock = String(format: "%d:%02d", remaining / 60, remaining % 60)
            let body = t.state == .paused ? "Paused, \(clock) left" : "\(clock) left"
            return DesktopNotification(kind: .cookTimer, replacesKey: key, summary: t.label, body: body,
                                       actions: ["cancel", "Cancel"], urgency: 0, expireTimeout: -1)
        }
    }

    /// The envelope of a food-week proposal waiting for approval (no timer).
    public static func proposalReady(seq: UInt64, at: Date, proposalID: String, summary: String) -> JSONValue {
        let n = DesktopNotification(kind: .proposalReady, replacesKey: "proposal:\(proposalID)",
                                    summary: "New food week proposed", body: summary,
                                    actions: ["open", "Open"], urgency: 1)
        return ["v": .int(version), "seq": .int(Int(seq)), "type": "proposal.ready", "at": .string(Instant.wire(at)),
                "kind": .string(n.kind.rawValue), "timer": .null, "live_activity": .null, "notification": n.json]
    }

    /// The envelope of a planned-day reminder (no timer).
    public static func plannedDayReminder(seq: UInt64, at: Date, day: LocalDate, summary: String) -> JSONValue {
        let n = DesktopNotification(kind: .plannedDayReminder, replacesKey: "day:\(day)",
                                    summary: "Planned for \(day.dayName)", body: summary, urgency: 1)
        return ["v": .int(version), "seq": .int(Int(seq)), "type": "day.reminder", "at": .string(Instant.wire(at)),
                "kind": .string(n.kind.rawValue), "timer": .null, "live_activity": .null, "notification": n.json]
    }

    private static func late(_ t: CookTimer) -> String {
        guard let late = t.lateByMs, late >= 1000 else { return "Ready" }
        return "Ready (rang \(late / 1000) s late: the server was down)"
    }
}
