import CSodium
import ForgeHousehold
import Foundation

/// Password hashing with Argon2id through libsodium's `crypto_pwhash_str`
/// (self-describing PHC strings, `$argon2id$v=19$m=…,t=…,p=1$…`).
public struct PasswordHasher: Sendable {
    /// Argon2id cost. ``interactive`` is libsodium's INTERACTIVE limits
    /// (64 MiB, 2 passes), the production setting; ``minimum`` exists for tests.
    public struct Cost: Sendable {
        public let opsLimit: UInt64
        public let memLimit: Int
        public static let interactive = Cost(
            opsLimit: UInt64(crypto_pwhash_OPSLIMIT_INTERACTIVE),
            memLimit: Int(crypto_pwhash_MEMLIMIT_INTERACTIVE))
        public static let minimum = Cost(
            opsLimit: UInt64(crypto_pwhash_OPSLIMIT_MIN),
            memLimit: Int(crypto_pwhash_MEMLIMIT_MIN))
    }

    /// Errors from hashing.
    public enum Failure: Error { case outOfMemory, emptyPassword }

    public let cost: Cost
    public init(cost: Cost = .interactive) {
        Sodium.initialise()
        self.cost = cost
    }

    /// Hashes `password` (UTF-8) into a PHC string.
    /// - Throws: ``Failure/emptyPassword`` for "", ``Failure/outOfMemory`` when libsodium cannot allocate.
    public func hash(_ password: String) throws -> String {
        guard !password.isEmpty else { throw Failure.emptyPassword }
        var out = [CChar](repeating: 0, count: Int(crypto_pwhash_STRBYTES))
        let bytes = Array(password.utf8CString.dropLast())
        let rc = crypto_pwhash_str(&out, bytes, UInt64(bytes.count), cost.opsLimit, cost.memLimit)
        guard rc == 0 else { throw Failure.outOfMemory }
        return String(decoding: out.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// True when `password` matches the PHC string `stored` (constant time).
    public func verify(_ password: String, against stored: String) -> Bool {
        let bytes = Array(password.utf8CString.dropLast())
        return crypto_pwhash_str_verify(stored, bytes, UInt64(bytes.count)) == 0
    }

    /// A hash of a random password, verified against to keep the time of a
    /// failed login for an unknown email the same as for a known one.
    public func dummyHash() -> String {
        (try? hash(Sodium.randomToken(bytes: 16))) ?? ""
    }
}
