import ForgeStore
import Foundation
import Testing

@testable import ForgedKit

/// Issue 39, items 3 and 4: on a restored box the key the runbook imports as
/// root is the service's to read, `forged check` warns when it is not, the
/// status describes this box rather than the old one's ledger, and
/// `backup key show` says what to keep beside the code.
@Suite(.serialized) struct RestoredBoxTests {
    var binary: String { get throws { try #require(ForgedBinary.path, "build forged first (swift build)") } }
    let code = "0123-4567-89ab-cdef-0123-4567-89ab-cdef-fedc-ba98-7654-3210-fedc-ba98-7654-3210"
    /// The service user of these tests: nobody (65534), owner of the state directory.
    let service: (uid: uid_t, gid: gid_t) = (65534, 65534)

    func forged(_ arguments: [String], input: String = "") throws -> (status: Int32, out: String, err: String) {
        try runProcess(
            try binary, arguments + ["--config", "/dev/null"], environment: cleanEnvironment(), input: input)
    }

    @Test(.enabled(if: runsAsRoot, needsRoot)) func aKeyImportedAsRootIsTheServiceUsersAndCheckWarnsWhenItIsNot()
        throws
    {
        let dir = TempDir()
        defer { dir.remove() }
        let state = dir.file("state")
        try FileManager.default.createDirectory(atPath: state, withIntermediateDirectories: true)
        #expect(chown(state, service.uid, service.gid) == 0)
        let key = dir.file("backup.key")
        let imported = try forged(["backup", "key", "import", code, "--backup-key", key, "--state-dir", state])
        #expect(imported.status == 0 && !imported.err.contains("cannot read"), "\(imported)")
        var info = stat()
        #expect(stat(key, &info) == 0)
        #expect(info.st_uid == service.uid && info.st_gid == service.gid && info.st_mode & 0o777 == 0o600)
        #expect(BackupKey.unreadable(at: key, uid: service.uid, gid: service.gid) == nil)

        // A key left root:root 0600 (what the import wrote before): check warns, naming the fix.
        #expect(chown(key, 0, 0) == 0)
        let problem = try #require(BackupKey.unreadable(at: key, uid: service.uid, gid: service.gid))
        #expect(problem.contains("owner root:root, mode 600") && problem.contains("fix: chown "), "\(problem)")
        let check = try forged([
            "check", "--state-dir", state, "--backup-key", key, "--backup-copy-to", dir.file("nas"),
        ])
        let line = check.out.split(separator: "\n").first { $0.contains("backup-key") }.map(String.init) ?? ""
        #expect(line.hasPrefix("WARNING") && line.contains("cannot be read by"), "\(check)")
        // Without copies configured the key is not checked.
        let plain = try forged(["check", "--state-dir", state, "--backup-key", key])
        #expect(!plain.out.contains("backup-key"), "\(plain)")
        // Missing: named too.
        #expect(BackupKey.unreadable(at: dir.file("none.key"), uid: 0, gid: 0)?.contains("is missing") == true)
    }

    @Test func afterARestoreTheStatusDescribesThisBox() throws {
        let dir = TempDir()
        defer { dir.remove() }
        try FileManager.default.createDirectory(atPath: dir.file("nas"), withIntermediateDirectories: true)
        let old = ["--state-dir", dir.file("old"), "--backup-key", dir.file("old.key")]
        let copies = ["--backup-copy-to", dir.file("nas")]
        #expect(try forged(["backup", "key", "import", code, "--backup-key", dir.file("old.key")]).status == 0)
        let added = try forged(
            ["user", "add", "ada@example.org", "--name", "Ada", "--password-stdin", "--state-dir", dir.file("old")],
            input: "correct horse battery\n")
        try #require(added.status == 0, "\(added)")
        // Two backups: the second copy carries the first one's ledger rows (and its copy's), as a box's copies do.
        #expect(try forged(["backup"] + old + copies).status == 0)
        #expect(try forged(["backup"] + old + copies).status == 0)
        // The old box's ledger says ok, with a good copy.
        let before = try Database(path: dir.file("old/forge.sqlite3"), readers: 1)
        #expect(try BackupStatus.last(in: before)?.ok == true)
        #expect(try BackupCopyStatus.states([dir.file("nas")], in: before).first?.lastGood != nil)
        before.close()

        let new = ["--state-dir", dir.file("new"), "--backup-key", dir.file("old.key")]
        let restored = try forged(["restore", "--from", dir.file("nas")] + new)
        try #require(restored.status == 0, "\(restored)")
        let db = try Database(path: dir.file("new/forge.sqlite3"), readers: 1)
        defer { db.close() }
        #expect(try BackupStatus.last(in: db) == nil)
        #expect(BackupStatus.summary(db).hasPrefix("no backup since the restore at "), "\(BackupStatus.summary(db))")
        let state = try #require(try BackupCopyStatus.states([dir.file("nas")], in: db).first)
        #expect(state.lastAttempt == nil && state.lastGood == nil)
        // The old box's attempts are kept as history, with the restore after them.
        let recent = try BackupStatus.recent(5, in: db)
        #expect(recent.first?.trigger == BackupStatus.restoreTrigger && recent.count >= 2)
        // The next backup here is the last backup again.
        #expect(try forged(["backup"] + new + copies).status == 0)
        #expect(try BackupStatus.last(in: db)?.ok == true)
        #expect(try BackupCopyStatus.states([dir.file("nas")], in: db).first?.lastGood != nil)
    }

    /// Issue 40 item 3: a copy's name and household are sealed into it. A renamed copy is refused
    /// (an older one under the newest one's name, one renamed to sort first), and so is another
    /// household's copy over a household with members, unless `--other-household`.
    @Test func renamedCopiesAndAnotherHouseholdsCopyAreRefused() throws {
        let dir = TempDir()
        defer { dir.remove() }
        let nas = dir.file("nas")
        try FileManager.default.createDirectory(atPath: nas, withIntermediateDirectories: true)
        #expect(try forged(["backup", "key", "import", code, "--backup-key", dir.file("k")]).status == 0)
        let a = ["--state-dir", dir.file("a"), "--backup-key", dir.file("k")]
        let added = try forged(
            ["user", "add", "ada@example.org", "--name", "Ada", "--password-stdin", "--state-dir", dir.file("a")],
            input: "correct horse battery\n")
        try #require(added.status == 0, "\(added)")
        #expect(try forged(["backup"] + a + ["--backup-copy-to", nas]).status == 0)
        sleep(1)  // a second backup with a later name
        #expect(try forged(["backup"] + a + ["--backup-copy-to", nas]).status == 0)
        let copies = try FileManager.default.contentsOfDirectory(atPath: nas).filter { $0.hasSuffix(".forgebak") }
            .sorted()
        try #require(copies.count == 2, "\(copies)")
        let (older, newer) = (copies[0], copies[1])
        let empty = ["--state-dir", dir.file("new"), "--backup-key", dir.file("k")]

        // An older copy under the newest copy's name: refused by its sealed name.
        try FileManager.default.removeItem(atPath: nas + "/" + newer)
        try FileManager.default.copyItem(atPath: nas + "/" + older, toPath: nas + "/" + newer)
        let swapped = try forged(["restore", "--from", nas, newer] + empty)
        #expect(swapped.status == 1 && swapped.err.contains("this copy was sealed as \(older)"), "\(swapped)")
        // One renamed to sort first: refused by name, listed as not vouched for, passed over as the newest.
        let future = "forge-20991231-235959.sqlite3.forgebak"
        try FileManager.default.moveItem(atPath: nas + "/" + newer, toPath: nas + "/" + future)
        let named = try forged(["restore", "--from", nas, future] + empty)
        #expect(named.status == 1 && named.err.contains("it was renamed"), "\(named)")
        #expect(!FileManager.default.fileExists(atPath: dir.file("new/forge.sqlite3")), "nothing restored")
        let listed = try forged(["backup", "list", "--from", nas] + empty)
        let lines = listed.out.split(separator: "\n").map(String.init)
        #expect(lines.first?.hasPrefix("\(older)\ttaken 20") == true, "\(listed.out)")
        #expect(lines.first?.contains("(sealed)\thousehold ") == true, "\(listed.out)")
        #expect(
            lines.dropFirst().first?.hasPrefix("\(future)\tnot vouched for: renamed: sealed as \(older), taken 20")
                == true, "\(listed.out)")
        let newest = try forged(["restore", "--from", nas] + empty)
        #expect(newest.status == 0, "\(newest)")
        #expect(newest.out.contains("newest sealed copy at \(nas): \(older)"), "\(newest.out)")
        #expect(newest.err.contains("passed over \(future): renamed"), "\(newest.err)")
        #expect(try forged(["user", "list", "--state-dir", dir.file("new")]).out.contains("ada@example.org"))

        // Another household with members of its own: refused, then taken with --other-household.
        let b = ["--state-dir", dir.file("b"), "--backup-key", dir.file("k")]
        let ben = try forged(
            ["user", "add", "ben@example.org", "--name", "Ben", "--password-stdin", "--state-dir", dir.file("b")],
            input: "correct horse battery\n")
        try #require(ben.status == 0, "\(ben)")
        let other = try forged(["restore", "--from", nas, older] + b)
        #expect(other.status == 1 && other.err.contains("another household's"), "\(other)")
        #expect(try forged(["user", "list", "--state-dir", dir.file("b")]).out.contains("ben@example.org"))
        let taken = try forged(["restore", "--from", nas, older, "--other-household"] + b)
        #expect(taken.status == 0, "\(taken)")
        #expect(try forged(["user", "list", "--state-dir", dir.file("b")]).out.contains("ada@example.org"))
        // The lost box (an empty state directory) takes the copy by its own name.
        let lost = ["--state-dir", dir.file("lost"), "--backup-key", dir.file("k")]
        #expect(try forged(["restore", "--from", nas, older] + lost).status == 0)
    }

    @Test func keyShowSaysWhatToKeepBesideTheCode() throws {
        let dir = TempDir()
        defer { dir.remove() }
        // A 16-group code (printed before the check group) imports, with a word to compare the key id.
        let old = try forged(["backup", "key", "import", code, "--backup-key", dir.file("k")])
        #expect(old.status == 0 && old.err.contains("no check group") && old.err.contains("check that key id"))
        let shown = try forged(["backup", "key", "show", "--backup-key", dir.file("k")])
        #expect(shown.out.contains(code) && shown.out.contains("Keep with it what reaches the copies"), "\(shown)")
        #expect(shown.out.contains("/etc/forge/rclone.conf"), "\(shown)")
        // The shown code carries a 17th check group; one mistyped digit is refused and writes nothing.
        let printed = try #require(
            shown.out.firstMatch(of: try Regex("([0-9a-f]{4}-){16}[0-9a-f]{4}")).map { String($0.0) }, "\(shown)")
        #expect(printed.hasPrefix(code + "-"), "\(printed)")
        var typo = Array(printed)
        typo[21] = typo[21] == "0" ? "1" : "0"
        let refused = try forged(["backup", "key", "import", String(typo), "--backup-key", dir.file("typo")])
        #expect(refused.status == 1, "\(refused)")
        #expect(refused.err.contains("does not check out") && refused.err.contains("group 5"), "\(refused.err)")
        #expect(!FileManager.default.fileExists(atPath: dir.file("typo")))
        let checked = try forged(["backup", "key", "import", printed, "--backup-key", dir.file("typo")])
        #expect(checked.status == 0 && !checked.err.contains("warning"), "\(checked)")
    }
}
