import ForgeCore
import Foundation
import Testing
@testable import ForgedKit

/// Operator commands as a person and root run them (issue 17, item 8).
@Suite struct OperatorCommandTests {
    @Test func logLinesOnATerminalArePlain() {
        let record = LogRecord(priority: .error, message: "cannot listen on 127.0.0.1:8080", messageID: .backupFailed,
                               fields: [("FORGE_USER", "ada@example.org")])
        #expect(record.terminalLine == "error: cannot listen on 127.0.0.1:8080")
        #expect(record.stderrLine.hasPrefix("<3>") && record.stderrLine.contains("FORGE_USER="))
        #expect(LogRecord(priority: .notice, message: "started", messageID: nil, fields: []).terminalLine == "started")
    }

    @Test func aDatabaseCreatedByRootBelongsToTheStateDirectorysOwner() throws {
        guard geteuid() == 0 else { return }   // only root can give files away; the check below needs it
        let dir = TempDir()
        defer { dir.remove() }
        let state = dir.file("state")
        try FileManager.default.createDirectory(atPath: state, withIntermediateDirectories: true)
        #expect(chown(state, 65534, 65534) == 0)   // nobody: stands in for the forge user
        let db = try StateDirectory.open(state)
        defer { db.close() }
        for suffix in ["", "-wal", "-shm"] {
            var info = stat()
            #expect(stat(state + "/forge.sqlite3" + suffix, &info) == 0 && info.st_uid == 65534 && info.st_gid == 65534, "\(suffix)")
        }
    }
}
