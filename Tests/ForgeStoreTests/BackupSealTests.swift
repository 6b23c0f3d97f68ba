import Foundation
import Testing

@testable import ForgeStore

/// The encrypted copy format (issue 27 item 3): a round trip gives the same
/// bytes; a copy made with one key is refused with another, naming both ids;
/// a truncated, altered or foreign file is refused, never decrypted to garbage.
@Suite struct BackupSealTests {
    static let identity = CopyIdentity(
        household: "h0usehold-1d", createdAt: "2026-12-06T03:00:00.000Z", name: "forge-20261206-030000.sqlite3")

    /// A file of `count` pseudo-random bytes.
    func sample(_ dir: String, _ count: Int) throws -> String {
        var generator = SystemRandomNumberGenerator()
        let bytes = (0..<count).map { _ in UInt8.random(in: 0...255, using: &generator) }
        let path = dir + "/plain-\(count)"
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    @Test(arguments: [0, 1, BackupSeal.chunk - 1, BackupSeal.chunk, 3 * BackupSeal.chunk + 17])
    func aSealedCopyOpensToTheSameBytes(size: Int) throws {
        try withTemporaryDirectory { dir in
            let plain = try sample(dir, size)
            let key = BackupKey.generate()
            let sealed = try BackupSeal.seal(plain, to: dir + "/copy.forgebak", key: key, identity: Self.identity)
            #expect(sealed.bytes == BackupFile.size(dir + "/copy.forgebak"))
            #expect(sealed.sha256 == (try SHA256Stream.file(dir + "/copy.forgebak")))
            #expect(try fileMode(dir + "/copy.forgebak") == 0o600)
            #expect(try BackupSeal.keyID(of: dir + "/copy.forgebak") == key.id)
            // The identity comes back authenticated.
            #expect(try BackupSeal.open(dir + "/copy.forgebak", to: dir + "/opened", key: key) == Self.identity)
            #expect(
                FileManager.default.contents(atPath: dir + "/opened") == FileManager.default.contents(atPath: plain))
            // Not plain text inside.
            if size > 64 {
                let copy = try #require(FileManager.default.contents(atPath: dir + "/copy.forgebak"))
                let original = try #require(FileManager.default.contents(atPath: plain))
                #expect(copy.range(of: original.prefix(64)) == nil)
            }
        }
    }

    @Test func aCopyMadeWithOneKeyIsRefusedWithAnotherNamingBoth() throws {
        try withTemporaryDirectory { dir in
            let plain = try sample(dir, 100_000)
            let right = BackupKey.generate()
            let wrong = BackupKey.generate()
            try BackupSeal.seal(plain, to: dir + "/copy.forgebak", key: right, identity: Self.identity)
            let error = #expect(throws: BackupCopyError.self) {
                try BackupSeal.open(dir + "/copy.forgebak", to: dir + "/opened", key: wrong)
            }
            #expect(error == .wrongKey(needs: right.id, have: wrong.id))
            let text = "\(error!)"
            #expect(text.contains("encrypted with backup key \(right.id), but the key here is \(wrong.id)"), "\(text)")
            #expect(text.contains("forged backup key import"))
            #expect(!FileManager.default.fileExists(atPath: dir + "/opened"), "nothing is written with a wrong key")
            print("wrong key: \(text)")
        }
    }

    @Test func aTruncatedOrAlteredCopyIsRefusedAndLeavesNothing() throws {
        try withTemporaryDirectory { dir in
            let plain = try sample(dir, 200_000)
            let key = BackupKey.generate()
            try BackupSeal.seal(plain, to: dir + "/copy.forgebak", key: key, identity: Self.identity)
            var bytes = try #require(FileManager.default.contents(atPath: dir + "/copy.forgebak"))
            // Cut at a piece boundary: every piece left authenticates, the final tag is missing.
            let sealedPrefix = BackupSeal.prefixLength + 2 + Self.identity.bytes.count
            let boundary = sealedPrefix + BackupSeal.headerBytes + BackupSeal.chunk + BackupSeal.aBytes
            try bytes.prefix(boundary).write(to: URL(fileURLWithPath: dir + "/cut.forgebak"))
            #expect(throws: BackupCopyError.damaged("it ends before its final piece (truncated)")) {
                try BackupSeal.open(dir + "/cut.forgebak", to: dir + "/cut.out", key: key)
            }
            #expect(!FileManager.default.fileExists(atPath: dir + "/cut.out"))
            bytes[bytes.count / 2] ^= 0x01
            try bytes.write(to: URL(fileURLWithPath: dir + "/altered.forgebak"))
            #expect(throws: BackupCopyError.damaged("a piece fails authentication (altered, or cut short)")) {
                try BackupSeal.open(dir + "/altered.forgebak", to: dir + "/altered.out", key: key)
            }
            #expect(!FileManager.default.fileExists(atPath: dir + "/altered.out"))
            // The sealed name cannot be changed unseen (issue 40 item 3): same length, another name.
            var renamed = try #require(FileManager.default.contents(atPath: dir + "/copy.forgebak"))
            let at = try #require(renamed.range(of: Data("forge-20261206-030000".utf8)))
            renamed.replaceSubrange(at, with: Data("forge-20991231-235959".utf8))
            try renamed.write(to: URL(fileURLWithPath: dir + "/renamed.forgebak"))
            #expect(throws: BackupCopyError.damaged("a piece fails authentication (altered, or cut short)")) {
                try BackupSeal.open(dir + "/renamed.forgebak", to: dir + "/renamed.out", key: key)
            }
            #expect(throws: BackupCopyError.notACopy("plain-200000")) {
                try BackupSeal.open(plain, to: dir + "/x", key: key)
            }
            // Its head alone vouches for the identity, and refuses the renamed one the same way.
            let head = { (file: String) in
                try FileHandle(forReadingFrom: URL(fileURLWithPath: dir + "/" + file)).readData(
                    ofLength: BackupSeal.headLength)
            }
            #expect(
                try BackupSeal.identity(head: [UInt8](head("copy.forgebak")), name: "copy", key: key) == Self.identity)
            #expect(throws: BackupCopyError.damaged("a piece fails authentication (altered, or cut short)")) {
                try BackupSeal.identity(head: [UInt8](head("renamed.forgebak")), name: "renamed", key: key)
            }
            let other = BackupKey.generate()
            #expect(throws: BackupCopyError.wrongKey(needs: key.id, have: other.id)) {
                try BackupSeal.identity(head: [UInt8](head("copy.forgebak")), name: "copy", key: other)
            }
        }
    }

    @Test func theRecoveryCodeRoundTrips() throws {
        let key = BackupKey.generate()
        let code = key.recoveryCode
        #expect(code.count == 68 + 16 && code.split(separator: "-").count == 17)
        #expect(try BackupKey(recoveryCode: code.uppercased().replacingOccurrences(of: "-", with: " ")) == key)
        #expect(throws: BackupCopyError.self) { try BackupKey(recoveryCode: "1234-abcd") }
        let fullwidth = "\u{FF11}" + code.dropFirst()  // FULLWIDTH DIGIT ONE: Character.isHexDigit says yes
        #expect(throws: BackupCopyError.recoveryCodeLength(characters: 68, allHex: false)) {
            try BackupKey(recoveryCode: fullwidth)
        }
        #expect(
            BackupCopyError.recoveryCodeLength(characters: 68, allHex: false).description.hasSuffix(
                "got 68 characters, not all of them 0-9 or a-f"))
        // A code printed before the check group (16 groups) still imports.
        #expect(try BackupKey(recoveryCode: String(code.prefix(64 + 15))) == key)
    }

    /// Issue 41 item 13: every single wrong digit and every swap of two neighbouring different
    /// digits is refused, in the key's groups and in the check group alike.
    @Test func aMistypedRecoveryCodeIsRefusedNamingTheGroup() throws {
        for _ in 0..<2 {
            let key = BackupKey.generate()
            let digits = Array(key.recoveryCode.filter { $0 != "-" })
            var refused = 0
            var named = 0
            for index in digits.indices {
                // Every wrong digit in four groups (a key group and the check group among them); one elsewhere.
                let wrong = Array("0123456789abcdef").filter { $0 != digits[index] }
                for replacement in [1, 5, 9, 17].contains(index / 4 + 1) ? wrong : [wrong[index % 15]] {
                    var typed = digits
                    typed[index] = replacement
                    do {
                        _ = try BackupKey(recoveryCode: String(typed))
                        Issue.record("accepted \(String(typed)) for \(String(digits))")
                    } catch BackupCopyError.recoveryCodeCheck(let group) {
                        refused += 1
                        // A group named is always the one the mistyped digit is in.
                        if let group {
                            #expect(group == index / 4 + 1, "named group \(group) for a digit in \(index / 4 + 1)")
                            named += 1
                        }
                    }
                }
                guard index + 1 < digits.count, digits[index] != digits[index + 1] else { continue }
                var swapped = digits
                swapped.swapAt(index, index + 1)
                #expect(throws: BackupCopyError.self) { try BackupKey(recoveryCode: String(swapped)) }
            }
            #expect(refused == 16 * 15 + 52)
            // Usually exactly one group fits a single-digit fix.
            #expect(named > refused / 2, "named the group in \(named) of \(refused)")
        }
    }

    @Test func theKeyFileIsPrivate() throws {
        try withTemporaryDirectory { dir in
            let key = BackupKey.generate()
            let path = dir + "/backup.key"
            let (created, fresh) = try BackupKey.loadOrCreate(at: path)
            let mode = try fileMode(path)
            #expect(fresh && mode == 0o600)
            let (again, freshAgain) = try BackupKey.loadOrCreate(at: path)
            #expect(!freshAgain && again == created)
            #expect(throws: BackupCopyError.keyExists(path)) { try key.write(to: path) }
            try key.write(to: path, replace: true)
            #expect(try BackupKey.load(from: path) == key)
            #expect(throws: BackupCopyError.keyMissing(dir + "/none")) { try BackupKey.load(from: dir + "/none") }
            // A key path whose directory does not exist yet: the directory is made, private (0700).
            let nested = dir + "/keys/forge/backup.key"
            let (made, madeFresh) = try BackupKey.loadOrCreate(at: nested)
            let reloaded = try BackupKey.load(from: nested)
            #expect(madeFresh && reloaded == made)
            let dirMode = try fileMode(dir + "/keys/forge")
            let keyMode = try fileMode(nested)
            #expect(dirMode == 0o700 && keyMode == 0o600)
        }
    }
}
