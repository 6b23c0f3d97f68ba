import Foundation
import Testing

/// Issue 27 through the forged binary: `forged backup` copies off the box,
/// `backup list` shows each destination, the recovery code moves the key to
/// a new machine, `restore --from` refuses a copy made with another key
/// (naming both ids) and then restores it with the right one; `serve`
/// creates the key, copies after its catch-up backup, and reports each
/// destination honestly in /healthz and STATUS=.
@Suite(.serialized) struct LostTheBoxTests {
    var binary: String { get throws { try #require(ForgedBinary.path, "build forged first (swift build)") } }

    func forged(_ arguments: [String], input: String = "") throws -> (status: Int32, out: String, err: String) {
        try runProcess(
            try binary, arguments + ["--config", "/dev/null"], environment: cleanEnvironment(), input: input)
    }

    @Test func aCopyOffTheBoxRestoresOnANewMachineWithTheRecoveryCodeOnly() throws {
        let dir = TempDir()
        defer { dir.remove() }
        try FileManager.default.createDirectory(atPath: dir.file("nas"), withIntermediateDirectories: true)
        let old = ["--state-dir", dir.file("old"), "--backup-key", dir.file("old.key")]
        let copies = ["--backup-copy-to", dir.file("nas")]
        let added = try forged(
            ["user", "add", "ada@example.org", "--name", "Ada", "--password-stdin", "--state-dir", dir.file("old")],
            input: "correct horse battery\n")
        try #require(added.status == 0, "\(added)")
        // No key yet: the first backup with a destination makes one, as serve does, and says how to keep it.
        let keyless = try forged(["backup"] + old + copies)
        #expect(keyless.status == 0 && keyless.err.contains("created the backup key"), "\(keyless)")
        #expect(keyless.err.contains("forged backup key show"), "\(keyless.err)")
        let made = try FileManager.default.attributesOfItem(atPath: dir.file("old.key"))
        #expect((made[.posixPermissions] as? Int) == 0o600)
        // The household's own code goes back in its place (the key made first is kept beside it).
        let code = "0123-4567-89ab-cdef-0123-4567-89ab-cdef-fedc-ba98-7654-3210-fedc-ba98-7654-3210"
        #expect(try forged(["backup", "key", "import", code, "--backup-key", dir.file("old.key")]).status == 0)
        let backup = try forged(["backup"] + old + copies)
        #expect(backup.status == 0, "\(backup)")
        #expect(
            backup.out.contains("copied to \(dir.file("nas"))") && backup.out.contains("SHA-256 verified"),
            "\(backup.out)")
        let list = try forged(["backup", "list"] + old + copies)
        #expect(
            list.out.contains("copies off the box:") && list.out.contains("\(dir.file("nas"))\tlast good forge-"),
            "\(list.out)")
        #expect(list.out.contains("\tok"), "\(list.out)")
        let shown = try forged(["backup", "key", "show", "--backup-key", dir.file("old.key")])
        #expect(shown.status == 0 && shown.out.contains(code) && shown.out.contains("Keep the code somewhere else"))
        let id = try #require(shown.out.split(separator: " ").dropFirst(2).first.map(String.init))

        // The new machine: another key (as the package's postinst makes), an empty state directory.
        let new = ["--state-dir", dir.file("new"), "--backup-key", dir.file("new.key")]
        let other = "ffff-eeee-dddd-cccc-bbbb-aaaa-9999-8888-7777-6666-5555-4444-3333-2222-1111-0000"
        #expect(try forged(["backup", "key", "import", other, "--backup-key", dir.file("new.key")]).status == 0)
        let listed = try forged(["backup", "list", "--from", dir.file("nas")] + new)
        #expect(listed.status == 0 && listed.out.contains(".sqlite3.forgebak"), "\(listed)")
        let refused = try forged(["restore", "--from", dir.file("nas")] + new)
        #expect(refused.status == 1)
        #expect(
            refused.err.contains("this copy was encrypted with backup key \(id), but the key here is"), "\(refused.err)"
        )
        print("restore with another key: \(refused.err)")
        #expect(!FileManager.default.fileExists(atPath: dir.file("new/forge.sqlite3")), "nothing restored")
        let imported = try forged(["backup", "key", "import", "--backup-key", dir.file("new.key")], input: code + "\n")
        #expect(imported.status == 0 && imported.out.contains("kept as \(dir.file("new.key")).old-"), "\(imported)")
        let restored = try forged(["restore", "--from", dir.file("nas")] + new)
        #expect(restored.status == 0, "\(restored)")
        #expect(
            restored.out.contains("decrypted with backup key \(id)") && restored.out.contains("restored "),
            "\(restored.out)")
        let users = try forged(["user", "list", "--state-dir", dir.file("new")])
        #expect(users.out.contains("ada@example.org"), "\(users)")
    }

    @Test func serveCreatesTheKeyCopiesAndReportsEachDestination() async throws {
        let dir = TempDir()
        defer { dir.remove() }
        try FileManager.default.createDirectory(atPath: dir.file("nas"), withIntermediateDirectories: true)
        let listener = try NotifyListener()
        let forged = try ForgedProcess(
            [
                "serve", "--listen", "127.0.0.1:0", "--state-dir", dir.file("state"), "--config", "/dev/null",
                "--allowed-users", "ada@example.org:Ada", "--backup-key", dir.file("backup.key"),
                "--backup-copy-to", dir.file("nas"), "--backup-copy-to", "rclone:nowhere:forge",
                "--backup-rclone-config", "/dev/null",
            ], binary: try binary, environment: cleanEnvironment(["NOTIFY_SOCKET": listener.path]))
        defer { _ = forged.terminate() }
        try #require(forged.port > 0, "forged did not start: \(forged.log)")
        for _ in 0..<400 where !forged.log.contains("will be retried at") { usleep(50_000) }
        let log = forged.log
        #expect(log.contains("created the backup key "), "\(log)")
        #expect(log.contains("encrypts the copies sent off this machine") && log.contains("forged backup key show"))
        #expect(log.contains("backup copied to \(dir.file("nas")): forge-"), "\(log)")
        #expect(log.contains("<3>backup copy to rclone:nowhere:forge failed"), "\(log)")
        #expect(log.contains("backup copy to rclone:nowhere:forge will be retried at"), "\(log)")
        let mode =
            (try FileManager.default.attributesOfItem(atPath: dir.file("backup.key"))[.posixPermissions] as? NSNumber)?
            .intValue
        #expect(mode.map { $0 & 0o777 } == 0o600)

        let (_, body, _) = try await forged.fetch("/healthz")
        let health = try JSONSerialization.jsonObject(with: body) as? [String: Any] ?? [:]
        let copies = try #require(health["copies"] as? [[String: Any]], "\(health)")
        #expect(copies.count == 2)
        #expect(copies.first?["destination"] as? String == dir.file("nas") && copies.first?["ok"] as? Bool == true)
        #expect((copies.first?["last_good"] as? String)?.hasSuffix(".sqlite3.forgebak") == true, "\(copies)")
        #expect(copies.first?["age_s"] as? Int != nil && (copies.first?["error"] as? String) == "")
        #expect(copies.last?["ok"] as? Bool == false && copies.last?["last_good_at"] is NSNull, "\(copies)")
        #expect((copies.last?["error"] as? String)?.contains("rclone") == true, "\(copies)")
        #expect(health["ok"] as? Bool == true, "a failing copy does not make the server unhealthy")
        let status = listener.receive(for: 10) { $0.contains("FAILED (last good never)") }
        let line = try #require(status.last { $0.contains("STATUS=") }, "\(status)")
        #expect(
            line.contains("copies: \(dir.file("nas")) ok ")
                && line.contains("rclone:nowhere:forge FAILED (last good never)"), "\(line)")
        #expect(forged.terminate() == 0)
    }
}
