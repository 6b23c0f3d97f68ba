import Foundation
import Synchronization

/// Log priorities as syslog(3) numbers, the values journald's `PRIORITY=` and
/// the `<N>` stderr prefix use.
package enum LogPriority: Int, Sendable, Comparable {
    case emergency = 0
    case alert, critical, error, warning, notice, info, debug
    package static func < (a: LogPriority, b: LogPriority) -> Bool { a.rawValue < b.rawValue }
}

/// One log record as a sink receives it: the message already on one line and
/// with token-shaped secrets masked (``LogRedaction``).
package struct LogRecord: Sendable {
    /// Its syslog priority and its text (one line, masked).
    package let priority: LogPriority
    package let message: String
    /// journald `MESSAGE_ID=` for notable events, else nil.
    package let messageID: LogMessageID?
    /// Structured fields (`FORGE_REQUEST_ID`, `FORGE_USER`, `FORGE_TIMER_ID`,
    /// `REMOTE_ADDR`, ...), in call order, values masked like the message.
    package let fields: [(key: String, value: String)]

    /// A record as given (the caller has already put it on one line and masked it).
    package init(
        priority: LogPriority, message: String, messageID: LogMessageID? = nil,
        fields: [(key: String, value: String)] = []
    ) {
        self.priority = priority
        self.message = message
        self.messageID = messageID
        self.fields = fields
    }

    /// The sd-daemon(3) stderr form: `<N>message key=value ...` (no newline).
    package var stderrLine: String {
        var line = "<\(priority.rawValue)>" + message
        for (k, v) in fields {
            line += " " + k + "=" + (v.utf8.contains(10) ? v.replacingOccurrences(of: "\n", with: " ") : v)
        }
        return line
    }

    /// The form for a person at a terminal: the message alone, `error: ` or
    /// `warning: ` before the serious ones; no priority prefix, no fields
    /// (those are for the journal).
    package var terminalLine: String {
        switch priority.rawValue {
        case ...LogPriority.error.rawValue: "error: " + message
        case LogPriority.warning.rawValue: "warning: " + message
        default: message
        }
    }
}

/// Where log lines go. By default `<N>`-prefixed lines on stderr (the
/// sd-daemon(3) convention, which journald parses), structured fields
/// appended as `key=value`; plain ``LogRecord/terminalLine``s when stderr is
/// a terminal. `forged` installs the native journald sink
/// (`ForgeSystemd.Journal`) with ``setSink(_:)`` when stderr is the journal.
package enum Log {
    /// Receives every record at or above the minimum; returns false when it
    /// could not deliver it, and the record then goes to stderr.
    package typealias Sink = @Sendable (LogRecord) -> Bool

    private static let minimum = Atomic<Int>(LogPriority.info.rawValue)
    private static let lock = Mutex(())
    private static let sink = Mutex<Sink?>(nil)
    /// stderr is a terminal (a person running a command), not a pipe, file or the journal.
    private static let stderrIsTerminal = isatty(STDERR_FILENO) == 1

    /// Lines below `priority` are dropped. Safe to call at any time (SIGHUP reload).
    package static func setMinimum(_ priority: LogPriority) { minimum.store(priority.rawValue, ordering: .relaxed) }

    /// Whether lines at `priority` are written (for work done only to build a log line).
    @inline(__always)
    package static func isEnabled(_ priority: LogPriority) -> Bool {
        priority.rawValue <= minimum.load(ordering: .relaxed)
    }

    /// The current minimum priority.
    package static var currentMinimum: LogPriority { LogPriority(rawValue: minimum.load(ordering: .relaxed)) ?? .info }

    /// Sends records to `sink` instead of stderr (nil: back to stderr).
    package static func setSink(_ newSink: Sink?) { sink.withLock { $0 = newSink } }

    /// Writes one record. Never put secrets in `message` or `fields`; as a
    /// second line of defence, bearer-token-shaped words are masked.
    /// - Parameter id: the journald `MESSAGE_ID` of a notable event.
    package static func write(
        _ priority: LogPriority, _ message: String, id: LogMessageID? = nil,
        fields: KeyValuePairs<String, String> = [:]
    ) {
        guard isEnabled(priority) else { return }
        write(priority, message, id: id, fieldList: fields.map { (key: $0.key, value: $0.value) })
    }

    /// ``write(_:_:id:fields:)`` with the fields as an array (built at run time).
    package static func write(
        _ priority: LogPriority, _ message: String, id: LogMessageID?, fieldList: [(key: String, value: String)]
    ) {
        guard isEnabled(priority) else { return }
        let record = LogRecord(
            priority: priority,
            message: LogRedaction.mask(
                message.utf8.contains(10) ? message.replacingOccurrences(of: "\n", with: " ") : message),
            messageID: id,
            fields: fieldList.map { (key: $0.key, value: LogRedaction.mask($0.value)) })
        if let sink = sink.withLock({ $0 }), sink(record) { return }
        var line = (stderrIsTerminal ? record.terminalLine : record.stderrLine) + "\n"
        // One write(2) per line, straight from the string's bytes (no Data, no FileHandle).
        lock.withLock { _ in
            line.withUTF8 { bytes in
                var rest = UnsafeRawBufferPointer(bytes)
                while !rest.isEmpty {
                    let n = Foundation.write(2, rest.baseAddress, rest.count)
                    if n < 0 { if errno == EINTR { continue } else { break } }
                    rest = UnsafeRawBufferPointer(rebasing: rest[n...])
                }
            }
        }
    }

    /// ``write(_:_:id:fields:)`` at info priority (6).
    package static func info(_ m: String, id: LogMessageID? = nil, fields: KeyValuePairs<String, String> = [:]) {
        write(.info, m, id: id, fields: fields)
    }
    /// ``write(_:_:id:fields:)`` at notice priority (5).
    package static func notice(_ m: String, id: LogMessageID? = nil, fields: KeyValuePairs<String, String> = [:]) {
        write(.notice, m, id: id, fields: fields)
    }
    /// ``write(_:_:id:fields:)`` at warning priority (4).
    package static func warning(_ m: String, id: LogMessageID? = nil, fields: KeyValuePairs<String, String> = [:]) {
        write(.warning, m, id: id, fields: fields)
    }
    /// ``write(_:_:id:fields:)`` at error priority (3).
    package static func error(_ m: String, id: LogMessageID? = nil, fields: KeyValuePairs<String, String> = [:]) {
        write(.error, m, id: id, fields: fields)
    }
    /// A debug line; its message and fields are built only when debug is on
    /// (one atomic load otherwise), so hot paths may call it freely.
    package static func debug(
        _ m: @autoclosure () -> String, id: LogMessageID? = nil,
        fields: @autoclosure () -> KeyValuePairs<String, String> = [:]
    ) {
        guard isEnabled(.debug) else { return }
        write(.debug, m(), id: id, fields: fields())
    }
}
