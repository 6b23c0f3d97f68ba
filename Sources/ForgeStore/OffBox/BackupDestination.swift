import ForgeCore
import Foundation

/// Where backup copies go off the box (`--backup-copy-to DEST`, issue 27):
/// a directory (a NAS share mounted by systemd, a USB disk) or
/// `rclone:REMOTE:PATH`, through Debian's `rclone` with forged's own config
/// file (`/etc/forge/rclone.conf`). Copies are named `<local backup>.forgebak`,
/// directly in the directory or under PATH.
package struct BackupDestination: Sendable, Hashable, CustomStringConvertible {
    package enum Kind: Sendable, Hashable {
        /// An absolute directory path.
        case directory(String)
        /// An rclone remote (its name in the config file) and a path on it (may be empty).
        case rclone(remote: String, path: String)
    }

    package let kind: Kind
    /// The destination as configured (`/mnt/nas/forge`, `rclone:b2:household/forge`).
    package let description: String

    /// Parses `--backup-copy-to`'s value.
    /// - Throws: ``BackupCopyError/destination(_:)`` for a relative path or an
    ///   `rclone:` value without a remote name.
    package init(_ text: String) throws {
        description = text
        if text.hasPrefix("rclone:") {
            let rest = text.dropFirst("rclone:".count)
            guard let colon = rest.firstIndex(of: ":"), colon != rest.startIndex else {
                throw BackupCopyError.destination(
                    "\(text): an rclone destination is rclone:REMOTE:PATH, REMOTE named in the rclone config file")
            }
            kind = .rclone(remote: String(rest[..<colon]), path: String(rest[rest.index(after: colon)...]))
        } else {
            guard text.hasPrefix("/") else {
                throw BackupCopyError.destination(
                    "\(text): a copy destination is an absolute directory or rclone:REMOTE:PATH")
            }
            kind = .directory(text.count > 1 && text.hasSuffix("/") ? String(text.dropLast()) : text)
        }
    }

    /// The copy's file name for the local backup `file`: its name plus `.forgebak`.
    package static func copyName(of file: String) -> String { (file as NSString).lastPathComponent + ".forgebak" }

    /// The local backup name a copy's name stands for, when it is one.
    package static func backupName(ofCopy name: String) -> BackupName? {
        guard name.hasSuffix(".forgebak") else { return nil }
        return BackupName(fileName: String(name.dropLast(".forgebak".count)))
    }
}

/// The operations a copy needs from a destination; each throws
/// ``BackupCopyError`` naming what went wrong.
package struct BackupTransport: Sendable {
    package let destination: BackupDestination
    /// `--backup-copy-require-mount`: a directory destination must be a mount point.
    package let requireMount: Bool
    /// rclone's config file (`/etc/forge/rclone.conf`).
    package let rcloneConfig: String
    /// Seconds an rclone command may run before it is killed.
    package var rcloneTimeout: Double = 1800

    package init(_ destination: BackupDestination, requireMount: Bool = false, rcloneConfig: String) {
        self.destination = destination
        self.requireMount = requireMount
        self.rcloneConfig = rcloneConfig
    }

    /// Checks the destination is there (and mounted, when required).
    package func ready() throws {
        switch destination.kind {
        case .directory(let path):
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue
            else { throw BackupCopyError.destination("\(path) is not a directory (not mounted, or missing)") }
            if requireMount && !Self.isMountPoint(path) { throw BackupCopyError.notMounted(path) }
        case .rclone:
            _ = try rcloneBinary()
        }
    }

    /// Whether `path` is the root of a mounted filesystem (mountpoint(1)'s
    /// test: its device differs from its parent's, or it is its parent's inode).
    package static func isMountPoint(_ path: String) -> Bool {
        var this = stat()
        var parent = stat()
        guard stat(path, &this) == 0, stat(path + "/..", &parent) == 0 else { return false }
        return this.st_dev != parent.st_dev || this.st_ino == parent.st_ino
    }

    /// Sends the local file `local` as `name`: written under a temporary name,
    /// flushed, then renamed, so a copy cut off midway never has the final name.
    package func put(_ local: String, as name: String) throws {
        try ready()
        switch destination.kind {
        case .directory(let path):
            let temporary = path + "/.\(name).tmp"
            unlink(temporary)
            do {
                try copyFile(local, to: temporary)
            } catch {
                unlink(temporary)
                throw error
            }
            guard rename(temporary, path + "/" + name) == 0 else {
                let reason = String(cString: strerror(errno))
                unlink(temporary)
                throw BackupCopyError.destination("cannot name \(path)/\(name): \(reason)")
            }
            syncDirectory(path)
        case .rclone:
            let partial = ".\(name).partial"
            try rclone(["copyto", local, remotePath(partial)])
            try rclone(["moveto", remotePath(partial), remotePath(name)])
        }
    }

    /// The SHA-256 (hex) of the copy `name` as the destination holds it,
    /// read back in full (for rclone, `rclone hashsum sha256 --download`).
    package func sha256(of name: String) throws -> String {
        switch destination.kind {
        case .directory(let path):
            // Drop the file's cached pages first where the kernel allows, so the read goes to the device.
            let fd = open(path + "/" + name, O_RDONLY | O_CLOEXEC)
            if fd >= 0 {
                _ = posix_fadvise(fd, 0, 0, POSIX_FADV_DONTNEED)
                close(fd)
            }
            do { return try SHA256Stream.file(path + "/" + name) } catch {
                throw BackupCopyError.destination("cannot read the copy back: \(error)")
            }
        case .rclone:
            let output = try rclone(["hashsum", "sha256", "--download", remotePath(name)])
            guard let hash = output.split(whereSeparator: \.isWhitespace).first, hash.count == 64 else {
                throw BackupCopyError.destination("rclone hashsum gave no SHA-256 for \(name): \(output.prefix(200))")
            }
            return String(hash).lowercased()
        }
    }

    /// The copies (`*.forgebak`) at the destination, newest first.
    package func list() throws -> [String] {
        try ready()
        let names: [String]
        switch destination.kind {
        case .directory(let path):
            do { names = try FileManager.default.contentsOfDirectory(atPath: path) } catch {
                throw BackupCopyError.destination("cannot list \(path): \(error.localizedDescription)")
            }
        case .rclone:
            names = try rclone(["lsf", "--files-only", remotePath("")]).split(whereSeparator: \.isNewline).map(
                String.init)
        }
        return names.filter { BackupDestination.backupName(ofCopy: $0) != nil }
            .sorted { BackupDestination.backupName(ofCopy: $0)! > BackupDestination.backupName(ofCopy: $1)! }
    }

    /// Removes the copy `name`.
    package func delete(_ name: String) throws {
        switch destination.kind {
        case .directory(let path):
            guard unlink(path + "/" + name) == 0 || errno == ENOENT else {
                throw BackupCopyError.destination("cannot remove \(path)/\(name): \(String(cString: strerror(errno)))")
            }
        case .rclone:
            try rclone(["deletefile", remotePath(name)])
        }
    }

    /// Fetches the copy `name` into the new local file `local`.
    package func fetch(_ name: String, to local: String) throws {
        switch destination.kind {
        case .directory(let path):
            guard FileManager.default.fileExists(atPath: path + "/" + name) else {
                throw BackupCopyError.destination("\(path) has no copy named \(name)")
            }
            try copyFile(path + "/" + name, to: local)
        case .rclone:
            try rclone(["copyto", remotePath(name), local])
            guard FileManager.default.fileExists(atPath: local) else {
                throw BackupCopyError.destination("\(destination) has no copy named \(name)")
            }
        }
    }

    // MARK: directory

    private func copyFile(_ source: String, to target: String) throws {
        let reader = try FileReader(source)
        defer { reader.close() }
        let writer: FileWriter
        do { writer = try FileWriter(target) } catch {
            throw BackupCopyError.destination("\(error)")
        }
        do {
            while true {
                let piece = try reader.read(1 << 20)
                if piece.isEmpty { break }
                try writer.write(piece)
            }
            try writer.finish()
        } catch {
            writer.abandon()
            throw BackupCopyError.destination("\(error)")
        }
    }

    private func syncDirectory(_ path: String) {
        let fd = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if fd >= 0 {
            fsync(fd)
            close(fd)
        }
    }

    // MARK: rclone

    private func remotePath(_ name: String) -> String {
        guard case .rclone(let remote, let path) = destination.kind else { return name }
        let base = path.isEmpty ? "" : (path.hasSuffix("/") ? path : path + "/")
        return "\(remote):\(base)\(name)"
    }

    private func rcloneBinary() throws -> String {
        for candidate in ["/usr/bin/rclone", "/usr/local/bin/rclone"]
        where FileManager.default.isExecutableFile(atPath: candidate) {
            return candidate
        }
        throw BackupCopyError.destination(
            "\(destination) needs rclone, which is not installed: apt-get install rclone")
    }

    /// Runs rclone with forged's config file, one try per operation (forged
    /// retries the whole copy later); returns its standard output.
    @discardableResult
    private func rclone(_ arguments: [String]) throws -> String {
        let binary = try rcloneBinary()
        let fixed = [
            "--config", rcloneConfig, "--retries", "1", "--low-level-retries", "2", "--contimeout", "15s",
            "--timeout", "60s", "--use-json-log", "--log-level", "ERROR",
        ]
        let result: ProcessResult
        do {
            result = try ChildProcess.run(binary, fixed + arguments, timeout: rcloneTimeout)
        } catch {
            throw BackupCopyError.destination("\(destination): rclone did not run: \(error)")
        }
        guard result.status == 0 else {
            throw BackupCopyError.destination(
                "\(destination): rclone \(arguments[0]) failed (exit \(result.status)): \(Self.rcloneMessage(result.err))"
            )
        }
        return result.out
    }

    /// rclone's JSON log lines reduced to their messages, one line.
    static func rcloneMessage(_ log: String) -> String {
        let messages = log.split(whereSeparator: \.isNewline).map { line -> String in
            if let data = line.data(using: .utf8),
                let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
                let message = object["msg"] as? String
            {
                return message.trimmingCharacters(in: .whitespaces)
            }
            return String(line)
        }
        let text = messages.suffix(3).joined(separator: "; ")
        return text.isEmpty ? "no message" : String(text.prefix(400))
    }
}
