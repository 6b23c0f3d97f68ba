/// Why a backup copy off the box, its key or its restore failed; each
/// description is one sentence an operator can act on.
package enum BackupCopyError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The key file does not exist (path).
    case keyMissing(String)
    /// The key file exists already and would be replaced (path).
    case keyExists(String)
    /// A key file that is not one.
    case badKey(String)
    /// A recovery code typed back that is not 64 or 68 hex digits: how many characters were left
    /// once spaces and dashes were dropped, and whether all of them were hex digits 0-9, a-f.
    case recoveryCodeLength(characters: Int, allHex: Bool)
    /// A 68-digit recovery code whose check group does not match: the one group (1…17) a single
    /// digit's change would fix, when only one would.
    case recoveryCodeCheck(suspectGroup: Int?)
    /// The copy was made with another key: (the copy's key id, the key id at hand).
    case wrongKey(needs: String, have: String)
    /// The file is not a forged backup copy (no `FORGEBAK` header).
    case notACopy(String)
    /// The copy's bytes fail authentication or end early (truncated, altered).
    case damaged(String)
    /// A local file step failed.
    case io(String)
    /// The destination is a directory that should be a mounted filesystem and is not.
    case notMounted(String)
    /// The destination refused or failed the copy (unreachable, credentials, full).
    case destination(String)
    /// The copy read back does not match what was sent: (expected, got) SHA-256.
    case mismatch(expected: String, got: String)

    package var description: String {
        switch self {
        case .keyMissing(let path):
            return "no backup key at \(path); put the recovery code back with `forged backup key import`"
        case .keyExists(let path): return "\(path) exists already; it was not replaced"
        case .badKey(let why): return "not a backup key: \(why)"
        case .recoveryCodeLength(let characters, let allHex):
            return "not a backup key: a recovery code is 68 hex digits (0-9, a-f) in 17 groups of 4 (64 in 16 "
                + "for codes printed before forged 0.2.0); got \(characters) characters"
                + (allHex ? "" : ", not all of them 0-9 or a-f")
        case .recoveryCodeCheck(let group):
            return "not a backup key: the recovery code does not check out: a digit is mistyped or two are swapped"
                + (group.map { " (look at group \($0))" } ?? "") + "; compare each group with the code as printed"
        case .wrongKey(let needs, let have):
            return
                "this copy was encrypted with backup key \(needs), but the key here is \(have); import that key's recovery code with `forged backup key import`"
        case .notACopy(let what): return "\(what) is not a forged backup copy (.forgebak)"
        case .damaged(let why): return "the copy is damaged: \(why)"
        case .io(let why): return why
        case .notMounted(let path):
            return
                "\(path) is not a mounted filesystem (--backup-copy-require-mount); nothing was copied onto the disk beneath it"
        case .destination(let why): return why
        case .mismatch(let expected, let got):
            return "the copy read back has SHA-256 \(got), not \(expected) as sent"
        }
    }
}
