import CSodium
import Foundation

/// SHA-256 over bytes fed in pieces (libsodium's `crypto_hash_sha256_*`),
/// the digest copies are verified with after they are read back.
struct SHA256Stream {
    private var state = crypto_hash_sha256_state()

    init() {
        Sodium.initialise()
        crypto_hash_sha256_init(&state)
    }

    mutating func update(_ bytes: UnsafeRawBufferPointer) {
        guard let base = bytes.baseAddress, !bytes.isEmpty else { return }
        crypto_hash_sha256_update(&state, base.assumingMemoryBound(to: UInt8.self), UInt64(bytes.count))
    }

    mutating func update(_ bytes: [UInt8]) { bytes.withUnsafeBytes { update($0) } }

    /// The digest as 64 lowercase hex digits.
    mutating func finalHex() -> String {
        var digest = [UInt8](repeating: 0, count: Int(crypto_hash_sha256_BYTES))
        crypto_hash_sha256_final(&state, &digest)
        return Sodium.hex(digest)
    }

    /// SHA-256 of `bytes` as hex.
    static func hex(_ bytes: [UInt8]) -> String {
        var stream = SHA256Stream()
        stream.update(bytes)
        return stream.finalHex()
    }

    /// SHA-256 of the file at `path` as hex, read in 64 KiB pieces.
    /// - Throws: ``BackupCopyError/io(_:)`` when it cannot be read.
    static func file(_ path: String) throws -> String {
        let source = try FileReader(path)
        defer { source.close() }
        var stream = SHA256Stream()
        while true {
            let piece = try source.read(1 << 16)
            if piece.isEmpty { break }
            stream.update(piece)
        }
        return stream.finalHex()
    }
}
