import ForgeCore
import ForgeStore
import Foundation

/// The off-the-box parts of the backup commands (issue 27; README.md,
/// "Backups off the box" and "Lost the box"): copying after `forged backup`,
/// the destinations in `backup list`, `backup list --from DEST`,
/// `restore --from DEST [NAME]`, and `backup key show` / `backup key import`.
extension BackupCommands {
    /// Prints each copy of a new backup; 1 when any failed.
    func printCopies(_ copies: [BackupCopyRecord]) -> Int32 {
        var status: Int32 = 0
        for record in copies {
            if record.ok {
                print("copied to \(record.destination)\t\(record.name)\t\(record.bytes) bytes\tSHA-256 verified")
            } else {
                Forged.printError("forged: copy to \(record.destination) FAILED: \(record.error)")
                status = 1
            }
        }
        return status
    }

    /// Each destination's last good copy, its age and the last error, after the local list.
    func printCopyStates(_ db: Database) {
        guard !settings.backupCopyTo.isEmpty,
            let states = try? BackupCopyStatus.states(settings.backupCopyTo.map(\.description), in: db)
        else { return }
        let now = settings.clock.now()
        print("\ncopies off the box:")
        for state in states {
            let good =
                state.lastGood.map {
                    "last good \($0.name) at \(Instant.storage($0.finishedAt)) (\(BackupCopyStatus.ageText(state.age(now: now) ?? 0)) ago)"
                } ?? "no good copy yet"
            let last = state.lastAttempt == nil ? "" : state.ok ? "\tok" : "\tFAILED \(state.error)"
            print("\(state.destination)\t\(good)\(last)")
        }
        if let warning = BackupCopyStatus.warning(states, now: now) { print("WARNING: \(warning)") }
    }

    private func transport(_ text: String) throws -> BackupTransport {
        guard let destination = try? BackupDestination(text) else {
            throw ConfigError(
                setting: "from", message: "expected an absolute directory or rclone:REMOTE:PATH", value: text)
        }
        return BackupTransport(
            destination, requireMount: settings.backupCopyRequireMount, rcloneConfig: settings.backupRcloneConfig)
    }

    /// `forged backup list --from DEST`: the copies there, each with the time sealed into it (checked
    /// with the key here), newest first; copies nothing vouches for last, with the reason.
    func listCopies(_ from: String) throws -> Int32 {
        let source = try transport(from)
        let key = try? BackupKey.load(from: settings.backupKey)
        let copies: [SealedCopy]
        do { copies = try source.sealedCopies(key: key) } catch {
            Forged.printError("forged: cannot list \(from): \(error)")
            return 1
        }
        if copies.isEmpty { print("no copies (*.forgebak) at \(from)") }
        let here = localHousehold()
        for copy in copies {
            guard let identity = copy.identity, copy.problem == nil else {
                print("\(copy.name)\tnot vouched for: \(copy.problem ?? "unread")")
                continue
            }
            let whose =
                identity.household.isEmpty
                ? ""
                : here == nil || here == identity.household
                    ? "\thousehold \(identity.household)"
                    : "\tanother household (\(identity.household))"
            print("\(copy.name)\ttaken \(identity.createdAt) (sealed)\(whose)")
        }
        print("key here (\(settings.backupKey)): \(key.map { "backup key \($0.id)" } ?? "none")")
        return 0
    }

    /// The copy `restore --from DEST` takes with no name: the newest by sealed time among the copies
    /// whose sealed name is their name; the others are named in a warning (issue 40 item 3).
    /// - Throws: ``BackupCopyError`` when the destination cannot be listed.
    private func newestSealed(_ source: BackupTransport, key: BackupKey, from: String) throws -> String? {
        let copies = try source.sealedCopies(key: key)
        let picked = copies.first { $0.takenAt != nil }
        for copy in copies where copy.takenAt == nil {
            Forged.printError("forged: warning: passed over \(copy.name): \(copy.problem ?? "unread")")
        }
        guard let picked else {
            Forged.printError(
                copies.isEmpty
                    ? "forged: restore refused: no copies (*.forgebak) at \(from)"
                    : "forged: restore refused: no copy at \(from) is vouched for by its sealed name and this key "
                        + "(the warnings above say why: another key needs `forged backup key import` of its code)")
            return nil
        }
        print("newest sealed copy at \(from): \(picked.name), taken \(picked.identity?.createdAt ?? "")")
        return picked.name
    }

    /// `forged restore --from DEST [NAME]`: fetch, decrypt, verify, then restore as `restore FILE` does.
    func restoreCopy(_ from: String) throws -> Int32 {
        let source = try transport(from)
        let lock = try StateLock.acquire(settings.stateDir)
        defer { lock.release() }
        let key: BackupKey
        do { key = try BackupKey.load(from: settings.backupKey) } catch {
            Forged.printError("forged: restore refused: \(error)")
            return 1
        }
        let name: String
        do {
            if let wanted = command.positionals.first {
                name = wanted.hasSuffix(".forgebak") ? wanted : wanted + ".forgebak"
                // A name, never a path: the decrypted copy is written beside the backups under it.
                guard BackupDestination.backupName(ofCopy: name) != nil else {
                    Forged.printError(
                        "forged: restore refused: \"\(wanted)\" is not a copy's name: give it as `forged backup list "
                            + "--from \(from)` lists it (forge-YYYYMMDD-HHMMSS.sqlite3.forgebak), without a directory")
                    return 1
                }
            } else {
                guard let newest = try newestSealed(source, key: key, from: from) else { return 1 }
                name = newest
            }
        } catch {
            Forged.printError("forged: restore refused: cannot list \(from): \(error)")
            return 1
        }
        let directory = BackupJob.directory(forDatabase: databasePath)
        try BackupFile.makePrivateDirectory(directory)
        let fetched = directory + "/.forge-fetch-\(Identifier.make()).forgebak"
        let plain = directory + "/" + String(name.dropLast(".forgebak".count))
        defer { unlink(fetched) }
        // Decrypted under a temporary name first: a copy refused by its identity never takes a backup's name.
        let opened = plain + ".fetched"
        unlink(opened)
        defer { unlink(opened) }
        do {
            try source.fetch(name, to: fetched)
            print("fetched \(name) from \(from) (\(BackupFile.size(fetched)) bytes)")
            let identity = try BackupSeal.open(fetched, to: opened, key: key)
            print("decrypted with backup key \(key.id)")
            if let refusal = whose(identity, name: name, named: command.positionals.first != nil) {
                Forged.printError("forged: restore refused: \(refusal)")
                return 1
            }
        } catch {
            Forged.printError("forged: restore refused: \(error)")
            return 1
        }
        // The same backup is here already (not lost): restore the fetched one, keeping the local file.
        if FileManager.default.fileExists(atPath: plain) { return try restore(opened) }
        guard rename(opened, plain) == 0 else {
            Forged.printError("forged: restore refused: cannot name \(plain): \(String(cString: strerror(errno)))")
            return 1
        }
        BackupFile.matchOwner(plain, of: directory)
        print("decrypted into \(plain)")
        return try restore(plain)
    }

    /// Why the copy `name` (sealed as `identity`; nil for a format-1 copy) must not be restored here,
    /// or nil (issue 40 item 3):
    /// - its sealed name is not `name` (a renamed copy: an older one under a newer name, or any name);
    /// - an unsealed copy that was not `named` on the command line (it was picked as the newest by a
    ///   name nothing vouches for);
    /// - it is another household's and the database here holds a household (members) of its own,
    ///   unless `--other-household`; an empty state directory (the lost box) takes any.
    /// An unsealed copy restored by name is allowed with a warning.
    func whose(_ identity: CopyIdentity?, name: String, named: Bool) -> String? {
        guard let identity else {
            guard named else {
                return "\(name) has no sealed name (a copy made before forged 0.2.0): name the copy to restore "
                    + "(`forged backup list --from DEST`), after checking it is the one you mean"
            }
            Forged.printError(
                "forged: warning: \(name) has no sealed name or household (made before forged 0.2.0): restoring it as named"
            )
            return nil
        }
        guard identity.name + ".forgebak" == name else {
            return "this copy was sealed as \(identity.name).forgebak (taken \(identity.createdAt)), not \(name): "
                + "it was renamed; if it is the one you mean, rename it back to \(identity.name).forgebak at the "
                + "destination and restore it by that name"
        }
        guard command.flags["other-household"] == nil, !identity.household.isEmpty,
            let here = localHousehold(), here != identity.household
        else { return nil }
        return "this copy is another household's (\(identity.household)), and the database here holds household "
            + "\(here) with members: add --other-household to replace it with that household"
    }

    /// The household id of the database here when it holds members, else nil (none, empty, or unreadable).
    func localHousehold() -> String? {
        guard FileManager.default.fileExists(atPath: databasePath),
            let db = try? Database.openReadOnly(path: databasePath, readers: 1)
        else { return nil }
        defer {
            db.close()
            // A read as root must not leave root's -shm beside the service's database.
            for suffix in ["-wal", "-shm"] { BackupFile.matchOwner(databasePath + suffix, of: databasePath) }
        }
        let members: Int? = try? db.read {
            try $0.scalar("SELECT count(*) FROM users WHERE role IN ('admin', 'member')")
        }
        guard (members ?? 0) > 0 else { return nil }
        return (try? HouseholdIdentity.id(in: db)).flatMap { $0 }
    }

    /// `forged backup key show`.
    func showKey() throws -> Int32 {
        let key: BackupKey
        do { key = try BackupKey.load(from: settings.backupKey) } catch {
            Forged.printError("forged: \(error)")
            return 1
        }
        print(
            """
            backup key \(key.id) (\(settings.backupKey)); recovery code:

                \(key.recoveryCode)

            Copies sent off this machine (--backup-copy-to) are encrypted with this key and
            cannot be restored without it. Keep the code somewhere else: print it, or store it
            in a password manager. Keep with it what reaches the copies, as the old machine
            will not be there to copy it from: for rclone:REMOTE:PATH the remote's section of
            \(settings.backupRcloneConfig) (address, user, password or token); for a NAS share
            its .mount unit and credentials. On a new machine: forged backup key import CODE,
            make the destination reachable again, then forged restore --from DEST.
            """)
        return 0
    }

    /// `forged backup key import [CODE]` (else the first line of standard input).
    func importKey() throws -> Int32 {
        let text = command.positionals.first ?? readLine() ?? ""
        let key: BackupKey
        do { key = try BackupKey(recoveryCode: text) } catch {
            Forged.printError("forged: \(error)")
            return 1
        }
        let path = settings.backupKey
        if let existing = try? BackupKey.load(from: path) {
            if existing == key {
                print("backup key \(key.id) is already \(path)")
                return 0
            }
            let kept = path + ".old-\(existing.id)"
            guard rename(path, kept) == 0 else {
                Forged.printError(
                    "forged: cannot move the current key aside to \(kept): \(String(cString: strerror(errno)))")
                return 1
            }
            print("the previous key \(existing.id) is kept as \(kept)")
        }
        do { try key.write(to: path) } catch {
            Forged.printError("forged: \(error)")
            return 1
        }
        // Run as root (the runbook's way), the key goes to the service user, as the package's postinst does.
        BackupFile.matchOwner(path, of: settings.stateDir)
        var owner = stat()
        _ = stat(settings.stateDir, &owner)
        print("backup key \(key.id) written to \(path) (mode 0600)")
        if !BackupKey.carriesCheckGroup(text) {
            Forged.printError(
                "forged: warning: this code has 16 groups and no check group (a code printed before the check "
                    + "group, or one with a group left out): check that key id \(key.id) is the one printed beside it")
        }
        if let problem = BackupKey.unreadable(at: path, uid: owner.st_uid, gid: owner.st_gid) {
            Forged.printError("forged: warning: \(problem)")
        }
        return 0
    }
}
