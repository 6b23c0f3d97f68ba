import ForgeCore
import Foundation

/// The operations a copy needs from a destination; each throws
/// ``BackupCopyError`` naming what went wrong.
package struct BackupTransport: Sendable {
    /// Where the copies go.
    package let destination: BackupDestination
    /// `--backup-copy-require-mount`: a directory destination must be a mount point.
    package let requireMount: Bool
    /// rclone's config file (`/etc/forge/rclone.conf`).
    package let rcloneConfig: String
    /// Seconds an rclone command may run before it is killed.
    package var rcloneTimeout: Double = 1800

    /// A transport to `destination`; see the properties.
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
        let copies = names.compactMap { name in
            BackupDestination.backupName(ofCopy: name).map { (name: name, backup: $0) }
        }
        return copies.sorted { $0.backup > $1.backup }.map(\.name)
    }

    /// The first `count` bytes of the copy `name` (fewer when it is shorter), without fetching the
    /// rest: enough for ``BackupSeal/identity(head:name:key:)`` (for rclone, `rclone cat --count`).
    /// - Throws: ``BackupCopyError/io(_:)`` when a directory's copy cannot be read;
    ///   ``BackupCopyError/destination(_:)`` when rclone fails.
    package func head(_ name: String, count: Int) throws -> [UInt8] {
        switch destination.kind {
        case .directory(let path):
            let reader = try FileReader(path + "/" + name)
            defer { reader.close() }
            return try reader.read(count)
        case .rclone:
            return try rcloneBytes(["cat", "--count", String(count), remotePath(name)]).output
        }
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
}
