import CSodium
import Foundation

/// libsodium helpers: initialisation, random tokens, SHA-256, hex and
/// base64url text. The one Swift wrapper over `CSodium` for plain helpers;
/// ForgeHousehold (tokens, password hashing) and ForgeStore's off-box copies
/// (`OffBox/`) both use it.
package enum Sodium {
    private static let ready: Bool = sodium_init() >= 0

    /// Calls `sodium_init()` once.
    package static func initialise() { precondition(ready, "libsodium failed to initialise") }

    /// `bytes` random bytes (`randombytes_buf`) as unpadded base64url.
    package static func randomToken(bytes: Int) -> String {
        initialise()
        var buffer = [UInt8](repeating: 0, count: bytes)
        randombytes_buf(&buffer, bytes)
        return base64url(buffer)
    }

    /// SHA-256 of `text` (UTF-8) as lowercase hex (`crypto_hash_sha256`).
    /// Whether `a` and `b` hold the same bytes, compared in constant time for equal lengths
    /// (sodium_memcmp), so a token check does not leak how much of it matched.
    package static func equal(_ a: String, _ b: String) -> Bool {
        let x = Array(a.utf8)
        let y = Array(b.utf8)
        guard x.count == y.count else { return false }
        return x.isEmpty || sodium_memcmp(x, y, x.count) == 0
    }

    package static func sha256Hex(_ text: String) -> String {
        initialise()
        var digest = [UInt8](repeating: 0, count: Int(crypto_hash_sha256_BYTES))
        let bytes = Array(text.utf8)
        crypto_hash_sha256(&digest, bytes, UInt64(bytes.count))
        return hex(digest)
    }

    /// SHA-256 of `data` as lowercase hex (`crypto_hash_sha256`).
    package static func sha256Hex(_ data: Data) -> String {
        initialise()
        var digest = [UInt8](repeating: 0, count: Int(crypto_hash_sha256_BYTES))
        data.withUnsafeBytes { raw in
            let bytes = raw.bindMemory(to: UInt8.self)
            crypto_hash_sha256(&digest, bytes.baseAddress, UInt64(bytes.count))
        }
        return hex(digest)
    }

    /// `bytes` as lowercase hex, two digits a byte.
    package static func hex(_ bytes: [UInt8]) -> String {
        bytes.map { String(format: "%02x", $0) }.joined()
    }

    /// Unpadded base64url of `bytes`.
    package static func base64url(_ bytes: [UInt8]) -> String {
        Data(bytes).base64EncodedString()
            .replacingOccurrences(of: "+", with: "-")
            .replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }
}
