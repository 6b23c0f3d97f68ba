import CSodium
import Foundation

/// SHA-256 over bytes fed in pieces (libsodium's `crypto_hash_sha256_*`),
/// the digest copies are verified with after they are read back.
struct SHA256Stream {
    private var state = crypto_hash_sha256_state()

    init() {
        SodiumReady.check()
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
        return digest.map { String(format: "%02x", $0) }.joined()
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
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw BackupCopyError.io("cannot read \(path): \(String(cString: strerror(errno)))") }
        defer { close(fd) }
        var stream = SHA256Stream()
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                throw BackupCopyError.io("cannot read \(path): \(String(cString: strerror(errno)))")
            }
            if n == 0 { break }
            buffer.withUnsafeBytes { stream.update(UnsafeRawBufferPointer(rebasing: $0[0..<n])) }
        }
        return stream.finalHex()
    }
}
