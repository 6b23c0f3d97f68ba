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
                kind: .cookTimer, replacesKey: key, summary: ringSummary(t.label),
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
                    kind: .cookTimer, replacesKey: key, summary: ringSummary(t.label),
                    body: late(t), actions: ["dismiss", "Dismiss"], urgency: 2, expireTimeout: 0)
            }
            let body = timerBody(paused: t.state == .paused, remainingMs: t.remainingMilliseconds(at: event.at))
            return DesktopNotification(
                kind: .cookTimer, replacesKey: key, summary: t.label, body: body,
                actions: t.state == .paused ? ["resume", "Resume"] : ["pause", "Pause"],
                urgency: 0, expireTimeout: -1)
        }
    }

    /// The body of a running or paused timer's bubble: `"2:22 left"`,
    /// `"Paused, 0:04 left"`, `"1:04:36 left"` from an hour. Seconds round
    /// up, the rule of `remaining_s` and the kitchen display (issue 28), so a
    /// bubble and the display never disagree by a second.
    package static func timerBody(paused: Bool, remainingMs: Int) -> String {
        let remaining = (max(0, remainingMs) + 999) / 1000
        let clock =
            remaining >= 3600
            ? String(format: "%d:%02d:%02d", remaining / 3600, remaining / 60 % 60, remaining % 60)
            : String(format: "%d:%02d", remaining / 60, remaining % 60)
        return paused ? "Paused, \(clock) left" : "\(clock) left"
    }

    /// The summary of a ringing timer: `"Rice: time's up"`, or `"Rice: basmati — time's up"`
    /// when the label has a colon of its own (never two colons in a row of words).
    package static func ringSummary(_ label: String) -> String {
        label.contains(":") ? "\(label) — time's up" : "\(label): time's up"
    }

    /// The body of a running timer's bubble rendered at `now` from its
    /// envelope's `timer` (its `ends_at` deadline), or nil when the envelope
    /// holds no running timer with a deadline: what a bridge shows when it
    /// shows the bubble, however old the event (a snapshot's replay).
    package static func liveBody(timer: JSONValue?, now: Date) -> String? {
        guard timer?["state"] == "running", let text = timer?["ends_at"]?.stringValue, let ends = Instant.parse(text)
        else { return nil }
        return timerBody(paused: false, remainingMs: Int((ends.timeIntervalSince(now) * 1000).rounded(.up)))
    }

    /// Who a non-timer notice is for: `{"id", "name"}` in the envelope's `user`.
    package struct Recipient: Sendable, Equatable {
        /// The member's id and display name.
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
