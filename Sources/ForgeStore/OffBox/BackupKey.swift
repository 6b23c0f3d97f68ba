import CSodium
import Foundation

/// The key that encrypts backup copies sent off the box (issue 27; README.md,
/// "Backups off the box"): 32 random bytes for libsodium's
/// `crypto_secretstream_xchacha20poly1305`.
///
/// Kept in `--backup-key FILE` (default `/etc/forge/backup.key`, mode 0600,
/// never beside the copies) as its recovery code (``recoveryCode``: 64 hex
/// digits and a check group, in 17 groups of 4, `3f9a-…`), the form `forged backup key show` prints and
/// `forged backup key import` reads back on a new machine. Its ``id`` (the
/// first 8 hex digits of the key's SHA-256) is written in every copy's header,
/// so a copy names the key it needs.
package struct BackupKey: Sendable, Equatable {
    /// The key, `crypto_secretstream_xchacha20poly1305_KEYBYTES` (32) bytes.
    package let bytes: [UInt8]

    /// Key length in bytes.
    package static let length = 32

    /// A key of exactly ``length`` (32) bytes; any other length is a programming error and traps
    /// (``load(from:)`` and ``init(recoveryCode:)`` check the length first).
    package init(bytes: [UInt8]) {
        precondition(bytes.count == Self.length, "a backup key is 32 bytes")
        self.bytes = bytes
    }

    /// A fresh random key (`crypto_secretstream_xchacha20poly1305_keygen`).
    package static func generate() -> BackupKey {
        Sodium.initialise()
        var key = [UInt8](repeating: 0, count: length)
        crypto_secretstream_xchacha20poly1305_keygen(&key)
        return BackupKey(bytes: key)
    }

    /// 8 lowercase hex digits: the start of the key's SHA-256. Names the key
    /// in copies' headers and in messages; says nothing usable about the key.
    package var id: String { String(SHA256Stream.hex(bytes).prefix(8)) }

    /// The key file's text: a comment naming the key id, then the recovery code.
    package var fileText: String {
        """
        # forged backup key \(id): it decrypts the backup copies sent off this machine.
        # Keep this recovery code somewhere else too (printed, in a password manager):
        # without it the copies cannot be restored. `forged backup key show` prints it.
        \(recoveryCode)

        """
    }

    /// Loads the key file `path` (comment lines starting with `#` ignored).
    /// - Throws: ``BackupCopyError/keyMissing(_:)`` when the file does not
    ///   exist; ``BackupCopyError/badKey(_:)`` when it cannot be read or holds no key.
    package static func load(from path: String) throws -> BackupKey {
        guard FileManager.default.fileExists(atPath: path) else { throw BackupCopyError.keyMissing(path) }
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else {
            throw BackupCopyError.badKey("cannot read \(path): \(String(cString: strerror(errno)))")
        }
        let code = text.split(whereSeparator: \.isNewline).filter { !$0.hasPrefix("#") }.joined()
        do { return try BackupKey(recoveryCode: code) } catch let error as BackupCopyError {
            // The file named: what the code's own error says after "not a backup key: ".
            let why = error.description.replacingOccurrences(of: "not a backup key: ", with: "")
            throw BackupCopyError.badKey("\(path): \(why)")
        }
    }

    /// Writes the key to `path` with mode 0600, replacing the file atomically
    /// only when `replace` is true.
    /// - Throws: ``BackupCopyError/keyExists(_:)`` when `path` exists and
    ///   `replace` is false; ``BackupCopyError/io(_:)`` when a write fails.
    package func write(to path: String, replace: Bool = false) throws {
        if !replace && FileManager.default.fileExists(atPath: path) { throw BackupCopyError.keyExists(path) }
        // A key path in a directory that does not exist yet (a first set-up outside the package,
        // which creates /etc/forge): the directory is made, private to its owner.
        let parent = (path as NSString).deletingLastPathComponent
        if !parent.isEmpty && !FileManager.default.fileExists(atPath: parent) {
            try? FileManager.default.createDirectory(
                atPath: parent, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        }
        let temporary = path + ".tmp-\(getpid())"
        unlink(temporary)  // left by an earlier process with this pid
        let sink = try FileWriter(temporary)
        do {
            try sink.write(Array(fileText.utf8))
            try sink.finish()
        } catch {
            sink.abandon()
            throw error
        }
        if replace {
            guard rename(temporary, path) == 0 else {
                unlink(temporary)
                throw BackupCopyError.io("cannot rename to \(path): \(String(cString: strerror(errno)))")
            }
        } else {
            defer { unlink(temporary) }
            guard link(temporary, path) == 0 else {
                if errno == EEXIST { throw BackupCopyError.keyExists(path) }
                throw BackupCopyError.io("cannot create \(path): \(String(cString: strerror(errno)))")
            }
        }
    }

    /// The key in `path`, created (a fresh random key, mode 0600) when the file is missing.
    /// - Returns: the key and whether it was created now.
    /// - Throws: as ``load(from:)`` and ``write(to:replace:)``.
    package static func loadOrCreate(at path: String) throws -> (key: BackupKey, created: Bool) {
        do {
            return (try load(from: path), false)
        } catch BackupCopyError.keyMissing {
            let key = generate()
            do { try key.write(to: path) } catch BackupCopyError.keyExists {
                return (try load(from: path), false)  // another process created it first
            }
            return (key, true)
        }
    }
}

extension BackupKey {
    /// Why the user `uid` (in group `gid`) cannot read the key file at `path`, or nil when
    /// it can: the file is missing, or no read bit of stat(2)'s mode is the user's
    /// (owner, group, other; uid 0 reads anything). `forged check` asks for the service
    /// user (the state directory's owner) even when run as root; `/healthz` for itself.
    /// - Returns: `the backup key /etc/forge/backup.key (owner root:root, mode 600) cannot be
    ///   read by forge: every copy off the box fails; fix: chown forge:forge /etc/forge/backup.key`.
    package static func unreadable(at path: String, uid: uid_t, gid: gid_t) -> String? {
        var info = stat()
        guard stat(path, &info) == 0 else {
            return "the backup key \(path) is missing (\(BackupFile.errorText())): every copy off the box "
                + "fails; fix: `forged backup key import` the recovery code"
        }
        let mode = info.st_mode & 0o777
        // As the kernel decides: the owner's bits for the owner, else the group's for the group, else the others'.
        let readable: Bool
        if uid == 0 {
            readable = true
        } else if info.st_uid == uid {
            readable = mode & 0o400 != 0
        } else if info.st_gid == gid {
            readable = mode & 0o040 != 0
        } else {
            readable = mode & 0o004 != 0
        }
        guard !readable else { return nil }
        let owner = "\(AccountNames.user(info.st_uid)):\(AccountNames.group(info.st_gid))"
        let user = AccountNames.user(uid)
        return "the backup key \(path) (owner \(owner), mode \(String(mode, radix: 8))) cannot be read by \(user): "
            + "every copy off the box fails; fix: chown \(user):\(AccountNames.group(gid)) \(path)"
    }

    /// Why the secret file at `path` (the backup key, `rclone.conf`) is exposed, or nil:
    /// readable by every user of the machine (the "other" read bit of stat(2)'s mode).
    /// - Returns: `/etc/forge/backup.key is readable by every user (mode 644): anyone on this
    ///   machine can read the copies' key; fix: chmod 600 /etc/forge/backup.key`.
    package static func exposed(_ path: String, what: String) -> String? {
        var info = stat()
        guard stat(path, &info) == 0, info.st_mode & 0o004 != 0 else { return nil }
        let mode = String(info.st_mode & 0o777, radix: 8)
        return "\(path) is readable by every user (mode \(mode)): anyone on this machine can read \(what); "
            + "fix: chmod 600 \(path)"
    }
}
