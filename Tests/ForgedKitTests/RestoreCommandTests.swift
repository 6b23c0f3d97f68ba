import ForgeStore
import Foundation
import Testing

@testable import ForgedKit

/// `forged backup` and `forged restore` through `Forged.main`, as an operator runs them.
@Suite(.serialized) struct RestoreCommandTests {
    let env = ["FORGE_TEST_PASSWORD_COST": "minimum"]

    /// A state directory with a migrated database holding `rows` metric rows.
    func stateDir(_ dir: TempDir, users: Int) throws -> String {
        let state = dir.file("state")
        try FileManager.default.createDirectory(atPath: state, withIntermediateDirectories: true)
        let db = try Database(path: state + "/forge.sqlite3")
        defer { db.close() }
        try ForgeSchema.migrator().migrate(db, now: Date())
        try db.write { c in
            for i in 0..<users {
                try c.execute(
                    "INSERT INTO users (id, email, name, role, created_at) VALUES (?, ?, 'U', 'member', 'x')",
                    ["u\(i)", "u\(i)@example.org"])
            }
        }
        return state
    }

    func userCount(_ state: String) throws -> Int {
        let db = try Database(path: state + "/forge.sqlite3", readers: 1)
        defer { db.close() }
        return try db.read { try $0.scalar("SELECT count(*) FROM users") } ?? -1
    }

    @Test func backupThenRestoreThroughTheCommandLine() throws {
        let dir = TempDir()
        defer { dir.remove() }
        let state = try stateDir(dir, users: 2)
        let output = dir.file("copy.sqlite3")
        #expect(
            Forged.main(
                ["backup", "--state-dir", state, "--output", output, "--config", "/dev/null"], environment: env) == 0)
        #expect(Forged.main(["backup", "--state-dir", state, "--config", "/dev/null"], environment: env) == 0)
        #expect(Forged.main(["backup", "list", "--state-dir", state, "--config", "/dev/null"], environment: env) == 0)
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: state + "/backups").filter {
                BackupName(fileName: $0) != nil
            }.count == 1)
        // Change the live database, then restore the copy.
        let db = try Database(path: state + "/forge.sqlite3")
        try db.write { try $0.execute("DELETE FROM users") }
        db.close()
        #expect(try userCount(state) == 0)
        #expect(Forged.main(["restore", output, "--state-dir", state, "--config", "/dev/null"], environment: env) == 0)
        #expect(try userCount(state) == 2)
        let safety = try FileManager.default.contentsOfDirectory(atPath: state + "/backups").filter {
            $0.hasPrefix("pre-restore-")
        }
        #expect(safety.count == 1)
    }

    @Test func restoreIsRefusedWhileTheStateDirectoryIsLocked() throws {
        let dir = TempDir()
        defer { dir.remove() }
        let state = try stateDir(dir, users: 2)
        let output = dir.file("copy.sqlite3")
        #expect(
            Forged.main(
                ["backup", "--state-dir", state, "--output", output, "--config", "/dev/null"], environment: env) == 0)
        let db = try Database(path: state + "/forge.sqlite3")
        try db.write { try $0.execute("DELETE FROM users WHERE id = 'u0'") }
        db.close()

        let serving = try StateLock.acquire(state)  // what `forged serve` holds
        #expect(throws: StateLockError.self) { try StateLock.acquire(state) }
        #expect(
            Forged.main(["restore", output, "--state-dir", state, "--config", "/dev/null"], environment: env)
                == ExitStatus.stateDirectoryInUse)
        #expect(try userCount(state) == 1)
        // Refused before the safety copy: nothing new in the backups directory.
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: state + "/backups").filter {
                $0.hasPrefix("pre-restore-")
            }.isEmpty)
        serving.release()
        #expect(Forged.main(["restore", output, "--state-dir", state, "--config", "/dev/null"], environment: env) == 0)
        #expect(try userCount(state) == 2)
    }

    @Test func aCorruptFileIsRefusedByTheCommand() throws {
        let dir = TempDir()
        defer { dir.remove() }
        let state = try stateDir(dir, users: 3)
        let bad = try dir.write("bad.sqlite3", "SQLite format 3\u{0}" + String(repeating: "garbage", count: 500))
        let before = try Data(contentsOf: URL(fileURLWithPath: state + "/forge.sqlite3"))
        #expect(Forged.main(["restore", bad, "--state-dir", state, "--config", "/dev/null"], environment: env) == 1)
        #expect(try Data(contentsOf: URL(fileURLWithPath: state + "/forge.sqlite3")) == before)
        #expect(
            Forged.main(
                ["restore", dir.file("missing.sqlite3"), "--state-dir", state, "--config", "/dev/null"],
                environment: env) == 1)
    }
}
