import CSodium
import Foundation

/// The encrypted form of a backup sent off the box (a `.forgebak` file).
///
/// Layout: the 8 bytes `FORGEBAK`, a format byte (1), the key's
/// ``BackupKey/id`` as 8 ASCII hex digits, the 24-byte
/// `crypto_secretstream_xchacha20poly1305` header, then the plain backup in
/// ``chunk``-byte pieces, each sealed with `_push` (17 bytes longer), the
/// last tagged `TAG_FINAL`. The 17 header bytes before the stream are the
/// additional data of every piece, so the key id cannot be altered unseen.
/// Opening checks the key id first (a wrong key is named, never decrypted to
/// garbage), then authenticates every piece and requires the final tag at
/// the end (a truncated or altered copy is refused).
package enum BackupSeal {
    /// Plain bytes per sealed piece: 64 KiB.
    package static let chunk = 1 << 16
    static let magic = Array("FORGEBAK".utf8)
    static let format: UInt8 = 1
    /// `FORGEBAK`, the format byte, the key id.
    static let prefixLength = 17
    static var headerBytes: Int { Int(crypto_secretstream_xchacha20poly1305_headerbytes()) }
    static var aBytes: Int { Int(crypto_secretstream_xchacha20poly1305_abytes()) }

    /// Encrypts the file `input` into a new file `output` (mode 0600, fsynced).
    /// - Returns: the SHA-256 (hex) and size of `output` as written.
    /// - Throws: ``BackupCopyError/io(_:)`` when a file step fails (`output` is removed then).
    @discardableResult
    package static func seal(_ input: String, to output: String, key: BackupKey) throws -> (sha256: String, bytes: Int)
    {
        SodiumReady.check()
        let source = try FileReader(input)
        defer { source.close() }
        let sink = try FileWriter(output)
        var ok = false
        defer { if !ok { sink.abandon() } }
        var digest = SHA256Stream()
        func emit(_ bytes: [UInt8]) throws {
            try sink.write(bytes)
            digest.update(bytes)
        }
        let prefix = magic + [format] + Array(key.id.utf8)
        var state = crypto_secretstream_xchacha20poly1305_state()
        var header = [UInt8](repeating: 0, count: headerBytes)
        crypto_secretstream_xchacha20poly1305_init_push(&state, &header, key.bytes)
        try emit(prefix + header)
        var piece = try source.read(chunk)
        while true {
            let next = piece.count == chunk ? try source.read(chunk) : []
            let last = next.isEmpty
            var sealed = [UInt8](repeating: 0, count: piece.count + aBytes)
            let tag = UInt8(
                last
                    ? crypto_secretstream_xchacha20poly1305_tag_final()
                    : crypto_secretstream_xchacha20poly1305_tag_message())
            crypto_secretstream_xchacha20poly1305_push(
                &state, &sealed, nil, piece, UInt64(piece.count), prefix, UInt64(prefix.count), tag)
            try emit(sealed)
            if last { break }
            piece = next
        }
        try sink.finish()
        ok = true
        return (digest.finalHex(), sink.count)
    }

    /// The key id a copy's header names.
    /// - Throws: ``BackupCopyError/notACopy(_:)`` when `path` does not start like a copy.
    package static func keyID(of path: String) throws -> String {
        let source = try FileReader(path)
        defer { source.close() }
        return try keyID(prefix: try source.read(prefixLength), name: path)
    }

    private static func keyID(prefix: [UInt8], name: String) throws -> String {
        guard prefix.count == prefixLength, Array(prefix[0..<8]) == magic, prefix[8] == format,
            let id = String(bytes: prefix[9...], encoding: .ascii), id.allSatisfy(\.isHexDigit)
        else { throw BackupCopyError.notACopy((name as NSString).lastPathComponent) }
        return id
    }

    /// Decrypts the copy `input` into a new file `output` (mode 0600, fsynced).
    /// - Throws: ``BackupCopyError/notACopy(_:)``; ``BackupCopyError/wrongKey(needs:have:)``
    ///   before anything is decrypted; ``BackupCopyError/damaged(_:)`` when a piece fails
    ///   authentication or the final tag is missing (`output` is removed then).
    package static func open(_ input: String, to output: String, key: BackupKey) throws {
        SodiumReady.check()
        let source = try FileReader(input)
        defer { source.close() }
        let prefix = try source.read(prefixLength)
        let id = try keyID(prefix: prefix, name: input)
        guard id == key.id else { throw BackupCopyError.wrongKey(needs: id, have: key.id) }
        let header = try source.read(headerBytes)
        var state = crypto_secretstream_xchacha20poly1305_state()
        guard header.count == headerBytes,
            crypto_secretstream_xchacha20poly1305_init_pull(&state, header, key.bytes) == 0
        else { throw BackupCopyError.damaged("its header is cut short") }
        let sink = try FileWriter(output)
        var ok = false
        defer { if !ok { sink.abandon() } }
        var finished = false
        while true {
            let piece = try source.read(chunk + aBytes)
            if piece.isEmpty { break }
            guard !finished else { throw BackupCopyError.damaged("bytes follow its final piece") }
            guard piece.count >= aBytes else { throw BackupCopyError.damaged("a piece is cut short") }
            var plain = [UInt8](repeating: 0, count: piece.count - aBytes)
            var length: UInt64 = 0
            var tag: UInt8 = 0
            guard
                crypto_secretstream_xchacha20poly1305_pull(
                    &state, &plain, &length, &tag, piece, UInt64(piece.count), prefix, UInt64(prefix.count)) == 0
            else { throw BackupCopyError.damaged("a piece fails authentication (altered, or cut short)") }
            try sink.write(Array(plain[0..<Int(length)]))
            if tag == UInt8(crypto_secretstream_xchacha20poly1305_tag_final()) { finished = true }
        }
        guard finished else { throw BackupCopyError.damaged("it ends before its final piece (truncated)") }
        try sink.finish()
        ok = true
    }
}

/// Reads a file in pieces (short only at its end).
final class FileReader {
    private var fd: Int32
    let path: String

    init(_ path: String) throws {
        self.path = path
        fd = Foundation.open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw BackupCopyError.io("cannot read \(path): \(String(cString: strerror(errno)))") }
    }

    /// Up to `count` bytes; fewer only at the end of the file, none after it.
    func read(_ count: Int) throws -> [UInt8] {
        var buffer = [UInt8](repeating: 0, count: count)
        var filled = 0
        while filled < count {
            let n = buffer.withUnsafeMutableBytes { Foundation.read(fd, $0.baseAddress! + filled, count - filled) }
            if n < 0 {
                if errno == EINTR { continue }
                throw BackupCopyError.io("cannot read \(path): \(String(cString: strerror(errno)))")
            }
            if n == 0 { break }
            filled += n
        }
        return filled == count ? buffer : Array(buffer[0..<filled])
    }

    func close() {
        if fd >= 0 { Foundation.close(fd) }
        fd = -1
    }
}

/// Writes a new file (mode 0600; an existing one is refused), fsynced at ``finish()``.
final class FileWriter {
    private var fd: Int32
    let path: String
    private(set) var count = 0

    init(_ path: String) throws {
        self.path = path
        fd = Foundation.open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw BackupCopyError.io("cannot create \(path): \(String(cString: strerror(errno)))") }
    }

    func write(_ bytes: [UInt8]) throws {
        var offset = 0
        while offset < bytes.count {
            let n = bytes.withUnsafeBytes { Foundation.write(fd, $0.baseAddress! + offset, bytes.count - offset) }
            if n < 0 {
                if errno == EINTR { continue }
                throw BackupCopyError.io("cannot write \(path): \(String(cString: strerror(errno)))")
            }
            offset += n
        }
        count += bytes.count
    }

    /// fsync and close.
    func finish() throws {
        let synced = fsync(fd) == 0
        let reason = String(cString: strerror(errno))
        Foundation.close(fd)
        fd = -1
        guard synced else { throw BackupCopyError.io("cannot write \(path): \(reason)") }
    }

    /// Closes and removes the file.
    func abandon() {
        if fd >= 0 { Foundation.close(fd) }
        fd = -1
        unlink(path)
    }
}
