import ForgeCore
import Foundation

/// The arguments of freedesktop `org.freedesktop.Notifications.Notify`
/// (Desktop Notifications Specification 1.2), ready for a bridge:
/// `app_name`, `replaces_key` (a stable key; the bridge maps it to the
/// `replaces_id` the desktop returned for the previous bubble of the same
/// key), `app_icon`, `summary`, `body`, `actions` (flat key/label pairs),
/// `hints` (`urgency` 0 low / 1 normal / 2 critical, `category`) and
/// `expire_timeout` (ms; −1 = server default, 0 = never). `close: true`
/// means "close the bubble of this key" (`CloseNotification`).
public struct DesktopNotification: Sendable, Equatable {
    public let kind: NotificationKind
    public let replacesKey: String
    public let summary: String
    public let body: String
    public let actions: [String]
    public let urgency: UInt8
    public let expireTimeout: Int32
    public let close: Bool

    /// The only initialiser: every notification has one of the three kinds.
    public init(kind: NotificationKind, replacesKey: String, summary: String, body: String, actions: [String] = [],
                urgency: UInt8 = 1, expireTimeout: Int32 = -1, close: Bool = false) {
        self.kind = kind; self.replacesKey = replacesKey; self.summary = summary; self.body = body
        self.actions = actions; self.urgency = min(urgency, 2); self.expireTimeout = expireTimeout; self.close = close
    }

    public static let appName = "Forge"

    public var json: JSONValue {
        [
            "kind": .string(kind.rawValue), "app_name": .string(Self.appName), "replaces_key": .string(replacesKey),
            "app_icon": "", "summary": .string(summary), "body": .string(body), "actions": .strings(actions),
            "hints": ["urgency": .int(Int(urgency)), "category": .string(kind.category)],
            "expire_timeout": .int(Int(expireTimeout)), "close": .bool(close),
        ]
    }

    /// Parses the `notification` object of an envelope (the bridge's side).
    /// - Returns: nil when a field is missing or the kind is not one of the three.
    public init?(json: JSONValue) {
        guard let kindText = json["kind"]?.stringValue, let kind = NotificationKind(rawValue: kindText),
              let key = json["replaces_key"]?.stringValue, let summary = json["summary"]?.stringValue else { return nil }
        let actions: [String] = json["actions"]?.arrayValue?.compactMap(\.stringValue) ?? []
        self.init(kind: kind, replacesKey: key, summary: summary, body: json["body"]?.stringValue ?? "",
                  actions: actions, urgency: UInt8(clamping: json["hints"]?["urgency"]?.intValue ?? 1),
                  expireTimeout: Int32(clamping: json["expire_timeout"]?.intValue ?? -1),
                  close: json["close"]?.boolValue ?? false)
    }
}
