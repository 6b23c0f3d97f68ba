import Foundation
import Synchronization

/// Log priorities as syslog(3) numbers, the values journald's `PRIORITY=` and
/// the `<N>` stderr prefix use.
public enum LogPriority: Int, Sendable, Comparable {
    case emergency = 0, alert, critical, error, warning, notice, info, debug
    public static func < (a: LogPriority, b: LogPriority) -> Bool { a.rawValue < b.rawValue }
}

/// Where log lines go. Today: `<N>`-prefixed lines on stderr (sd-daemon(3)
/// convention, which journald parses). Structured fields (`FORGE_REQUEST_ID`,
/// `FORGE_USER`) are appended as `key=value` pairs.
public enum Log {
    private static let minimum = Atomic<Int>(LogPriority.info.rawValue)
    private static let lock = Mutex(())

    /// Lines below `priority` are dropped.
    public static func setMinimum(_ priority: LogPriority) { minimum.store(priority.rawValue, ordering: .relaxed) }

    /// Writes one line. Never put secrets in `message` or `fields`.
    public static func write(_ priority: LogPriority, _ message: String, fields: KeyValuePairs<String, String> = [:]) {
        guard priority.rawValue <= minimum.load(ordering: .relaxed) else { return }
        var line = "<\(priority.rawValue)>" + message.replacingOccurrences(of: "\n", with: " ")
        for (k, v) in fields { line += " \(k)=\(v)" }
        line += "\n"
        lock.withLock { _ in
            FileHandle.standardError.write(Data(line.utf8))
        }
    }

    public static func info(_ m: String, fields: KeyValuePairs<String, String> = [:]) { write(.info, m, fields: fields) }
    public static func notice(_ m: String, fields: KeyValuePairs<String, String> = [:]) { write(.notice, m, fields: fields) }
    public static func warning(_ m: String, fields: KeyValuePairs<String, String> = [:]) { write(.warning, m, fields: fields) }
    public static func error(_ m: String, fields: KeyValuePairs<String, String> = [:]) { write(.error, m, fields: fields) }
    public static func debug(_ m: String, fields: KeyValuePairs<String, String> = [:]) { write(.debug, m, fields: fields) }
}
