import ForgeCore
import ForgeSystemd
import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// The journald side of logging: when the native protocol is chosen, what a
/// record becomes, and that secrets are masked on every path.
@Suite struct JournalTests {
    @Test func journalStreamMustMatchStderrItself() throws {
        var info = stat()
        try #require(fstat(STDERR_FILENO, &info) == 0)
        let matching = "\(info.st_dev):\(info.st_ino)"
        #expect(Journal.stderrIsJournal(environment: ["JOURNAL_STREAM": matching]))
        // Inherited by a child whose stderr was redirected: another inode.
        #expect(!Journal.stderrIsJournal(environment: ["JOURNAL_STREAM": "\(info.st_dev):\(info.st_ino + 1)"]))
        #expect(!Journal.stderrIsJournal(environment: ["JOURNAL_STREAM": "garbage"]))
        #expect(!Journal.stderrIsJournal(environment: [:]))
    }

    @Test func recordBecomesNativeJournalFields() {
        let record = LogRecord(
            priority: .notice, message: "sign-in failed", messageID: .loginFailed,
            fields: [("FORGE_REQUEST_ID", "r1"), ("forge.user", "u1"), ("_PID", "1"), ("9x", "y")])
        #expect(
            Journal.assignments(for: record) == [
                "PRIORITY=5", "SYSLOG_IDENTIFIER=forged", "MESSAGE=sign-in failed",
                "MESSAGE_ID=85b40f02e206403988f10023c075dedb",
                "FORGE_REQUEST_ID=r1", "FORGE_USER=u1", "FORGE__PID=1", "FORGE_9X=y",
            ])
        let plain = LogRecord(priority: .info, message: "GET / 302", messageID: nil, fields: [])
        #expect(Journal.assignments(for: plain) == ["PRIORITY=6", "SYSLOG_IDENTIFIER=forged", "MESSAGE=GET / 302"])
    }

    @Test func stderrLineKeepsThePriorityPrefix() {
        let record = LogRecord(
            priority: .error, message: "backup failed", messageID: .backupFailed,
            fields: [("FORGE_TIMER_ID", "t\n1")])
        #expect(record.stderrLine == "<3>backup failed FORGE_TIMER_ID=t 1")
    }

    @Test func messageIDsAreDistinct128BitValues() {
        let ids = LogMessageID.all.map(\.hex)
        #expect(ids.count == 13 && Set(ids).count == ids.count)
        #expect(ids.allSatisfy { $0.count == 32 && $0.allSatisfy(\.isHexDigit) })
    }

    @Test(arguments: [
        ("token fg_AbCdEfGhIjKlMnOpQrStUvWxYz012345 used", "token fg_…2345 used"),
        ("Bearer fgm_abcdefghijklmnopqrstuvwx", "Bearer fgm_…uvwx"),
        ("refresh=fgr_0123456789abcdef0123", "refresh=fgr_…0123"),
        ("configuring fg_short stays", "configuring fg_short stays"),
        ("no secrets here", "no secrets here"),
    ])
    func tokenShapedWordsAreMasked(input: String, expected: String) {
        #expect(LogRedaction.mask(input) == expected)
    }

    @Test func sinkReceivesMaskedRecordsWithTheirMessageID() {
        let seen = RecordBox()
        Log.setSink { record in
            seen.append(record)
            return true
        }
        defer { Log.setSink(nil) }
        Log.warning(
            "ingest with fg_AbCdEfGhIjKlMnOpQrStUvWxYz012345", id: .timerFired,
            fields: ["FORGE_USER": "u1", "AUTH": "Bearer fg_AbCdEfGhIjKlMnOpQrStUvWxYz012345"])
        let records = seen.records.filter { $0.message.hasPrefix("ingest with") }
        #expect(records.count == 1)
        #expect(records.first?.message == "ingest with fg_…2345")
        #expect(records.first?.messageID == .timerFired)
        #expect(records.first?.fields.map(\.value) == ["u1", "Bearer fg_…2345"])
    }
}

final class RecordBox: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: [LogRecord] = []
    func append(_ record: LogRecord) {
        lock.lock()
        stored.append(record)
        lock.unlock()
    }
    var records: [LogRecord] {
        lock.lock()
        defer { lock.unlock() }
        return stored
    }
}
