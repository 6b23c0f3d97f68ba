import ForgeCore
import Foundation

/// One freedesktop notification (Desktop Notifications Specification 1.2,
/// `org.freedesktop.Notifications.Notify`), rendered in two parts for the
/// event socket (docs/notifications.md):
///
/// - ``notifyArguments``, the envelope's `notification`: exactly Notify's
///   eight arguments, `{app_name, replaces_id, app_icon, summary, body,
///   actions, hints, expire_timeout}`. `replaces_id` is 0 (the bridge puts
///   in the id the desktop returned for the same `replaces_key`); `actions`
///   are flat key/label pairs; each hint is a typed variant `{"type", "value"}`
///   with notify-send's type names — `urgency` is a `byte` (0 low, 1 normal,
///   2 critical), `category` a `string`; `expire_timeout` is milliseconds
///   (−1 server default, 0 never).
/// - ``extras``, the envelope's `notification_extras`: forged's own fields,
///   `{kind, replaces_key, close, urgency, notify_send}`: the stable bubble
///   key, `close: true` for "close this key's bubble" (`CloseNotification`),
///   the urgency's notify-send name (`low`/`normal`/`critical`) and the
///   `notify-send` arguments that show the same bubble (empty when closing).
package struct DesktopNotification: Sendable, Equatable {
    package let kind: NotificationKind
    package let replacesKey: String
    package let summary: String
    package var body: String
    package let actions: [String]
    /// The spec's urgency byte: 0 low, 1 normal, 2 critical.
    package let urgency: UInt8
    /// Milliseconds; −1 = server default, 0 = never.
    package let expireTimeout: Int32
    package let close: Bool

    /// The only initialiser: every notification has one of the three kinds.
    package init(
        kind: NotificationKind, replacesKey: String, summary: String, body: String, actions: [String] = [],
        urgency: UInt8 = 1, expireTimeout: Int32 = -1, close: Bool = false
    ) {
        self.kind = kind
        self.replacesKey = replacesKey
        self.summary = summary
        self.body = body
        self.actions = actions
        self.urgency = min(urgency, 2)
        self.expireTimeout = expireTimeout
        self.close = close
    }

    package static let appName = "Forge"

    /// notify-send's names for the urgency bytes 0, 1, 2.
    package static let urgencyNames = ["low", "normal", "critical"]

    /// The urgency's notify-send name (`low`, `normal`, `critical`).
    package var urgencyName: String { Self.urgencyNames[Int(urgency)] }

    /// Notify's eight arguments (see the type's documentation).
    package var notifyArguments: JSONValue {
        [
            "app_name": .string(Self.appName), "replaces_id": 0, "app_icon": "", "summary": .string(summary),
            "body": .string(body), "actions": .strings(actions),
            "hints": [
                "urgency": ["type": "byte", "value": .int(Int(urgency))],
                "category": ["type": "string", "value": .string(kind.category)],
            ],
            "expire_timeout": .int(Int(expireTimeout)),
        ]
    }

    /// forged's fields beside the Notify arguments (see the type's documentation).
    package var extras: JSONValue {
        [
            "kind": .string(kind.rawValue), "replaces_key": .string(replacesKey), "close": .bool(close),
            "urgency": .string(urgencyName), "notify_send": .strings(close ? [] : notifySendArguments),
        ]
    }

    /// The `notify-send` (libnotify-bin ≥ 0.8) arguments showing this bubble:
    /// app name, urgency by name, category, timeout (when not the default),
    /// one `--action=KEY=Label` per action (notify-send then waits and prints
    /// the key chosen), `--`, summary and body.
    package var notifySendArguments: [String] {
        var args = ["--app-name=\(Self.appName)", "--urgency=\(urgencyName)", "--category=\(kind.category)"]
        if expireTimeout >= 0 { args.append("--expire-time=\(expireTimeout)") }
        for pair in stride(from: 0, to: actions.count - 1, by: 2) {
            args.append("--action=\(actions[pair])=\(actions[pair + 1])")
        }
        return args + ["--", summary, body]
    }

    /// Parses an envelope's `notification` and `notification_extras` (the bridge's side).
    /// - Returns: nil when a field is missing, the urgency is not a byte
    ///   0...2, or the kind is not one of the three.
    package init?(notify: JSONValue, extras: JSONValue) {
        guard let kindText = extras["kind"]?.stringValue, let kind = NotificationKind(rawValue: kindText),
            let key = extras["replaces_key"]?.stringValue, let summary = notify["summary"]?.stringValue
        else { return nil }
        let urgency = notify["hints"]?["urgency"]
        guard urgency?["type"] == "byte", let level = urgency?["value"]?.intValue, (0...2).contains(level) else {
            return nil
        }
        let actions: [String] = notify["actions"]?.arrayValue?.compactMap(\.stringValue) ?? []
        self.init(
            kind: kind, replacesKey: key, summary: summary, body: notify["body"]?.stringValue ?? "",
            actions: actions, urgency: UInt8(level),
            expireTimeout: Int32(clamping: notify["expire_timeout"]?.intValue ?? -1),
            close: extras["close"]?.boolValue ?? false)
    }
}
