import ForgeCore
import Foundation

/// The answer to one event-socket command (docs/notifications.md), written
/// through ``JSONCoding`` with members in the documented order:
/// `{"v", "type": "reply", "id", "ok": true, "timer": {timer}}` or
/// `{"v", "type": "reply", "id", "ok": false, "error": {"code", "message"}}`.
/// `id` echoes the command's `id` (`null` when it had none); it is absent only
/// when the socket takes no commands at all and the line was never read.
package struct SocketReply: Encodable, Sendable, Equatable {
    /// A refused command's reason: `code` is `bad_request`, `not_found`,
    /// `conflict`, `invalid_input` or `unavailable`; `message` is for people.
    package struct Failure: Encodable, Sendable, Equatable {
        package let code: String
        package let message: String
    }

    /// The envelope version (``EventEnvelope/version``).
    package let v: Int
    /// Always `"reply"`.
    package let type: String
    /// The command's `id`, echoed; nil leaves the member out.
    package let id: JSONValue?
    /// Whether the command was applied.
    package let ok: Bool
    /// The timer after the change (only when `ok`).
    package let timer: JSONValue?
    /// Why nothing changed (only when not `ok`).
    package let error: Failure?

    /// An applied command's reply carrying the changed timer.
    package static func applied(id: JSONValue, timer: JSONValue) -> SocketReply {
        SocketReply(v: EventEnvelope.version, type: "reply", id: id, ok: true, timer: timer, error: nil)
    }

    /// A refused command's reply; nothing was changed.
    package static func refused(id: JSONValue?, code: String, message: String) -> SocketReply {
        SocketReply(
            v: EventEnvelope.version, type: "reply", id: id, ok: false, timer: nil,
            error: Failure(code: code, message: message))
    }

    /// The reply as one socket line: compact JSON and `\n`.
    package var line: [UInt8] {
        // forged's own types encode without throwing (``WireEncoder``).
        var bytes = Array((try? JSONCoding.encode(self)) ?? Data())
        bytes.append(10)
        return bytes
    }
}
