import Dispatch
import Foundation
import Synchronization
import Testing

@testable import ForgeStore

/// A migrated database with some rows in a few tables.
private func populated(_ dir: String) throws -> Database {
    let db = try Database(path: dir + "/forge.sqlite3")
    try ForgeSchema.migrator().migrate(db, now: Date())
    try db.write { c in
        for i in 0..<50 {
            try c.execute(
                "INSERT INTO users (id, email, name, role, created_at) VALUES (?, ?, ?, 'member', ?)",
                ["u\(i)", "u\(i)@example.org", "User \(i)", "2026-01-01T00:00:00.000Z"])
            try c.execute(
                "INSERT INTO metrics (id, user_id, type, value, unit, ts, source) VALUES (?, ?, 'weight', ?, 'kg', ?, 'test')",
                ["m\(i)", "u\(i)", 70.0 + Double(i) / 10, "2026-01-02T00:00:00.000Z"])
        }
    }
    return db
}

private func counts(_ db: Database) throws -> [String: Int] {
    try db.read { c in
        var result: [String: Int] = [:]
        for row in try c.query("SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite_%'") {
            let name: String = try row.get("name")
            result[name] = try c.scalar("SELECT count(*) FROM \"\(name)\"") ?? 0
        }
        return result
    }
}

private func utc(_ text: String) -> Date { ISO8601DateFormatter().date(from: text)! }

@Suite struct BackupTests {
    @Test func backupThenRestoreGivesTheSameRowsAndAnIntactFile() throws {
        try withTemporaryDirectory { dir in
            let source = try populated(dir + "")
            let job = BackupJob(db: source)
            let record = try job.run(trigger: "test", now: utc("2026-07-20T02:30:00Z"))
            #expect(record.ok && record.file == dir + "/backups/forge-20260720-023000.sqlite3")
            #expect(record.bytes == BackupFile.size(record.file) && record.bytes > 0)
            #expect(try fileMode(dir + "/backups") == 0o700)
            #expect(try fileMode(record.file) == 0o600)
            #expect(
                try FileManager.default.contentsOfDirectory(atPath: dir + "/backups").sorted()
                    == [".backup.lock", "forge-20260720-023000.sqlite3"])
            let before = try counts(source)
            #expect(before["users"] == 50 && before["metrics"] == 50)
            // The attempt is recorded after the copy, so the copy holds one row fewer there.
            #expect(try BackupFile.inspect(record.file).rowCounts == before.merging(["backup_runs": 0]) { $1 })
            source.close()

            let target = dir + "/restored"
            try FileManager.default.createDirectory(atPath: target, withIntermediateDirectories: true)
            let outcome = try BackupRestore.restore(record.file, over: target + "/forge.sqlite3", now: Date())
            #expect(outcome.safetyCopy == nil)
            let restored = try Database(path: target + "/forge.sqlite3")
            defer { restored.close() }
            #expect(try restored.integrityCheck())
            // The same rows, and the restore itself recorded in the ledger (it starts this box's history).
            #expect(try counts(restored) == before.merging(["backup_runs": 1]) { $1 })
            #expect(try BackupStatus.recent(1, in: restored).first?.trigger == BackupStatus.restoreTrigger)
        }
    }

    @Test(arguments: ["truncated", "random", "empty", "not-forge"])
    func aBadFileIsRefusedAndNothingIsReplaced(_ kind: String) throws {
        try withTemporaryDirectory { dir in
            let db = try populated(dir)
            let record = try BackupJob(db: db).run(trigger: "test", now: Date())
            db.close()
            let bad = dir + "/bad.sqlite3"
            switch kind {
            case "truncated":
                let data = try Data(contentsOf: URL(fileURLWithPath: record.file))
                try data.prefix(data.count / 2).write(to: URL(fileURLWithPath: bad))
            case "random":
                var generator = SystemRandomNumberGenerator()
                try Data((0..<65_536).map { _ in UInt8.random(in: 0...255, using: &generator) }).write(
                    to: URL(fileURLWithPath: bad))
            case "empty":
                try Data().write(to: URL(fileURLWithPath: bad))
            default:
                let other = try Database(path: bad)
                try other.write { try $0.execute("CREATE TABLE t (x)") }
                other.close()
            }
            let live = dir + "/forge.sqlite3"
            let original = try Data(contentsOf: URL(fileURLWithPath: live))
            #expect(throws: BackupError.self) { try BackupRestore.restore(bad, over: live, now: Date()) }
            #expect(try Data(contentsOf: URL(fileURLWithPath: live)) == original)
            #expect(!FileManager.default.fileExists(atPath: dir + "/backups/pre-restore-x"))
            let reopened = try Database(path: live)
            defer { reopened.close() }
            #expect(try counts(reopened)["users"] == 50)
        }
    }

    @Test func aBackupFromANewerBinaryIsRefused() throws {
        try withTemporaryDirectory { dir in
            let db = try populated(dir)
            try db.write {
                try $0.execute("INSERT INTO schema_migrations (id, applied_at) VALUES ('9999-future', 'x')")
            }
            let record = try BackupJob(db: db).run(trigger: "test", now: Date())
            db.close()
            #expect(
                throws: BackupError.unusable(
                    "\(record.file): written by a newer forged (unknown migrations: 9999-future)")
            ) {
                _ = try BackupFile.inspect(record.file, knownMigrations: ForgeSchema.migrator().ids)
            }
        }
    }

    @Test func restoreKeepsASafetyCopyOfTheCurrentDatabase() throws {
        try withTemporaryDirectory { dir in
            let db = try populated(dir)
            let record = try BackupJob(db: db).run(trigger: "test", now: Date())
            try db.write { try $0.execute("DELETE FROM metrics") }  // a change after the backup
            db.close()
            let outcome = try BackupRestore.restore(
                record.file, over: dir + "/forge.sqlite3", now: utc("2026-07-21T08:00:00Z"))
            #expect(outcome.safetyCopy == dir + "/backups/pre-restore-20260721-080000.sqlite3")
            #expect(try BackupFile.inspect(outcome.safetyCopy!).rowCounts["metrics"] == 0)
            #expect(outcome.inspection.rowCounts["metrics"] == 50)
            #expect(
                !FileManager.default.fileExists(atPath: dir + "/forge.sqlite3-wal")
                    || BackupFile.size(dir + "/forge.sqlite3-wal") == 0)
        }
    }

    @Test func aFailedBackupIsRecordedAndSummarised() throws {
        try withTemporaryDirectory { dir in
            let db = try populated(dir)
            defer { db.close() }
            #expect(BackupStatus.summary(db) == "no backup yet")
            let existing = dir + "/taken.sqlite3"
            try Data("x".utf8).write(to: URL(fileURLWithPath: existing))
            #expect(throws: BackupError.self) {
                try BackupJob(db: db).run(output: existing, trigger: "cli", now: Date())
            }
            #expect(try Data(contentsOf: URL(fileURLWithPath: existing)) == Data("x".utf8))
            let last = try #require(try BackupStatus.last(in: db))
            #expect(!last.ok && last.error.contains("already exists") && last.trigger == "cli")
            #expect(BackupStatus.summary(db).hasPrefix("last backup FAILED "))
            // STATUS= names a file of this database's backups directory (RelativeStateDirTests has one elsewhere).
            try BackupJob(db: db).run(output: dir + "/backups/fresh.sqlite3", trigger: "cli", now: Date())
            #expect(
                BackupStatus.summary(db).hasPrefix("last backup ok ")
                    && BackupStatus.summary(db).hasSuffix("(fresh.sqlite3)"))
            #expect(try BackupStatus.lastSuccess(in: db)?.file == dir + "/backups/fresh.sqlite3")
        }
    }

    /// Issue 26: `forged backup --output /root/x.sqlite3` is the operator's
    /// copy; it never becomes the last backup /healthz and STATUS= report.
    @Test func anOutputCopyIsRecordedButIsNotTheLastBackup() throws {
        try withTemporaryDirectory { dir in
            let db = try populated(dir)
            defer { db.close() }
            try BackupJob(db: db).run(
                output: dir + "/elsewhere.sqlite3", trigger: BackupStatus.outputTrigger, now: Date())
            #expect(BackupStatus.summary(db) == "no backup yet")
            #expect(try BackupStatus.lastSuccess(in: db) == nil)
            #expect(try BackupStatus.recent(5, in: db).map(\.trigger) == [BackupStatus.outputTrigger])
            let kept = try BackupJob(db: db).run(trigger: "nightly", now: Date())
            #expect(try BackupStatus.last(in: db)?.file == kept.file)
        }
    }

    @Test func twoBackupsInTheSameSecondGetDistinctNames() throws {
        try withTemporaryDirectory { dir in
            let db = try populated(dir)
            defer { db.close() }
            let now = utc("2026-07-20T02:30:00Z")
            let a = try BackupJob(db: db).run(trigger: "test", now: now)
            let b = try BackupJob(db: db).run(trigger: "test", now: now)
            #expect(
                a.file.hasSuffix("forge-20260720-023000.sqlite3") && b.file.hasSuffix("forge-20260720-023000-2.sqlite3")
            )
        }
    }

    /// The fault: the first name of a second was rotated away, so a third
    /// backup in that second took it again, sorted before the second one, and
    /// rotation deleted the file it had just written.
    @Test func aThirdBackupInOneSecondIsKeptAndItsSizeRecorded() throws {
        try withTemporaryDirectory { dir in
            let db = try populated(dir)
            defer { db.close() }
            let now = utc("2026-07-20T02:30:00Z")
            // One per day and no `recent` margin: the rotation the fault was in.
            let job = BackupJob(db: db, retention: BackupRetention(recent: 1))
            let records = try (0..<3).map { _ in try job.run(trigger: "test", now: now) }
            #expect(
                records.map { ($0.file as NSString).lastPathComponent } == [
                    "forge-20260720-023000.sqlite3", "forge-20260720-023000-2.sqlite3",
                    "forge-20260720-023000-3.sqlite3",
                ])
            #expect(records.allSatisfy { $0.ok && $0.bytes > 0 })
            // One per day is kept: the newest, which is the one just written.
            #expect(job.list().map(\.name.fileName) == ["forge-20260720-023000-3.sqlite3"])
            #expect(records.last!.fileExists && !records[0].fileExists)
            #expect(BackupStatus.summary(db).hasSuffix("(forge-20260720-023000-3.sqlite3)"))
        }
    }

    /// A clock set back (a Pi without a real-time clock) names the new backup
    /// before an existing one: rotation still keeps it.
    @Test func rotationNeverRemovesTheBackupJustWritten() throws {
        try withTemporaryDirectory { dir in
            let db = try populated(dir)
            defer { db.close() }
            let job = BackupJob(db: db)
            let later = try job.run(trigger: "test", now: utc("2026-07-20T12:00:00Z"))
            let earlier = try job.run(trigger: "test", now: utc("2026-07-20T02:30:00Z"))
            #expect(earlier.fileExists && later.fileExists)
        }
    }

    @Test func aBackupAskedForWhileOneRunsIsRefusedOrWaits() throws {
        try withTemporaryDirectory { dir in
            let db = try populated(dir)
            defer { db.close() }
            let job = BackupJob(db: db)
            try BackupFile.makePrivateDirectory(job.directory)
            // Another holder (the nightly backup, an operator's `forged backup`) for 0.3 s.
            let taken = DispatchSemaphore(value: 0)
            let released = DispatchSemaphore(value: 0)
            let directory = job.directory
            DispatchQueue.global().async {
                let held = try? BackupLock(directory: directory, wait: false)
                taken.signal()
                usleep(300_000)
                withExtendedLifetime(held) {}
                released.signal()
            }
            taken.wait()
            #expect(throws: BackupError.busy) { try job.run(trigger: "admin", now: Date(), wait: false) }
            #expect(try BackupStatus.last(in: db) == nil)  // a refusal is not an attempt
            #expect("\(BackupError.busy)" == "a backup is already running; try again when it finishes")
            // A waiting backup starts once the holder lets go.
            let record = try job.run(trigger: "nightly", now: Date(), wait: true)
            #expect(released.wait(timeout: .now()) == .success, "the backup ran before the holder let go")
            #expect(record.ok && record.fileExists)
        }
    }

    @Test func tenConcurrentBackupsEachSucceedOrAreRefusedAndTheLedgerMatchesTheDisk() throws {
        try withTemporaryDirectory { dir in
            let db = try populated(dir)
            defer { db.close() }
            let job = BackupJob(db: db)
            let outcomes = Mutex<[Result<BackupRecord, BackupError>]>([])
            DispatchQueue.concurrentPerform(iterations: 10) { _ in
                let result = Result { try job.run(trigger: "admin", now: utc("2026-07-20T02:30:00Z"), wait: false) }
                    .mapError { $0 as! BackupError }
                outcomes.withLock { $0.append(result) }
            }
            let all = outcomes.withLock { $0 }
            let ok = all.compactMap { try? $0.get() }
            #expect(all.count == 10 && !ok.isEmpty)
            for case .failure(let error) in all { #expect(error == .busy) }
            let runs = try BackupStatus.recent(20, in: db)
            #expect(runs.count == ok.count && runs.allSatisfy(\.ok))
            #expect(Set(runs.map(\.file)).count == ok.count)  // unique names
            let onDisk = job.list().map { job.directory + "/" + $0.name.fileName }
            let newest = try BackupStatus.last(in: db)
            // The 3 newest are kept (BackupRetention.recent), the newest first,
            // and each file on disk is one the ledger recorded.
            #expect(onDisk.count == min(3, ok.count) && onDisk.first == newest?.file)
            #expect(Set(onDisk).isSubset(of: Set(runs.map(\.file))))
        }
    }

    @Test func anUpgradeFromThePreviousSchemaLeavesAVerifiedPreUpgradeBackup() throws {
        try withTemporaryDirectory { dir in
            let all = ForgeSchema.migrator()
            let previous = all.ids[all.ids.count - 2]
            let db = try Database(path: dir + "/forge.sqlite3")
            defer { db.close() }
            try all.through(previous).migrate(db, now: Date())
            try db.write {
                try $0.execute(
                    "INSERT INTO users (id, email, name, role, created_at) VALUES ('u1', 'a@example.org', 'A', 'admin', '2026-01-01T00:00:00.000Z')"
                )
            }
            let outcome = try SchemaUpgrade.run(db, now: utc("2026-07-20T02:30:00Z"))
            #expect(outcome.applied == [all.ids.last!])
            let appliedAt: String? = try db.read {
                try $0.scalar("SELECT applied_at FROM schema_migrations WHERE id = ?", [all.ids.last!])
            }
            #expect(appliedAt == "2026-07-20T02:30:00.000Z")  // the upgrade's `now`, not the machine's time
            let backup = try #require(outcome.backup)
            #expect(backup == dir + "/backups/pre-upgrade-\(previous)-20260720-023000.sqlite3")
            let inspection = try BackupFile.inspect(backup)
            #expect(Set(inspection.migrations) == Set(all.ids.dropLast()) && inspection.rowCounts["users"] == 1)
            #expect(try fileMode(backup) == 0o600)
            // Up to date now: no second backup; rotation never touches it.
            #expect(try SchemaUpgrade.run(db, now: Date()).backup == nil)
            #expect(BackupJob(db: db).rotate().isEmpty && FileManager.default.fileExists(atPath: backup))
        }
    }

    /// Two upgrades from one schema within one second (an upgrade, a restore
    /// of its pre-upgrade copy, the upgrade again) get `…023000` and
    /// `…023000-2`, as backups do; neither is overwritten.
    @Test func twoUpgradesInOneSecondGetDistinctBackups() throws {
        try withTemporaryDirectory { dir in
            let all = ForgeSchema.migrator()
            let previous = all.ids[all.ids.count - 2]
            let now = utc("2026-07-20T02:30:00Z")
            var backups: [String] = []
            for users in 1...2 {
                for suffix in ["", "-wal", "-shm"] { unlink(dir + "/forge.sqlite3" + suffix) }
                let db = try Database(path: dir + "/forge.sqlite3")
                try all.through(previous).migrate(db, now: Date())
                for n in 0..<users {
                    try db.write {
                        try $0.execute(
                            "INSERT INTO users (id, email, name, role, created_at) VALUES (?, ?, 'A', 'admin', '2026-01-01T00:00:00.000Z')",
                            ["u\(n)", "a\(n)@example.org"])
                    }
                }
                backups.append(
                    try #require(try SchemaUpgrade.run(db, now: now.addingTimeInterval(0.5 * Double(users - 1))).backup)
                )
                db.close()
            }
            let stem = dir + "/backups/pre-upgrade-\(previous)-20260720-023000"
            #expect(backups == [stem + ".sqlite3", stem + "-2.sqlite3"])
            #expect(try backups.map { try BackupFile.inspect($0).rowCounts["users"] } == [1, 2])
        }
    }

    @Test func aNewDatabaseIsMigratedWithoutABackup() throws {
        try withTemporaryDirectory { dir in
            let db = try Database(path: dir + "/forge.sqlite3")
            defer { db.close() }
            let outcome = try SchemaUpgrade.run(db, now: Date())
            #expect(outcome.backup == nil && outcome.applied == ForgeSchema.migrator().ids)
            #expect(!FileManager.default.fileExists(atPath: dir + "/backups"))
        }
    }

    /// Two backups in one second are `…023000` and `…023000-2`; a later one
    /// still sorts newest, so rotation keeps it and only it.
    @Test func aBackupAfterABumpedNameIsNotRotatedAway() throws {
        try withTemporaryDirectory { dir in
            let db = try populated(dir)
            defer { db.close() }
            let job = BackupJob(db: db, retention: BackupRetention(recent: 1))
            _ = try job.run(trigger: "test", now: utc("2026-07-20T02:30:00Z"))
            _ = try job.run(trigger: "test", now: utc("2026-07-20T02:30:00Z"))  // named 023000-2
            let c = try job.run(trigger: "test", now: utc("2026-07-20T02:30:01Z"))
            #expect(job.list().map(\.name.fileName) == [(c.file as NSString).lastPathComponent])
            #expect(c.file.hasSuffix("forge-20260720-023001.sqlite3"))
        }
    }

    @Test func namesParseOnlyTheExactShape() {
        #expect(BackupName(fileName: "forge-20260720-023000.sqlite3")?.instant == utc("2026-07-20T02:30:00Z"))
        let second = BackupName(fileName: "forge-20260720-023000-2.sqlite3")
        #expect(second?.sequence == 2 && second?.instant == utc("2026-07-20T02:30:00Z"))
        #expect(BackupName(fileName: "forge-20260720-023000.sqlite3")! < second!)
        #expect(second! < BackupName(fileName: "forge-20260720-023001.sqlite3")!)
        #expect(
            BackupName(fileName: "forge-20260720-023000-12.sqlite3")! > BackupName(
                fileName: "forge-20260720-023000-9.sqlite3")!)
        for bad in [
            "forge-20260720-023000-1.sqlite3", "forge-20260720-023000-02.sqlite3", "forge-20260720-023000-.sqlite3",
            "forge-20260720-023000-x.sqlite3", "forge-20260720-023000_2.sqlite3", "../forge-20260720-023000.sqlite3",
            "forge.sqlite3", "forge-20261320-023000.sqlite3",
            "forge-20260720-023000.sqlite3-wal", "forge-2026072x-023000.sqlite3", "pre-restore-20260720-023000.sqlite3",
        ] {
            #expect(BackupName(fileName: bad) == nil, "\(bad)")
        }
    }

    /// Daily at 03:30 London time for 60 days, then rotation keeps the newest of
    /// the last 7 days and the newest of the 4 ISO weeks before them.
    @Test func rotationKeepsSevenDailiesAndFourWeeklies() throws {
        let london = TimeZone(identifier: "Europe/London")!
        // 2026-03-01 (Sunday) to 2026-04-29 (Wednesday); 02:30 UTC is 03:30 BST / 02:30 GMT.
        let first = utc("2026-03-01T02:30:00Z")
        var names = (0..<60).map { BackupName(instant: first.addingTimeInterval(Double($0) * 86_400)) }
        names.append(BackupName(instant: utc("2026-04-29T12:00:00Z")))  // an extra one on the last day
        let kept = BackupRetention().keep(names, timeZone: london).map(\.fileName).sorted()
        #expect(
            kept == [
                "forge-20260405-023000.sqlite3",  // Sun, week of 30 Mar
                "forge-20260412-023000.sqlite3",  // Sun, week of 6 Apr
                "forge-20260419-023000.sqlite3",  // Sun, week of 13 Apr
                "forge-20260422-023000.sqlite3",  // Wed, the rest of the week of 20 Apr before the daily window
                "forge-20260423-023000.sqlite3", "forge-20260424-023000.sqlite3", "forge-20260425-023000.sqlite3",
                "forge-20260426-023000.sqlite3", "forge-20260427-023000.sqlite3", "forge-20260428-023000.sqlite3",
                "forge-20260429-023000.sqlite3",  // not the newest of its day, but one of the 3 newest
                "forge-20260429-120000.sqlite3",  // the newest of the last day
            ])
    }

    /// A backup taken by hand before an experiment survives the next two of
    /// the same day (a catch-up, `forged backup`, an admin backup); a fourth
    /// on that day rotates the oldest of them away.
    @Test func theNewestThreeAreKeptWhateverTheirDay() throws {
        let utcZone = TimeZone(identifier: "UTC")!
        let day = (1...4).map { BackupName(instant: utc("2026-07-20T1\($0):00:00Z")) }
        let yesterday = BackupName(instant: utc("2026-07-19T02:30:00Z"))
        let three = BackupRetention().keep([yesterday] + day.prefix(3), timeZone: utcZone)
        #expect(three == Set([yesterday] + day.prefix(3)))
        let four = BackupRetention().keep([yesterday] + day, timeZone: utcZone)
        #expect(four == Set([yesterday, day[1], day[2], day[3]]))
        #expect(BackupRetention(recent: 0).recent == 1)
    }

    @Test func rotateDeletesOnlyWhatTheRetentionDrops() throws {
        try withTemporaryDirectory { dir in
            let db = try populated(dir)
            defer { db.close() }
            let job = BackupJob(db: db, retention: BackupRetention(daily: 2, weekly: 1))
            try FileManager.default.createDirectory(atPath: job.directory, withIntermediateDirectories: true)
            let names = [
                "forge-20260701-023000.sqlite3", "forge-20260710-023000.sqlite3", "forge-20260711-023000.sqlite3",
                "forge-20260719-023000.sqlite3", "forge-20260720-023000.sqlite3", "notes.txt",
            ]
            for name in names { try Data("x".utf8).write(to: URL(fileURLWithPath: job.directory + "/" + name)) }
            let deleted = job.rotate().map(\.fileName)
            #expect(deleted == ["forge-20260710-023000.sqlite3", "forge-20260701-023000.sqlite3"])
            #expect(
                try FileManager.default.contentsOfDirectory(atPath: job.directory).sorted()
                    == [
                        "forge-20260711-023000.sqlite3", "forge-20260719-023000.sqlite3",
                        "forge-20260720-023000.sqlite3", "notes.txt",
                    ])
        }
    }
}
