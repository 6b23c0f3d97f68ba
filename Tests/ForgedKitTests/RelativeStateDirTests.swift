import ForgeStore
import Foundation
import Testing

/// A relative `--state-dir` through the forged binary: the backup ledger keeps
/// absolute paths, so the next forged finds the file whatever directory it
/// starts in, and `/healthz` and `STATUS=` name only backups in their own state
/// directory, not those of the directory a restored database came from.
@Suite(.serialized) struct RelativeStateDirTests {
    var binary: String { get throws { try #require(ForgedBinary.path, "build forged first (swift build)") } }

    func forged(_ arguments: [String], in directory: String, input: String = "") throws -> (
        status: Int32, out: String, err: String
    ) {
        try runProcess(
            try binary, arguments + ["--config", "/dev/null"],
            environment: cleanEnvironment(["FORGE_TEST_PASSWORD_COST": "minimum"]), input: input,
            directory: directory)
    }

    func serve(_ stateDir: String, in directory: String) throws -> ForgedProcess {
        try ForgedProcess(
            [
                "serve", "--listen", "127.0.0.1:0", "--state-dir", stateDir, "--dev-auth", "--config", "/dev/null",
                "--allowed-users", "ada@example.org:Ada",
            ], binary: try binary, environment: cleanEnvironment(), directory: directory)
    }

    /// `/healthz`'s `backup` object.
    func backupHealth(_ forged: ForgedProcess) async throws -> [String: Any] {
        let (status, body, _) = try await forged.fetch("/healthz")
        #expect(status == 200)
        let health = try JSONSerialization.jsonObject(with: body) as? [String: Any] ?? [:]
        return try #require(health["backup"] as? [String: Any], "\(health)")
    }

    @Test func theLedgerKeepsAbsolutePathsAndHealthzNamesOnlyItsOwnBackups() async throws {
        let dir = TempDir()
        defer { dir.remove() }
        try FileManager.default.createDirectory(atPath: dir.file("home"), withIntermediateDirectories: true)
        // The child's working directory as getcwd(3) gives it (the temporary folder may sit behind a link).
        let home = URL(fileURLWithPath: dir.file("home")).resolvingSymlinksInPath().path
        let added = try forged(
            ["user", "add", "ada@example.org", "--name", "Ada", "--password-stdin", "--state-dir", "state"], in: home,
            input: "correct horse battery\n")
        try #require(added.status == 0, "\(added)")
        let first = try forged(["backup", "--state-dir", "state"], in: home)
        let second = try forged(["backup", "--state-dir", "state"], in: home)
        try #require(first.status == 0 && second.status == 0, "\(first) \(second)")
        let firstFile = String(first.out.split(separator: "\t").first ?? "")
        let secondFile = String(second.out.split(separator: "\t").first ?? "")
        #expect(firstFile.hasPrefix(home + "/state/backups/forge-"), "\(first.out)")
        #expect(secondFile.hasPrefix(home + "/state/backups/forge-"), "\(second.out)")
        let stateDB = try Database(path: home + "/state/forge.sqlite3", readers: 1)
        #expect(try BackupStatus.recent(5, in: stateDB).map(\.file) == [secondFile, firstFile])
        stateDB.close()

        // The same state directory served by its absolute path from elsewhere names its newest backup.
        let elsewhere = try serve(home + "/state", in: dir.path)
        do {
            defer { _ = elsewhere.terminate() }
            try #require(elsewhere.port > 0, "forged did not start: \(elsewhere.log)")
            let backup = try await backupHealth(elsewhere)
            #expect(backup["ok"] as? Bool == true)
            #expect(backup["file"] as? String == (secondFile as NSString).lastPathComponent, "\(backup)")
        }

        // The second backup restored into another relative state directory carries the first
        // one's ledger row, which names a file in state/backups: kept as history, but the status
        // describes this directory from the restore on (issue 39).
        let restored = try forged(
            ["restore", "state/backups/" + (secondFile as NSString).lastPathComponent, "--state-dir", "restored"],
            in: home)
        try #require(restored.status == 0, "\(restored)")
        let restoredDB = try Database(path: home + "/restored/forge.sqlite3", readers: 1)
        #expect(try BackupStatus.recent(5, in: restoredDB).map(\.file).contains(firstFile))
        #expect(try BackupStatus.last(in: restoredDB) == nil)
        #expect(
            BackupStatus.summary(restoredDB).hasPrefix("no backup since the restore at "),
            "\(BackupStatus.summary(restoredDB))")
        restoredDB.close()
        sleep(1)  // a catch-up backup in the same second as the first would share its name (names have seconds)
        let served = try serve("restored", in: home)
        defer { _ = served.terminate() }
        try #require(served.port > 0, "forged did not start: \(served.log)")
        let (status, body, _) = try await served.fetch("/healthz")
        let health = try #require(try JSONSerialization.jsonObject(with: body) as? [String: Any])
        #expect(status == 200 && health["ok"] as? Bool == true, "\(health)")
        // Its own catch-up backup, in restored/backups, or none yet (null): never the other directory's file.
        let backup = health["backup"] as? [String: Any] ?? [:]
        let file = backup["file"] as? String ?? ""
        #expect(
            file.isEmpty || FileManager.default.fileExists(atPath: home + "/restored/backups/" + file), "\(backup)")
        #expect(file != (firstFile as NSString).lastPathComponent, "\(backup)")
        #expect(FileManager.default.fileExists(atPath: firstFile), "the first backup is still there, elsewhere")
    }
}
