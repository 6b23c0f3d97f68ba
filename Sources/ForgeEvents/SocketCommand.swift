import ForgeCore
import Foundation

/// One command a client writes on the event socket, one JSON object per
/// line (docs/notifications.md): `{"op": "dismiss" | "extend" | "pause" |
/// "resume", "timer": ID, "seconds": N, "id"?: any}` — `seconds` (1...86 400)
/// only for `extend`; `id` is echoed in the reply so a client can match it.
/// Commands act on household timers, like the kitchen display; who may
/// send them is decided by the socket's file permissions (0660, group `forge`).
///
/// The answer goes to the sender only, on the same connection:
/// `{"v", "type": "reply", "id", "ok": true, "timer": {timer}}` or
/// `{"v", "type": "reply", "id", "ok": false, "error": {"code", "message"}}`
/// with `code` `bad_request` (not a command), `not_found`, `conflict`
/// (the op does not apply in the timer's state) or `invalid_input`. The
/// change itself is announced to every subscriber as a normal `timer.*` line.
package struct SocketCommand: Sendable, Equatable {
    /// What the command does: `dismiss` a ringing timer, `extend` it by `seconds`, `pause` or `resume` it.
    package enum Op: String, Sendable, CaseIterable { case dismiss, extend, pause, resume }

    /// The operation, the timer id it applies to, and the seconds `extend` adds (nil for the others).
    package let op: Op
    package let timer: String
    package let seconds: Int?

    /// Longest command line accepted, bytes; a longer one is answered `bad_request`.
    package static let maxLineBytes = 4096
    /// The scope socket commands act on.
    package static let scope = "household"

    /// A command; see the properties (`seconds` only for `extend`).
    package init(op: Op, timer: String, seconds: Int? = nil) {
        self.op = op
        self.timer = timer
        self.seconds = seconds
    }

    /// The line a client writes (with its trailing newline).
    package var line: String {
        var object: [String: JSONValue] = ["op": .string(op.rawValue), "timer": .string(timer)]
        if let seconds { object["seconds"] = .int(seconds) }
        return String(decoding: JSONWriter.data(.object(object)), as: UTF8.self) + "\n"
    }

    /// A line that is not a command; `message` says what is wrong.
    package struct Malformed: Error, Equatable { package let message: String }

    /// Parses one line. - Throws: ``Malformed`` naming what is wrong.
    package static func parse(_ line: String) throws -> (command: SocketCommand, id: JSONValue) {
        guard let value = try? JSONCoding.decode(JSONValue.self, from: Data(line.utf8)), value.objectValue != nil else {
            throw Malformed(message: "a command is one JSON object per line")
        }
        let id = value["id"] ?? .null
        guard let opText = value["op"]?.stringValue, let op = Op(rawValue: opText) else {
            throw Malformed(message: "op must be one of \(Op.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        guard let timer = value["timer"]?.stringValue, !timer.isEmpty else {
            throw Malformed(message: "timer must be a timer id")
        }
        var seconds: Int?
        if op == .extend {
            guard let s = value["seconds"]?.intValue else { throw Malformed(message: "extend needs seconds") }
            seconds = s
        }
        return (SocketCommand(op: op, timer: timer, seconds: seconds), id)
    }

    /// Applies the command to `scheduler`.
    /// - Throws: `TimerError` (nothing changed).
    package func apply(to scheduler: TimerScheduler) throws -> CookTimer {
        switch op {
        case .dismiss: try scheduler.dismiss(id: timer, scope: Self.scope)
        case .extend: try scheduler.extend(id: timer, scope: Self.scope, seconds: seconds ?? 0)
        case .pause: try scheduler.pause(id: timer, scope: Self.scope)
        case .resume: try scheduler.resume(id: timer, scope: Self.scope)
        }
    }

    /// Parses and applies one line, returning the reply envelope (``SocketReply``).
    package static func answer(_ line: String, scheduler: TimerScheduler) -> SocketReply {
        var id: JSONValue = (try? JSONCoding.decode(JSONValue.self, from: Data(line.utf8)))?["id"] ?? .null
        func failure(_ code: String, _ message: String) -> SocketReply {
            .refused(id: id, code: code, message: message)
        }
        guard line.utf8.count <= maxLineBytes else {
            return failure("bad_request", "command longer than \(maxLineBytes) bytes")
        }
        do {
            let parsed = try parse(line)
            id = parsed.id
            let timer = try parsed.command.apply(to: scheduler)
            return .applied(id: id, timer: timer.json(now: scheduler.now()))
        } catch let error as TimerError {
            switch error {
            case .notFound: return failure("not_found", error.description)
            case .invalidTransition: return failure("conflict", error.description)
            case .invalidInput(let message): return failure("invalid_input", message)
            }
        } catch let error as Malformed {
            return failure("bad_request", error.message)
        } catch {
            return failure("bad_request", "\(error)")
        }
    }
}
