import CSystemd
import ForgeCore
import Foundation

/// journald's native protocol (sd_journal_sendv(3)): each record becomes one
/// journal entry with `PRIORITY=`, `SYSLOG_IDENTIFIER=forged`, `MESSAGE=`,
/// `MESSAGE_ID=` for notable events, and the record's fields
/// (`FORGE_REQUEST_ID=`, `FORGE_USER=`, `FORGE_TIMER_ID=`, `REMOTE_ADDR=`, ...).
package enum Journal {
    /// The `SYSLOG_IDENTIFIER=` of every entry.
    package static let identifier = "forged"

    /// Whether stderr is the journal stream systemd connected
    /// (systemd.exec(5): `JOURNAL_STREAM` is `DEVICE:INODE` of that stream,
    /// in decimal; it is inherited, so a redirected stderr must not count).
    package static func stderrIsJournal(environment: [String: String] = ProcessInfo.processInfo.environment) -> Bool {
        guard let value = environment["JOURNAL_STREAM"] else { return false }
        let parts = value.split(separator: ":")
        guard parts.count == 2, let device = UInt64(parts[0]), let inode = UInt64(parts[1]) else { return false }
        var info = stat()
        guard fstat(STDERR_FILENO, &info) == 0 else { return false }
        return UInt64(info.st_dev) == device && UInt64(info.st_ino) == inode
    }

    /// Installs ``send(_:)`` as the log sink when stderr is the journal.
    /// - Returns: whether the native protocol is now in use.
    @discardableResult
    package static func installIfConnected(environment: [String: String] = ProcessInfo.processInfo.environment) -> Bool
    {
        guard stderrIsJournal(environment: environment) else { return false }
        Log.setSink(send)
        return true
    }

    /// The `FIELD=value` assignments for `record`, in order. Field names are
    /// upper-cased and anything but `A-Z 0-9 _` becomes `_`; a name that
    /// would start with `_` or a digit (reserved or invalid) gets `FORGE`
    /// in front. Values may hold any bytes (the library frames them).
    package static func assignments(for record: LogRecord) -> [String] {
        var lines = [
            "PRIORITY=\(record.priority.rawValue)",
            "SYSLOG_IDENTIFIER=\(identifier)",
            "MESSAGE=\(record.message)",
        ]
        if let id = record.messageID { lines.append("MESSAGE_ID=\(id.hex)") }
        for (key, value) in record.fields { lines.append(fieldName(key) + "=" + value) }
        return lines
    }

    /// A valid journal field name for `key`.
    static func fieldName(_ key: String) -> String {
        var name = String(key.uppercased().map { ($0.isASCII && ($0.isLetter || $0.isNumber)) ? $0 : "_" })
        if name.isEmpty || name.first == "_" || name.first!.isNumber { name = "FORGE_" + name }
        return String(name.prefix(64))
    }

    /// Sends one record; false when the journal refused it (the caller then
    /// writes it to stderr). All assignments are copied into one buffer and
    /// described by one iovec each (sd_journal_sendv is not variadic).
    @Sendable
    package static func send(_ record: LogRecord) -> Bool {
        let fields = assignments(for: record).map { Array($0.utf8) }
        let total = fields.reduce(0) { $0 + $1.count }
        let storage = UnsafeMutableRawBufferPointer.allocate(byteCount: max(1, total), alignment: 1)
        defer { storage.deallocate() }
        var vectors: [iovec] = []
        vectors.reserveCapacity(fields.count)
        var offset = 0
        for field in fields {
            let start = storage.baseAddress! + offset
            field.withUnsafeBytes { start.copyMemory(from: $0.baseAddress!, byteCount: $0.count) }
            vectors.append(iovec(iov_base: start, iov_len: field.count))
            offset += field.count
        }
        return vectors.withUnsafeBufferPointer { sd_journal_sendv($0.baseAddress, Int32($0.count)) } == 0
    }
}
