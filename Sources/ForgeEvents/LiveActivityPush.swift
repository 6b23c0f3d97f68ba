import ForgeCore
import Foundation

/// The ActivityKit push-notification payload for a Live Activity, shaped by
/// Apple's rules ("Starting and updating Live Activities with ActivityKit
/// push notifications", summarised in docs/live-activity.md) so a bridge
/// forwards it to APNs unchanged:
///
/// - `start` (push-to-start): `{"aps": {event, timestamp, content-state,
///   attributes-type, attributes, alert, stale-date?}}`; `alert` is required
///   (a push-to-start without one is accepted by APNs and dropped by the device).
/// - `update`: `{"aps": {event, timestamp, content-state, stale-date?, alert?}}`.
/// - `end`: `{"aps": {event, timestamp, content-state, dismissal-date}}`.
///
/// `timestamp`, `stale-date` and `dismissal-date` are APNs fields: UNIX
/// seconds. `content-state` and `attributes` are decoded on the device by
/// ActivityKit with `JSONDecoder`'s defaults, so their keys are the Swift
/// property names (camelCase) and their `Date`s are seconds since
/// 2001-01-01 00:00:00 UTC (`Date.timeIntervalSinceReferenceDate`).
package struct LiveActivityPush: Sendable, Equatable {
    /// The push's `event`: ActivityKit's start, update or end of the activity.
    package enum Event: String, Sendable { case start, update, end }

    /// The `attributes-type` of a cook timer: the app's `ActivityAttributes` type name.
    package static let timerAttributesType = "CookTimerAttributes"

    /// Start, update or end.
    package let event: Event
    /// When this state was produced, UNIX seconds.
    package let timestamp: Int
    /// The activity's `ContentState` as JSON (ActivityKit encoding, see above).
    package let contentState: JSONValue
    /// For `start`: the `ActivityAttributes` type name and its static values.
    package let attributes: (type: String, value: JSONValue)?
    /// After this the activity shows as out of date, UNIX seconds.
    package let staleDate: Int?
    /// For `end`: when the system removes it, UNIX seconds.
    package let dismissalDate: Int?
    /// Title and body that light the screen; `sound` names a sound or nil for silence.
    package let alert: (title: String, body: String, sound: String?)?

    package static func == (a: Self, b: Self) -> Bool { a.json == b.json }

    package var json: JSONValue {
        var aps: [String: JSONValue] = [
            "event": .string(event.rawValue), "timestamp": .int(timestamp), "content-state": contentState,
        ]
        if let attributes {
            aps["attributes-type"] = .string(attributes.type)
            aps["attributes"] = attributes.value
        }
        if let staleDate { aps["stale-date"] = .int(staleDate) }
        if let dismissalDate { aps["dismissal-date"] = .int(dismissalDate) }
        if let alert {
            var a: [String: JSONValue] = ["title": .string(alert.title), "body": .string(alert.body)]
            if let sound = alert.sound { a["sound"] = .string(sound) }
            aps["alert"] = .object(a)
        }
        return ["aps": .object(aps)]
    }

    /// A `Date` as ActivityKit's `JSONDecoder` reads it: seconds since
    /// 2001-01-01 00:00:00 UTC, millisecond precision.
    package static func activityKitDate(_ date: Date) -> JSONValue {
        .double((date.timeIntervalSinceReferenceDate * 1000).rounded() / 1000)
    }

    /// The Live Activity of a cook timer after `event`: `start` (push-to-start,
    /// with a quiet alert) when it starts, `end` when dismissed or cancelled
    /// (removed from the lock screen at once), `update` otherwise, with a
    /// sounding alert when it fires. `stale-date` is the deadline plus a
    /// minute while running.
    ///
    /// `attributes` (static): `{timerID, label, seconds, recipeSlug, step,
    /// background}`. `content-state`: `{state, endsAt: Date?, remainingSeconds,
    /// firedAt: Date?, lateBySeconds: Int?}`, `endsAt` null while paused.
    package static func timer(_ event: TimerEvent) -> LiveActivityPush {
        let t = event.timer
        let kind: Event =
            switch event.change {
            case .started: .start
            case .dismissed, .cancelled: .end
            default: .update
            }
        let at = Int(event.at.timeIntervalSince1970)
        let content: JSONValue = [
            "state": .string(t.state.rawValue),
            "endsAt": t.endsAt.map(activityKitDate) ?? .null,
            "remainingSeconds": .int((t.remainingMilliseconds(at: event.at) + 999) / 1000),
            "firedAt": t.firedAt.map(activityKitDate) ?? .null,
            "lateBySeconds": .integerOrNull(t.lateByMs.map { $0 / 1000 }),
        ]
        let attributes: JSONValue = [
            "timerID": .string(t.id), "label": .string(t.label), "seconds": .int(t.seconds),
            "recipeSlug": .stringOrNull(t.recipeSlug), "step": .integerOrNull(t.step),
            "background": .bool(t.background),
        ]
        let stale = t.state == .running ? t.endsAt.map { Int($0.timeIntervalSince1970.rounded()) + 60 } : nil
        let alert: (title: String, body: String, sound: String?)? =
            switch event.change {
            case .started: (title: t.label, body: "\(Self.clock(t.seconds)) timer started", sound: nil)
            case .fired: (title: t.label, body: "Time's up", sound: "default")
            default: nil
            }
        return LiveActivityPush(
            event: kind, timestamp: at, contentState: content,
            attributes: kind == .start ? (timerAttributesType, attributes) : nil,
            staleDate: kind == .end ? nil : stale,
            dismissalDate: kind == .end ? at : nil, alert: kind == .end ? nil : alert)
    }

    /// `m:ss` (or `h:mm:ss` from an hour) for whole seconds.
    static func clock(_ seconds: Int) -> String {
        seconds >= 3600
            ? String(format: "%d:%02d:%02d", seconds / 3600, seconds / 60 % 60, seconds % 60)
            : String(format: "%d:%02d", seconds / 60, seconds % 60)
    }
}
