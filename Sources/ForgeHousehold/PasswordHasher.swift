import CSodium
import ForgeStore
import Foundation

/// Password hashing with Argon2id through libsodium's `crypto_pwhash_str`
/// (self-describing PHC strings, `$argon2id$v=19$m=…,t=…,p=1$…`).
package struct PasswordHasher: Sendable {
    /// Argon2id cost. ``interactive`` is libsodium's INTERACTIVE limits
    /// (64 MiB, 2 passes), the production setting; ``minimum`` exists for tests.
    package struct Cost: Sendable {
        /// libsodium's `opslimit` (passes) and `memlimit` (bytes).
        package let opsLimit: UInt64
        package let memLimit: Int
        package static let interactive = Cost(
            opsLimit: UInt64(crypto_pwhash_OPSLIMIT_INTERACTIVE),
            memLimit: Int(crypto_pwhash_MEMLIMIT_INTERACTIVE))
        package static let minimum = Cost(
            opsLimit: UInt64(crypto_pwhash_OPSLIMIT_MIN),
            memLimit: Int(crypto_pwhash_MEMLIMIT_MIN))
    }

    /// Errors from hashing.
    package enum Failure: Error { case outOfMemory, emptyPassword }

    /// The cost new hashes are made with (a stored hash carries its own).
    package let cost: Cost
    /// A hasher at `cost`; initialises libsodium (traps if it cannot, as nothing would be safe).
    package init(cost: Cost = .interactive) {
        Sodium.initialise()
        self.cost = cost
    }

    /// Hashes `password` (UTF-8) into a PHC string.
    /// - Throws: ``Failure/emptyPassword`` for "", ``Failure/outOfMemory`` when libsodium cannot allocate.
    package func hash(_ password: String) throws -> String {
        guard !password.isEmpty else { throw Failure.emptyPassword }
        var out = [CChar](repeating: 0, count: Int(crypto_pwhash_STRBYTES))
        let bytes = Array(password.utf8CString.dropLast())
        let rc = crypto_pwhash_str(&out, bytes, UInt64(bytes.count), cost.opsLimit, cost.memLimit)
        guard rc == 0 else { throw Failure.outOfMemory }
        return String(decoding: out.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// True when `password` matches the PHC string `stored` (constant time).
    package func verify(_ password: String, against stored: String) -> Bool {
        let bytes = Array(password.utf8CString.dropLast())
        return crypto_pwhash_str_verify(stored, bytes, UInt64(bytes.count)) == 0
    }

    /// A hash of a random password, verified against to keep the time of a
    /// failed login for an unknown email the same as for a known one.
    package func dummyHash() -> String {
        (try? hash(Sodium.randomToken(bytes: 16))) ?? ""
    }
}
