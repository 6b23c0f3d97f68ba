import ForgeCore
import Foundation

/// The ActivityKit push-notification payload for a Live Activity (Apple,
/// "Starting and updating Live Activities with ActivityKit push
/// notifications"): `{"aps": {event, timestamp, content-state, stale-date,
/// dismissal-date, alert}}`, so a bridge can forward it to APNs unchanged.
/// Dates are UNIX seconds; `event` is `start`, `update` or `end`.
public struct LiveActivityPush: Sendable, Equatable {
    public enum Event: String, Sendable { case start, update, end }

    public let event: Event
    /// When this state was produced, UNIX seconds.
    public let timestamp: Int
    /// The activity's `ContentState` as JSON.
    public let contentState: JSONValue
    /// After this the activity shows as out of date, UNIX seconds.
    public let staleDate: Int?
    /// For `end`: when the system removes it, UNIX seconds.
    public let dismissalDate: Int?
    /// Title and body that light the screen (sent when a timer rings).
    public let alert: (title: String, body: String)?

    public static func == (a: Self, b: Self) -> Bool { a.json == b.json }

    public var json: JSONValue {
        var aps: [String: JSONValue] = [
            "event": .string(event.rawValue), "timestamp": .int(timestamp), "content-state": contentState,
        ]
        if let staleDate { aps["stale-date"] = .int(staleDate) }
        if let dismissalDate { aps["dismissal-date"] = .int(dismissalDate) }
        if let alert { aps["alert"] = ["title": .string(alert.title), "body": .string(alert.body), "sound": "default"] }
        return ["aps": .object(aps)]
    }

    /// The Live Activity of a cook timer after `event`: `start` when it
    /// starts, `end` when dismissed or cancelled (dismissed from the lock
    /// screen at once), `update` otherwise, with an `alert` when it fires.
    /// `stale-date` is the deadline plus a minute while running.
    public static func timer(_ event: TimerEvent) -> LiveActivityPush {
        let t = event.timer
        let kind: Event = switch event.change {
        case .started: .start
        case .dismissed, .cancelled: .end
        default: .update
        }
        let at = Int(event.at.timeIntervalSince1970)
        let content: JSONValue = [
            "timer_id": .string(t.id), "label": .string(t.label), "state": .string(t.state.rawValue),
            "ends_at": .integerOrNull(t.endsAt.map { Int($0.timeIntervalSince1970.rounded()) }),
            "remaining_s": .int((t.remainingMilliseconds(at: event.at) + 999) / 1000),
            "recipe_slug": .stringOrNull(t.recipeSlug), "step": .integerOrNull(t.step),
            "background": .bool(t.background),
        ]
        let stale = t.state == .running ? t.endsAt.map { Int($0.timeIntervalSince1970.rounded()) + 60 } : nil
        let alert = event.change == .fired ? (title: t.label, body: "Time's up") : nil
        return LiveActivityPush(event: kind, timestamp: at, contentState: content, staleDate: stale,
                                dismissalDate: kind == .end ? at : nil, alert: alert)
    }
}
