import ForgeCore
import Foundation
import Testing

@testable import ForgeStore

private func utc(_ text: String) -> Date { ISO8601DateFormatter().date(from: text)! }

/// Copies off the box (issue 27) with real parts: a directory destination on
/// its own tmpfs (mounted, not mounted, full) and Debian's rclone serving
/// WebDAV and SFTP on loopback (a wrong password, the server dying mid-copy).
/// Each copy is verified by reading it back; the tests then decrypt what the
/// destination holds and compare it with the local backup.
@Suite(.serialized) struct BackupCopyTests {
    /// A database with a member, its backups directory, the key file, and a real backup in it.
    struct Box {
        let dir: String
        let db: Database
        let key: String
        let backup: BackupRecord

        init(_ dir: String, at instant: String = "2026-07-20T02:30:00Z") throws {
            self.dir = dir
            db = try OffBox.database(dir)
            try db.write { c in
                try c.execute(
                    "INSERT INTO users (id, email, name, role, created_at) VALUES ('u1', 'ada@example.org', 'Ada', 'admin', ?)",
                    ["2026-01-01T00:00:00.000Z"])
            }
            key = dir + "/backup.key"
            _ = try BackupKey.loadOrCreate(at: key)
            backup = try BackupJob(db: db).run(trigger: "test", now: utc(instant))
        }

        func copier(
            _ transports: [BackupTransport], retention: BackupRetention = .init(),
            clock: any ForgeCore.Clock = SystemClock()
        ) -> BackupCopier {
            BackupCopier(db: db, transports: transports, keyPath: key, retention: retention, clock: clock)
        }

        /// Decrypts `copy` and checks it is the local backup, byte for byte.
        func expectSameAsBackup(_ copy: String) throws {
            let opened = dir + "/opened-\(UUID().uuidString)"
            defer { unlink(opened) }
            try BackupSeal.open(copy, to: opened, key: try BackupKey.load(from: key))
            #expect(FileManager.default.contents(atPath: opened) == FileManager.default.contents(atPath: backup.file))
            #expect(try BackupFile.inspect(opened).rowCounts["users"] == 1)
        }
    }

    @Test func aMountedDirectoryGetsAVerifiedEncryptedCopyRotatedAndListed() throws {
        try withTemporaryDirectory { dir in
            try OffBox.withTmpfs(size: "16m") { nas in
                let box = try Box(dir)
                defer { box.db.close() }
                let destination = try BackupDestination(nas)
                let transport = BackupTransport(destination, requireMount: true, rcloneConfig: "/dev/null")
                let records = box.copier([transport], clock: FixedClock(utc("2026-07-20T02:31:00Z"))).copy(
                    box.backup.file)
                let record = try #require(records.first)
                #expect(record.ok && record.error.isEmpty, "\(record)")
                #expect(record.name == "forge-20260720-023000.sqlite3.forgebak")
                // What the destination holds is what was sent (SHA-256) and decrypts to the backup.
                let copy = nas + "/" + record.name
                #expect(try SHA256Stream.file(copy) == record.sha256 && BackupFile.size(copy) == record.bytes)
                try box.expectSameAsBackup(copy)
                #expect(try FileManager.default.contentsOfDirectory(atPath: nas) == [record.name], "no temporary left")
                // Status: ok, last good copy named, age from the clock given.
                let state = try #require(try BackupCopyStatus.states([nas], in: box.db).first)
                #expect(state.ok && state.lastGood?.name == record.name && state.error.isEmpty)
                #expect(BackupCopyStatus.words(state, now: utc("2026-07-20T08:00:00Z")) == "\(nas) ok 5 h ago")
                #expect(BackupCopyStatus.warning([state], now: utc("2026-07-22T02:31:00Z")) == nil)
                let stale = BackupCopyStatus.warning([state], now: utc("2026-07-24T03:00:00Z"))
                #expect(stale?.hasPrefix("no good backup copy off the box for 4 days") == true, "\(stale ?? "nil")")
                #expect(try BackupCopyStatus.goodCopies([nas], in: box.db)[record.name] == [nas])

                // Rotation there follows the local rules: with 1 day and 3 recent kept, 5 copies become 3.
                let retention = BackupRetention(daily: 1, weekly: 0, recent: 3)
                for day in 21...24 {
                    let local = try BackupJob(db: box.db, retention: retention).run(
                        trigger: "test", now: utc("2026-07-\(day)T02:30:00Z"))
                    let copied = box.copier([transport], retention: retention).copy(local.file)
                    #expect(copied.first?.ok == true, "\(copied)")
                }
                #expect(
                    try transport.list() == [
                        "forge-20260724-023000.sqlite3.forgebak", "forge-20260723-023000.sqlite3.forgebak",
                        "forge-20260722-023000.sqlite3.forgebak",
                    ])
            }
        }
    }

    @Test func aDirectoryThatIsNotMountedFailsInsteadOfFillingTheRootDisk() throws {
        try withTemporaryDirectory { dir in
            let box = try Box(dir)
            defer { box.db.close() }
            let plain = dir + "/nas-not-mounted"
            try FileManager.default.createDirectory(atPath: plain, withIntermediateDirectories: true)
            let transport = BackupTransport(try BackupDestination(plain), requireMount: true, rcloneConfig: "/dev/null")
            let record = try #require(box.copier([transport]).copy(box.backup.file).first)
            #expect(!record.ok)
            #expect(record.error == BackupCopyError.notMounted(plain).description, "\(record.error)")
            #expect(try FileManager.default.contentsOfDirectory(atPath: plain).isEmpty, "nothing written beneath")
            let state = try #require(try BackupCopyStatus.states([plain], in: box.db).first)
            #expect(!state.ok && state.lastGood == nil && state.error.contains("is not a mounted filesystem"))
            #expect(BackupCopyStatus.words(state, now: Date()) == "\(plain) FAILED (last good never)")
            // A missing directory (the share not there at all) fails too.
            let gone = BackupTransport(try BackupDestination(dir + "/gone"), rcloneConfig: "/dev/null")
            let missing = try #require(box.copier([gone]).copy(box.backup.file).first)
            #expect(!missing.ok && missing.error.contains("is not a directory"), "\(missing.error)")
            // The local backup is untouched.
            #expect(FileManager.default.fileExists(atPath: box.backup.file))
        }
    }

    @Test func aFullDestinationFailsLeavingNoCopyUnderTheFinalName() throws {
        try withTemporaryDirectory { dir in
            try OffBox.withTmpfs(size: "64k") { nas in
                let box = try Box(dir)
                defer { box.db.close() }
                try #require(BackupFile.size(box.backup.file) > 64 << 10, "the backup must not fit in 64 KiB")
                let transport = BackupTransport(
                    try BackupDestination(nas), requireMount: true, rcloneConfig: "/dev/null")
                let record = try #require(box.copier([transport]).copy(box.backup.file).first)
                #expect(!record.ok && record.error.contains("No space left on device"), "\(record.error)")
                #expect(try FileManager.default.contentsOfDirectory(atPath: nas).isEmpty, "the partial copy is removed")
            }
        }
    }

    @Test(arguments: ["webdav", "sftp"])
    func anRcloneRemoteGetsAVerifiedCopyThatFetchesAndDecrypts(protocol: String) throws {
        try withTemporaryDirectory { dir in
            let box = try Box(dir)
            defer { box.db.close() }
            let served = dir + "/served"
            try FileManager.default.createDirectory(atPath: served + "/household", withIntermediateDirectories: true)
            let server = try RcloneServer(`protocol`, root: served, configDir: dir)
            defer { server.kill() }
            let destination = try BackupDestination("rclone:remote:household")
            let transport = BackupTransport(destination, rcloneConfig: server.config)
            let record = try #require(box.copier([transport]).copy(box.backup.file).first)
            #expect(record.ok, "\(record.error)")
            // The server's storage holds exactly the copy, under its final name.
            #expect(try FileManager.default.contentsOfDirectory(atPath: served + "/household") == [record.name])
            #expect(try SHA256Stream.file(served + "/household/" + record.name) == record.sha256)
            #expect(try transport.list() == [record.name])
            // Its sealed time and name are read from its head (rclone cat --count) and authenticated.
            let sealed = try transport.sealedCopies(key: try BackupKey.load(from: box.key))
            #expect(sealed.map(\.name) == [record.name] && sealed.first?.problem == nil, "\(sealed)")
            #expect(sealed.first?.identity?.name == (box.backup.file as NSString).lastPathComponent, "\(sealed)")
            try transport.fetch(record.name, to: dir + "/fetched.forgebak")
            try box.expectSameAsBackup(dir + "/fetched.forgebak")
        }
    }

    @Test func aWrongPasswordIsRefusedAndRecordedWithRclonesReason() throws {
        try withTemporaryDirectory { dir in
            let box = try Box(dir)
            defer { box.db.close() }
            let served = dir + "/served"
            try FileManager.default.createDirectory(atPath: served, withIntermediateDirectories: true)
            let server = try RcloneServer("webdav", root: served, configDir: dir, clientPassword: "wrong")
            defer { server.kill() }
            let transport = BackupTransport(try BackupDestination("rclone:remote:"), rcloneConfig: server.config)
            let record = try #require(box.copier([transport]).copy(box.backup.file).first)
            #expect(!record.ok)
            #expect(record.error.contains("rclone:remote:: rclone copyto failed"), "\(record.error)")
            #expect(
                record.error.contains("401") || record.error.lowercased().contains("unauthorized"), "\(record.error)")
            #expect(try FileManager.default.contentsOfDirectory(atPath: served).isEmpty)
            print("wrong password: \(record.error)")
        }
    }

    @Test func aFullRcloneRemoteFailsAndLeavesNoCopyUnderTheFinalName() throws {
        try withTemporaryDirectory { dir in
            try OffBox.withTmpfs(size: "64k") { served in
                let box = try Box(dir)
                defer { box.db.close() }
                let server = try RcloneServer("webdav", root: served, configDir: dir)
                defer { server.kill() }
                let transport = BackupTransport(try BackupDestination("rclone:remote:"), rcloneConfig: server.config)
                let record = try #require(box.copier([transport]).copy(box.backup.file).first)
                #expect(!record.ok && record.error.contains("rclone"), "\(record.error)")
                let names = try FileManager.default.contentsOfDirectory(atPath: served)
                #expect(!names.contains(record.name), "no copy under the final name: \(names)")
                let state = try #require(try BackupCopyStatus.states(["rclone:remote:"], in: box.db).first)
                #expect(!state.ok && state.lastGood == nil && state.error == record.error)
                print("full remote: \(record.error)")
            }
        }
    }

    @Test func aServerDyingMidCopyFailsAndLeavesNoCopyUnderTheFinalName() throws {
        try withTemporaryDirectory { dir in
            let db = try OffBox.database(dir)
            defer { db.close() }
            let key = dir + "/backup.key"
            _ = try BackupKey.loadOrCreate(at: key)
            try FileManager.default.createDirectory(atPath: dir + "/backups", withIntermediateDirectories: true)
            let big = dir + "/backups/forge-20260720-023000.sqlite3"
            try OffBox.randomBackup(big, 64 << 20)
            let served = dir + "/served"
            try FileManager.default.createDirectory(atPath: served, withIntermediateDirectories: true)
            let server = try RcloneServer("webdav", root: served, configDir: dir)
            // Kill the server as soon as the upload has started writing.
            let watcher = Thread {
                for _ in 0..<4000 {
                    let names = (try? FileManager.default.contentsOfDirectory(atPath: served)) ?? []
                    if !names.isEmpty {
                        server.kill()
                        return
                    }
                    usleep(2_000)
                }
            }
            watcher.start()
            let transport = BackupTransport(try BackupDestination("rclone:remote:"), rcloneConfig: server.config)
            let copier = BackupCopier(db: db, transports: [transport], keyPath: key, clock: SystemClock())
            let record = try #require(copier.copy(big).first)
            #expect(!server.process.isRunning, "the server was killed during the copy")
            #expect(!record.ok, "a copy cut off midway must not count as good")
            #expect(record.error.contains("rclone"), "\(record.error)")
            let names = try FileManager.default.contentsOfDirectory(atPath: served)
            #expect(!names.contains(record.name), "no copy under the final name: \(names)")
            print("server died: \(record.error)")
        }
    }
}
