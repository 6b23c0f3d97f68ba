import ForgeCore
import ForgeStore
import Foundation
import Testing

@testable import ForgedKit

private func utc(_ text: String) -> Date { ISO8601DateFormatter().date(from: text)! }
private let london = TimeZone(identifier: "Europe/London")!

@Suite struct BackupScheduleTests {
    @Test func parsesHHMMAndRejectsEverythingElse() {
        #expect(BackupSchedule("03:30") == BackupSchedule(hour: 3, minute: 30))
        #expect(BackupSchedule("3:05") == BackupSchedule(hour: 3, minute: 5))
        #expect(BackupSchedule("23:59")?.text == "23:59")
        for bad in ["24:00", "03:60", "0330", "3:5", "-1:30", "03:30:00", "", "ab:cd", " 3:30"] {
            #expect(BackupSchedule(bad) == nil, "\(bad)")
        }
    }

    @Test(arguments: [
        // (now, next) for 03:30 Europe/London
        ("2026-07-20T01:00:00Z", "2026-07-20T02:30:00Z"),  // BST: 03:30 local = 02:30 UTC, later today
        ("2026-07-20T02:30:00Z", "2026-07-21T02:30:00Z"),  // exactly at the time: the next day
        ("2026-01-10T12:00:00Z", "2026-01-11T03:30:00Z"),  // GMT
        ("2026-03-28T12:00:00Z", "2026-03-29T02:30:00Z"),  // spring forward on 29 March: 03:30 BST exists
        ("2026-10-24T12:00:00Z", "2026-10-25T03:30:00Z"),  // fall back on 25 October: 03:30 GMT
    ])
    func nextRunIsTheAbsoluteHouseholdInstant(now: String, next: String) {
        #expect(BackupSchedule.standard.next(after: utc(now), in: london) == utc(next))
    }

    @Test func aTimeInsideTheSpringGapRunsOnceJustAfterIt() {
        let schedule = BackupSchedule(hour: 1, minute: 30)  // 01:00–02:00 does not exist on 29 March 2026 in London
        let run = schedule.next(after: utc("2026-03-28T12:00:00Z"), in: london)
        #expect(run == utc("2026-03-29T01:00:00Z"))  // 02:00 BST, the first instant after the gap
        #expect(schedule.next(after: run, in: london) == utc("2026-03-30T00:30:00Z"))
    }

    @Test func aRepeatedTimeRunsAtItsFirstOccurrenceOnly() {
        let schedule = BackupSchedule(hour: 1, minute: 30)  // 01:30 happens twice on 25 October 2026 in London
        let run = schedule.next(after: utc("2026-10-24T12:00:00Z"), in: london)
        #expect(run == utc("2026-10-25T00:30:00Z"))  // 01:30 BST
        #expect(schedule.next(after: run, in: london) == utc("2026-10-26T01:30:00Z"))  // not 01:30 GMT the same night
    }

    @Test func catchUpIsDueWithoutABackupOrAfterADay() {
        let now = utc("2026-07-20T12:00:00Z")
        #expect(BackupSchedule.isOverdue(lastSuccess: nil, now: now))
        #expect(BackupSchedule.isOverdue(lastSuccess: now.addingTimeInterval(-25 * 3600), now: now))
        #expect(!BackupSchedule.isOverdue(lastSuccess: now.addingTimeInterval(-9 * 3600), now: now))
    }

    /// `forged serve`'s scheduler and copier read forged's clock (``Settings/clock``):
    /// with the clock two days ahead, a backup the system clock calls fresh is
    /// overdue, so the catch-up runs, named and recorded at the moved time, and
    /// its copy off the box is recorded at the moved time too.
    @Test func theSchedulerAndTheCopierReadForgedsClock() throws {
        let dir = TempDir()
        defer { dir.remove() }
        try FileManager.default.createDirectory(atPath: dir.file("nas"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: dir.file("state"), withIntermediateDirectories: true)
        let db = try Database(path: dir.file("state/forge.sqlite3"))
        defer { db.close() }
        try ForgeSchema.migrator().migrate(db, now: Date())
        _ = try BackupKey.loadOrCreate(at: dir.file("backup.key"))
        try BackupJob(db: db).run(trigger: "cli", now: Date())
        var settings = Settings(stateDir: dir.file("state"))
        settings.clockOffset = 2 * 86_400
        settings.backupKey = dir.file("backup.key")
        settings.backupCopyTo = [try BackupDestination(dir.file("nas"))]

        let scheduler = BackupScheduler(settings: settings, db: db)
        scheduler.start()
        var runs: [BackupRecord] = []
        var copied: BackupCopyRecord?
        for _ in 0..<200 {
            runs = try BackupStatus.recent(5, in: db)
            copied = try BackupCopyStatus.states([dir.file("nas")], in: db).first?.lastAttempt
            if runs.count >= 2 && copied != nil { break }
            usleep(50_000)
        }
        scheduler.stop()
        let moved = Date().addingTimeInterval(settings.clockOffset)
        let catchUp = try #require(runs.first, "no catch-up backup: \(runs)")
        #expect(runs.map(\.trigger) == ["catch-up", "cli"])
        #expect(abs(catchUp.startedAt.timeIntervalSince(moved)) < 60, "\(catchUp.startedAt) vs \(moved)")
        let name = try #require(BackupName(fileName: (catchUp.file as NSString).lastPathComponent))
        #expect(abs(name.instant.timeIntervalSince(moved)) < 60, "\(name)")
        let copy = try #require(copied, "no copy attempt")
        #expect(copy.ok, "\(copy.error)")
        #expect(copy.name == name.fileName + ".forgebak")
        #expect(abs(copy.startedAt.timeIntervalSince(moved)) < 60, "\(copy.startedAt) vs \(moved)")
        #expect(scheduler.nextNightly > moved && scheduler.nextNightly < moved.addingTimeInterval(86_400))
    }

    @Test func settingsLoadTheBackupFlags() throws {
        let settings = try SettingsLoader.load(
            flags: ["backup-time": ["02:15"], "backup-keep-daily": ["3"]],
            environment: ["FORGE_BACKUP_KEEP_WEEKLY": "0"], defaultConfigPath: "/nonexistent/f")
        #expect(settings.backupTime == BackupSchedule(hour: 2, minute: 15))
        #expect(settings.backupRetention.daily == 3 && settings.backupRetention.weekly == 0)
        #expect(throws: ConfigError.self) {
            try SettingsLoader.load(
                flags: ["backup-time": ["25:00"]], environment: [:], defaultConfigPath: "/nonexistent/f")
        }
    }

    @Test func backupListIsASubcommandAndRestoreTakesAFile() throws {
        #expect(try CLI.parse(["backup", "list", "--state-dir", "/srv"]).path == ["backup", "list"])
        let backup = try CLI.parse(["backup", "--output", "/tmp/x.sqlite3"])
        #expect(backup.path == ["backup"] && backup.flags["output"] == ["/tmp/x.sqlite3"])
        let restore = try CLI.parse(["restore", "/tmp/x.sqlite3"])
        #expect(restore.path == ["restore"] && restore.positionals == ["/tmp/x.sqlite3"])
        #expect(CLI.helpText(for: ["restore"])?.contains("pre-restore-YYYYMMDD-HHMMSS.sqlite3") == true)
    }
}
