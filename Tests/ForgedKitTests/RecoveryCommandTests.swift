import ForgeStore
import Foundation
import Testing

@testable import ForgedKit

/// Issue 26, "recovery that works on the worst day": restore over a damaged
/// database, `backup list` without it, restore's advice under socket
/// activation, and `forged check`, run as the operator runs them (the
/// forged binary, stdout and stderr to files).
@Suite(.serialized) struct RecoveryCommandTests {
    var binary: String { get throws { try #require(ForgedBinary.path, "build forged first (swift build)") } }

    func forged(_ arguments: [String], _ state: String) throws -> (status: Int32, out: String, err: String) {
        try runProcess(
            try binary, arguments + ["--state-dir", state, "--config", "/dev/null"],
            environment: cleanEnvironment(["FORGE_TEST_PASSWORD_COST": "minimum"]))
    }

    /// A state directory with a migrated database holding `users` members, and one backup of it.
    func household(_ dir: TempDir, users: Int) throws -> (state: String, backup: String) {
        let state = dir.file("state")
        try FileManager.default.createDirectory(atPath: state, withIntermediateDirectories: true)
        let db = try Database(path: state + "/forge.sqlite3")
        try ForgeSchema.migrator().migrate(db, now: Date())
        try db.write { c in
            for i in 0..<users {
                try c.execute(
                    "INSERT INTO users (id, email, name, role, created_at) VALUES (?, ?, 'U', 'member', 'x')",
                    ["u\(i)", "u\(i)@example.org"])
            }
        }
        db.close()
        let made = try forged(["backup"], state)
        try #require(made.status == 0, "\(made.err)")
        let name = try #require(BackupJob.list(in: state + "/backups").first?.name.fileName)
        return (state, state + "/backups/" + name)
    }

    @Test func restoreOverADamagedDatabaseKeepsItsBytesAndRestores() throws {
        let dir = TempDir()
        defer { dir.remove() }
        let (state, backup) = try household(dir, users: 2)
        let garbage = Data((0..<20_000).map { UInt8(truncatingIfNeeded: $0 &* 31) })
        try garbage.write(to: URL(fileURLWithPath: state + "/forge.sqlite3"))

        // The server refuses it once (65), and backup list still lists.
        #expect(try forged(["serve", "--listen", "127.0.0.1:0"], state).status == ExitStatus.databaseUnusable)
        let list = try forged(["backup", "list"], state)
        #expect(list.status == 0, "\(list.err)")
        #expect(list.out.contains((backup as NSString).lastPathComponent), "\(list.out)")
        #expect(list.out.contains("recent attempts: unavailable, the database will not open"), "\(list.out)")

        let restore = try forged(["restore", backup], state)
        #expect(restore.status == 0, "\(restore.err)")
        let kept = try FileManager.default.contentsOfDirectory(atPath: state).filter {
            $0.hasPrefix("forge.sqlite3.broken-")
        }
        #expect(kept.count == 1)
        let name = try #require(kept.first)
        #expect(
            name.range(of: #"^forge\.sqlite3\.broken-\d{8}T\d{6}Z$"#, options: .regularExpression) != nil, "\(name)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: state + "/" + name)) == garbage, "the raw bytes, unchanged")
        #expect(restore.out.contains("its raw bytes are kept as \(state)/\(name)"), "\(restore.out)")
        // A state directory that is not the installed service's: start forged serve on it, not systemctl.
        #expect(restore.out.contains("start forged again: forged serve --state-dir \(state)"), "\(restore.out)")
        #expect(!restore.out.contains("systemctl"))
        let check = try forged(["check"], state)
        #expect(check.status == 0, "\(check.out)")
        #expect(check.out.contains("integrity ok"), "\(check.out)")
    }

    /// Under socket activation stopping forged.service alone is not enough:
    /// restore names every unit to stop.
    @Test func restoreWhileTheServiceRunsNamesTheUnits() throws {
        let dir = TempDir()
        defer { dir.remove() }
        let (state, backup) = try household(dir, users: 1)
        let lock = try StateLock.acquire(state)
        defer { lock.release() }
        let refused = try forged(["restore", backup], state)
        #expect(refused.status == ExitStatus.stateDirectoryInUse)
        #expect(
            refused.err.contains("systemctl stop forged.socket forged-events.socket forged.service"), "\(refused.err)")
    }

    @Test func checkReportsAndExitsNonZeroOnlyWhenActionIsNeeded() throws {
        let dir = TempDir()
        defer { dir.remove() }
        // A fresh install: warnings only.
        let fresh = try forged(["check"], dir.file("fresh"))
        #expect(fresh.status == 0)
        #expect(fresh.out.contains("WARNING  state-dir"), "\(fresh.out)")

        let (state, _) = try household(dir, users: 0)
        let empty = try forged(["check"], state)
        #expect(empty.status == 0, "\(empty.out)")
        #expect(empty.out.contains("ok       database") && empty.out.contains("integrity ok"))
        #expect(empty.out.contains("WARNING  members") && empty.out.contains("forged user add"))
        #expect(empty.out.contains("ok       backup"))
        #expect(empty.out.contains("ok       disk"))

        // No backup: a warning, still 0.
        try FileManager.default.removeItem(atPath: state + "/backups")
        let noBackup = try forged(["check"], state)
        #expect(noBackup.status == 0 && noBackup.out.contains("WARNING  backup"), "\(noBackup.out)")

        // A damaged database: an error naming restore, exit 1.
        let db = try Data(contentsOf: URL(fileURLWithPath: state + "/forge.sqlite3"))
        var damaged = db
        for i in stride(from: 4096, to: min(damaged.count, 40_000), by: 7) { damaged[i] = 0xA5 }
        try damaged.write(to: URL(fileURLWithPath: state + "/forge.sqlite3"))
        let bad = try forged(["check"], state)
        #expect(bad.status == 1, "\(bad.out)")
        #expect(bad.out.contains("ERROR    database") && bad.out.contains("forged restore FILE"), "\(bad.out)")

        // An invalid configuration: status 2 before anything is checked.
        let config = try dir.write("forged.conf", "FORGE_THREADS=lots\n")
        let invalid = try runProcess(
            try binary, ["check", "--state-dir", state, "--config", config], environment: cleanEnvironment())
        #expect(invalid.status == ExitStatus.configuration)
        #expect(invalid.err.contains("(from \(config):1)"))
    }

    /// The thresholds of the issue, on the findings themselves.
    @Test func checkThresholds() throws {
        let dir = TempDir()
        defer { dir.remove() }
        let (state, _) = try household(dir, users: 1)
        var settings = try SettingsLoader.load(
            flags: ["state-dir": [state], "config": ["/dev/null"]], environment: [:])
        settings.tlsCert = nil
        let check = CheckCommand(settings: settings)
        let now = Date()
        #expect(check.backupFinding(now: now).level == .ok)
        #expect(check.backupFinding(now: now + 3 * 86_400).level == .warning)
        #expect(check.findings(now: now).allSatisfy { $0.level == .ok }, "\(check.findings(now: now).map(\.line))")
        #expect(CheckCommand.minimumFreeFraction == 0.05 && CheckCommand.certificateWarningDays == 14)
    }
}
