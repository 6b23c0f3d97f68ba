import CSodium
import Foundation

/// The encrypted form of a backup sent off the box (a `.forgebak` file).
///
/// Layout: the 8 bytes `FORGEBAK`, a format byte (2), the key's
/// ``BackupKey/id`` as 8 ASCII hex digits, the length of the copy's identity
/// (2 bytes, big-endian) and the identity (``CopyIdentity`` as JSON: household,
/// time taken, backup name), the 24-byte `crypto_secretstream_xchacha20poly1305`
/// header, then the plain backup in ``chunk``-byte pieces, each sealed with
/// `_push` (17 bytes longer), the last tagged `TAG_FINAL`. Everything before the
/// stream is the additional data of every piece, so neither the key id nor the
/// identity can be altered unseen. Format 1 (before issue 40) has no identity.
/// Opening checks the key id first (a wrong key is named, never decrypted to
/// garbage), then authenticates every piece and requires the final tag at
/// the end (a truncated or altered copy is refused).
package enum BackupSeal {
    /// Plain bytes per sealed piece: 64 KiB.
    package static let chunk = 1 << 16
    static let magic = Array("FORGEBAK".utf8)
    static let format: UInt8 = 2
    /// Format 1: no identity (copies made before it was sealed).
    static let unsealedFormat: UInt8 = 1
    /// `FORGEBAK`, the format byte, the key id.
    static let prefixLength = 17
    static var headerBytes: Int { Int(crypto_secretstream_xchacha20poly1305_headerbytes()) }
    static var aBytes: Int { Int(crypto_secretstream_xchacha20poly1305_abytes()) }

    /// Encrypts the file `input` into a new file `output` (mode 0600, fsynced).
    /// - Returns: the SHA-256 (hex) and size of `output` as written.
    /// - Throws: ``BackupCopyError/io(_:)`` when a file step fails (`output` is removed then).
    @discardableResult
    package static func seal(
        _ input: String, to output: String, key: BackupKey, identity: CopyIdentity
    ) throws -> (sha256: String, bytes: Int) {
        Sodium.initialise()
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
        let sealed = identity.bytes
        let prefix =
            magic + [format] + Array(key.id.utf8) + [UInt8(sealed.count >> 8), UInt8(sealed.count & 0xFF)]
            + sealed
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
        guard prefix.count == prefixLength, Array(prefix[0..<8]) == magic,
            prefix[8] == format || prefix[8] == unsealedFormat,
            let id = String(bytes: prefix[9...], encoding: .ascii), id.allSatisfy(\.isHexDigit)
        else { throw BackupCopyError.notACopy((name as NSString).lastPathComponent) }
        return id
    }

    /// Decrypts the copy `input` into a new file `output` (mode 0600, fsynced).
    /// - Returns: the copy's sealed identity, authenticated with every piece; nil for a
    ///   format-1 copy, which has none.
    /// - Throws: ``BackupCopyError/notACopy(_:)``; ``BackupCopyError/wrongKey(needs:have:)``
    ///   before anything is decrypted; ``BackupCopyError/damaged(_:)`` when a piece fails
    ///   authentication or the final tag is missing (`output` is removed then).
    @discardableResult
    package static func open(_ input: String, to output: String, key: BackupKey) throws -> CopyIdentity? {
        Sodium.initialise()
        let source = try FileReader(input)
        defer { source.close() }
        let (prefix, identity) = try readPrefix(name: input, key: key, read: source.read)
        var state = try startPull(header: try source.read(headerBytes), key: key)
        let sink = try FileWriter(output)
        var ok = false
        defer { if !ok { sink.abandon() } }
        var finished = false
        while true {
            let piece = try source.read(chunk + aBytes)
            if piece.isEmpty { break }
            guard !finished else { throw BackupCopyError.damaged("bytes follow its final piece") }
            let (plain, final) = try pull(piece, state: &state, prefix: prefix)
            try sink.write(plain)
            finished = final
        }
        guard finished else { throw BackupCopyError.damaged("it ends before its final piece (truncated)") }
        try sink.finish()
        ok = true
        return identity
    }

    /// Bytes from a copy's start that ``identity(head:name:key:)`` needs at most: the prefix, the
    /// longest identity, the stream header and the first sealed piece.
    package static var headLength: Int { prefixLength + 2 + 0xFFFF + headerBytes + chunk + aBytes }

    /// The identity sealed into a copy, authenticated from its first `head` bytes alone (the first
    /// piece carries the whole prefix as additional data), so `backup list --from` can show when a
    /// copy was really taken without fetching it.
    /// - Parameter head: the copy's first ``headLength`` bytes, or all of it when shorter.
    /// - Returns: the identity; nil for a format-1 copy (nothing sealed to show).
    /// - Throws: as ``open(_:to:key:)`` does for the same bytes.
    package static func identity(head: [UInt8], name: String, key: BackupKey) throws -> CopyIdentity? {
        Sodium.initialise()
        var offset = 0
        let read = { (count: Int) -> [UInt8] in
            let end = min(head.count, offset + count)
            defer { offset = end }
            return Array(head[offset..<end])
        }
        let (prefix, identity) = try readPrefix(name: name, key: key, read: read)
        var state = try startPull(header: read(headerBytes), key: key)
        _ = try pull(read(chunk + aBytes), state: &state, prefix: prefix)
        return identity
    }

    /// Opens one sealed `piece` with `prefix` as its additional data.
    /// - Returns: its plain bytes and whether it carries the final tag.
    /// - Throws: ``BackupCopyError/damaged(_:)`` when it is cut short or fails authentication.
    private static func pull(
        _ piece: [UInt8], state: inout crypto_secretstream_xchacha20poly1305_state, prefix: [UInt8]
    ) throws -> (plain: [UInt8], final: Bool) {
        guard piece.count >= aBytes else { throw BackupCopyError.damaged("a piece is cut short") }
        var plain = [UInt8](repeating: 0, count: piece.count - aBytes)
        var length: UInt64 = 0
        var tag: UInt8 = 0
        guard
            crypto_secretstream_xchacha20poly1305_pull(
                &state, &plain, &length, &tag, piece, UInt64(piece.count), prefix, UInt64(prefix.count)) == 0
        else { throw BackupCopyError.damaged("a piece fails authentication (altered, or cut short)") }
        return (Array(plain[0..<Int(length)]), tag == UInt8(crypto_secretstream_xchacha20poly1305_tag_final()))
    }

    /// Reads the prefix (and, in format 2, the identity) through `read`, checking the key id first.
    /// - Returns: every byte before the stream header (each piece's additional data) and the identity.
    private static func readPrefix(
        name: String, key: BackupKey, read: (Int) throws -> [UInt8]
    ) throws -> (prefix: [UInt8], identity: CopyIdentity?) {
        var prefix = try read(prefixLength)
        let id = try keyID(prefix: prefix, name: name)
        guard id == key.id else { throw BackupCopyError.wrongKey(needs: id, have: key.id) }
        guard prefix[8] == format else { return (prefix, nil) }
        let length = try read(2)
        guard length.count == 2 else { throw BackupCopyError.damaged("its identity is cut short") }
        let sealed = try read(Int(length[0]) << 8 | Int(length[1]))
        guard let identity = CopyIdentity.decode(sealed) else {
            throw BackupCopyError.damaged("its identity is not readable")
        }
        prefix += length + sealed
        return (prefix, identity)
    }

    /// The pull state for the stream whose 24-byte `header` follows the prefix.
    private static func startPull(
        header: [UInt8], key: BackupKey
    ) throws -> crypto_secretstream_xchacha20poly1305_state {
        var state = crypto_secretstream_xchacha20poly1305_state()
        guard header.count == headerBytes,
            crypto_secretstream_xchacha20poly1305_init_pull(&state, header, key.bytes) == 0
        else { throw BackupCopyError.damaged("its header is cut short") }
        return state
    }
}
