import ForgeCore
import Foundation

/// One copy at a destination as its sealed head vouches for it (issue 40 item 3): what
/// `backup list --from` shows and what `restore --from` with no name picks from.
package struct SealedCopy: Sendable, Equatable {
    /// The file name at the destination (`forge-20261206-030000.sqlite3.forgebak`).
    package let name: String
    /// The identity authenticated from the copy's head; nil for a format-1 copy or one not read.
    package let identity: CopyIdentity?
    /// Why nothing vouches for this copy (wrong key, damaged, renamed, made before sealing, no key
    /// here), or nil when its sealed name is its name.
    package let problem: String?

    /// When its backup was taken, as sealed; nil when not vouched for.
    package var takenAt: Date? { problem == nil ? identity.flatMap { Instant.parse($0.createdAt) } : nil }
}

extension BackupTransport {
    /// Each copy here, read from its first ``BackupSeal/headLength`` bytes and authenticated with
    /// `key` (nil: none here, nothing checked). Order: vouched copies by sealed time, newest first,
    /// then the rest newest name first.
    /// - Throws: ``BackupCopyError`` when the destination cannot be listed; a copy that cannot be
    ///   read is listed with the reason as its ``SealedCopy/problem``.
    package func sealedCopies(key: BackupKey?) throws -> [SealedCopy] {
        try list().map { name in
            guard let key else {
                return SealedCopy(name: name, identity: nil, problem: "not checked: no backup key here")
            }
            do {
                let head = try head(name, count: BackupSeal.headLength)
                guard let identity = try BackupSeal.identity(head: head, name: name, key: key) else {
                    return SealedCopy(
                        name: name, identity: nil,
                        problem: "no sealed name (made before forged 0.2.0): restores only by name")
                }
                guard identity.name + ".forgebak" == name else {
                    return SealedCopy(
                        name: name, identity: identity,
                        problem: "renamed: sealed as \(identity.name).forgebak, taken \(identity.createdAt)")
                }
                return SealedCopy(name: name, identity: identity, problem: nil)
            } catch {
                return SealedCopy(name: name, identity: nil, problem: "\(error)")
            }
        }
        .enumerated()
        .sorted { a, b in
            switch (a.element.takenAt, b.element.takenAt) {
            case (let x?, let y?): return x != y ? x > y : a.offset < b.offset
            case (.some, nil): return true
            case (nil, .some): return false
            case (nil, nil): return a.offset < b.offset
            }
        }
        .map(\.element)
    }
}
