import ForgeCore
import Foundation

/// The versioned envelope of one line on the event socket:
/// `{"v": 2, "seq", "type", "at", "kind", "timer", "live_activity", "notification",
/// "notification_extras"}` (non-timer notices add `user` and carry `timer`
/// and `live_activity` null). `live_activity` is a ``LiveActivityPush``;
/// `notification` holds only Notify's arguments and `notification_extras`
/// forged's own (``DesktopNotification``). Version 2 (this one) moved
/// `replaces_key` out of `notification` and typed its hints.
/// `type` is `timer.<change>` (or `snapshot`, see ``EventHub``); `at` is
/// ISO 8601; `kind` is one of the three ``NotificationKind``s.
package enum EventEnvelope {
    /// Envelope version; bumped only for incompatible changes.
    package static let version = 2

    /// The envelope of a timer event with both renderings.
    package static func timer(_ event: TimerEvent) -> JSONValue {
        [
            "v": .int(version), "seq": .int(Int(event.seq)), "type": .string(event.type),
            "at": .string(Instant.wire(event.at)), "kind": .string(NotificationKind.cookTimer.rawValue),
            "timer": event.timer.json(now: event.at),
            "live_activity": LiveActivityPush.timer(event).json,
            "notification": timerNotification(event).notifyArguments,
            "notification_extras": timerNotification(event).extras,
        ]
    }

    /// The desktop bubble of a timer: one per timer (`timer:<id>`), quiet
    /// while it runs (a Pause or Resume button), critical and persistent
    /// when it rings (Dismiss and +1 min), closed when it ends. The action
    /// keys are the ones ``DesktopBridge`` turns into ``SocketCommand``s.
    package static func timerNotification(_ event: TimerEvent) -> DesktopNotification {
        let t = event.timer
        let key = "timer:\(t.id)"
        switch event.change {
        case .fired:
            return DesktopNotification(
                kind: .cookTimer, replacesKey: key, summary: "\(t.label): time's up",
                body: late(t), actions: ["dismiss", "Dismiss", "extend-60", "+1 min"],
                urgency: 2, expireTimeout: 0)
        case .dismissed, .cancelled:
            return DesktopNotification(
                kind: .cookTimer, replacesKey: key, summary: t.label,
                body: event.change == .cancelled ? "Cancelled" : "Done", urgency: 0,
                expireTimeout: 3000, close: true)
        default:
            if t.state == .fired {
                return DesktopNotification(
                    kind: .cookTimer, replacesKey: key, summary: "\(t.label): time's up",
                    body: late(t), actions: ["dismiss", "Dismiss"], urgency: 2, expireTimeout: 0)
            }
            let remaining = t.remainingMilliseconds(at: event.at) / 1000
            let clock = String(format: "%d:%02d", remaining / 60, remaining % 60)
            let body = t.state == .paused ? "Paused, \(clock) left" : "\(clock) left"
            return DesktopNotification(
                kind: .cookTimer, replacesKey: key, summary: t.label, body: body,
                actions: t.state == .paused ? ["resume", "Resume"] : ["pause", "Pause"],
                urgency: 0, expireTimeout: -1)
        }
    }

    /// Who a non-timer notice is for: `{"id", "name"}` in the envelope's `user`.
    package struct Recipient: Sendable, Equatable {
        package let id: String
        package let name: String
        package init(id: String, name: String) {
            self.id = id
            self.name = name
        }
        var json: JSONValue { ["id": .string(id), "name": .string(name)] }
    }

    /// The envelope of a proposal waiting for approval (type `proposal.ready`,
    /// no timer, no Live Activity): one bubble per proposal (`proposal:<id>`).
    package static func proposalReady(
        seq: UInt64, at: Date, proposalID: String, title: String, body: String,
        user: Recipient
    ) -> JSONValue {
        let n = DesktopNotification(
            kind: .proposalReady, replacesKey: "proposal:\(proposalID)",
            summary: title, body: body, actions: ["open", "Open"], urgency: 1)
        return notice(n, type: "proposal.ready", seq: seq, at: at, user: user)
    }

    /// The envelope of a planned-day reminder (type `day.reminder`): one
    /// bubble per member and day (`day:<user id>:<date>`).
    package static func plannedDayReminder(
        seq: UInt64, at: Date, day: LocalDate, title: String, body: String,
        user: Recipient
    ) -> JSONValue {
        let n = DesktopNotification(
            kind: .plannedDayReminder, replacesKey: "day:\(user.id):\(day)",
            summary: title, body: body, urgency: 1)
        return notice(n, type: "day.reminder", seq: seq, at: at, user: user)
    }

    private static func notice(_ n: DesktopNotification, type: String, seq: UInt64, at: Date, user: Recipient)
        -> JSONValue
    {
        [
            "v": .int(version), "seq": .int(Int(seq)), "type": .string(type), "at": .string(Instant.wire(at)),
            "kind": .string(n.kind.rawValue), "user": user.json, "timer": .null, "live_activity": .null,
            "notification": n.notifyArguments, "notification_extras": n.extras,
        ]
    }

    private static func late(_ t: CookTimer) -> String {
        guard let late = t.lateByMs, late >= 1000 else { return "Ready" }
        return "Ready (rang \(late / 1000) s late: the server was down)"
    }
}
