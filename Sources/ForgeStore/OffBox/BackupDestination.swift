import ForgeCore
import Foundation

/// Where backup copies go off the box (`--backup-copy-to DEST`, issue 27):
/// a directory (a NAS share mounted by systemd, a USB disk) or
/// `rclone:REMOTE:PATH`, through Debian's `rclone` with forged's own config
/// file (`/etc/forge/rclone.conf`). Copies are named `<local backup>.forgebak`,
/// directly in the directory or under PATH.
package struct BackupDestination: Sendable, Hashable, CustomStringConvertible {
    /// Where the copies go: a local directory or an rclone remote.
    package enum Kind: Sendable, Hashable {
        /// An absolute directory path.
        case directory(String)
        /// An rclone remote (its name in the config file) and a path on it (may be empty).
        case rclone(remote: String, path: String)
    }

    /// The parsed destination.
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
