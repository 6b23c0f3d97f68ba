import ForgeCore
import Foundation
import Testing

@testable import ForgedKit

/// Operator commands as a person and root run them (issue 17, item 8).
@Suite struct OperatorCommandTests {
    @Test func logLinesOnATerminalArePlain() {
        let record = LogRecord(
            priority: .error, message: "cannot listen on 127.0.0.1:8080", messageID: .backupFailed,
            fields: [("FORGE_USER", "ada@example.org")])
        #expect(record.terminalLine == "error: cannot listen on 127.0.0.1:8080")
        #expect(record.stderrLine.hasPrefix("<3>") && record.stderrLine.contains("FORGE_USER="))
        #expect(LogRecord(priority: .notice, message: "started", messageID: nil, fields: []).terminalLine == "started")
    }

    /// Only root can give files away, so only root can check this.
    @Test(.enabled(if: runsAsRoot, needsRoot))
    func aDatabaseCreatedByRootBelongsToTheStateDirectorysOwner() throws {
        let dir = TempDir()
        defer { dir.remove() }
        let state = dir.file("state")
        try FileManager.default.createDirectory(atPath: state, withIntermediateDirectories: true)
        #expect(chown(state, 65534, 65534) == 0)  // nobody: stands in for the forge user
        let db = try StateDirectory.open(state, clock: SystemClock())
        defer { db.close() }
        for suffix in ["", "-wal", "-shm"] {
            var info = stat()
            #expect(
                stat(state + "/forge.sqlite3" + suffix, &info) == 0 && info.st_uid == 65534 && info.st_gid == 65534,
                "\(suffix)")
        }
    }
}

/// The quiet-hours settings are named for what they set; the old, inverted
/// names still work (issue 17, item 6).
@Suite struct QuietHoursNameTests {
    @Test func newNamesSetTheHoursTheySay() throws {
        let s = try SettingsLoader.load(
            flags: ["quiet-hours-start": ["22"], "quiet-hours-end": ["7"]], environment: [:],
            defaultConfigPath: "/nonexistent/forged.conf")
        #expect(s.appConfiguration.noticeHours.quietEnd == 22 && s.appConfiguration.noticeHours.quietStart == 7)
        #expect(!s.appConfiguration.noticeHours.allows(hour: 23) && s.appConfiguration.noticeHours.allows(hour: 7))
    }

    @Test func oldFlagAndVariableNamesAreAliases() throws {
        let parsed = try CLI.parse(["serve", "--quiet-start", "6", "--config", "/dev/null"])
        #expect(parsed.flags["quiet-hours-end"] == ["6"] && parsed.flags["quiet-start"] == nil)
        let s = try SettingsLoader.load(
            flags: parsed.flags, environment: ["FORGE_QUIET_END": "20"],
            defaultConfigPath: "/nonexistent/forged.conf")
        #expect(s.appConfiguration.noticeHours.quietStart == 6 && s.appConfiguration.noticeHours.quietEnd == 20)
        let dir = TempDir()
        defer { dir.remove() }
        let file = try dir.write("forged.conf", "FORGE_QUIET_END=19\n")
        let fromFile = try SettingsLoader.load(flags: ["config": [file]], environment: [:])
        #expect(fromFile.appConfiguration.noticeHours.quietEnd == 19)
    }
}
