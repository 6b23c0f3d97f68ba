import CMicroHTTPD

/// Strict checks of a request head that libmicrohttpd 0.9.75 lets through.
/// (Its `MHD_OPTION_STRICT_FOR_CLIENT` would refuse only HTTP/1.1 without
/// `Host`, with an HTML page; forged checks that here instead, with its JSON
/// body.) Each is a way for a proxy and forged to disagree about where a
/// request ends (request smuggling, RFC 9112 §6.3, §11.2), so the request is
/// answered 400 `{"detail": "bad request framing: …"}` with
/// `Connection: close` and nothing after it on the connection is read.
///
/// Not every refusal reaches forged: libmicrohttpd 0.9.75 itself answers,
/// with its own HTML page and before any callback here runs, a
/// `Content-Length` that is not a number (`abc`, `+2`: 400) or too large to
/// represent (413), a header line without a colon (400) and a request target
/// larger than its read buffer (414). The README lists this under
/// "Differences from the contract".
enum RequestFraming {
    /// One header field as libmicrohttpd parsed it.
    struct Field {
        let name: [UInt8]
        let value: [UInt8]
        /// Where the value's bytes sit in libmicrohttpd's read buffer.
        var valueStart: UnsafeRawPointer?
        var nameStart: UnsafeRawPointer?
        /// Bytes in the raw head after the value before the next field (or
        /// the end of the head) that are not line ends or blanks: what
        /// followed a NUL in the value, which the C strings cut off.
        var hidden = false
        /// A line after the value starts with a space or tab: obsolete line
        /// folding (RFC 9112 §5.2), which libmicrohttpd joins to the field.
        var folded = false
        /// The line before this field (the request line, or the previous
        /// field's) ended in a bare LF (or CR), not CRLF.
        var bareLineEnd = false
    }

    /// Why a head is refused, or nil when it is well framed:
    /// - a header line starting with a space or tab (obsolete line folding,
    ///   which RFC 9112 §5.2 lets a server refuse);
    /// - `Content-Length` together with `Transfer-Encoding`;
    /// - more than one `Content-Length` (equal or not), or one that is not digits;
    /// - a `Transfer-Encoding` other than exactly `chunked`;
    /// - a header name that is not an RFC 9110 token (a space, a control character);
    /// - a NUL, CR, LF or other control character but tab in a value;
    /// - more than one `Host`, whatever the version, or HTTP/1.1 without one (RFC 9112 §3.2);
    /// - a line (the request line or a field line) ended by a bare LF rather
    ///   than CRLF (RFC 9112 §2.2 lets a server refuse it; libmicrohttpd accepts it);
    /// - `Transfer-Encoding` in an HTTP/1.0 request (RFC 9112 §6.1: the
    ///   framing is faulty; HTTP/1.0 has no chunked coding).
    static func problem(_ fields: [Field], version: String) -> String? {
        var lengths = 0
        var transferEncoding = false
        // First: libmicrohttpd appends a folded line to a copy of the field's name.
        if fields.contains(where: \.folded) {
            return "obsolete line folding (a header line starting with a space or tab)"
        }
        if fields.contains(where: \.bareLineEnd) { return "bare LF line ending (lines must end with CRLF)" }
        let hosts = fields.filter { String(decoding: $0.name, as: UTF8.self).lowercased() == "host" }.count
        if hosts > 1 { return "more than one Host" }
        if version == "HTTP/1.1", hosts == 0 { return "HTTP/1.1 request without Host" }
        for field in fields {
            if field.hidden { return "NUL in header \(String(decoding: field.name, as: UTF8.self))" }
            guard !field.name.isEmpty, field.name.allSatisfy(isTokenCharacter) else {
                return "malformed header name"
            }
            guard !field.value.contains(where: { ($0 < 0x20 && $0 != 0x09) || $0 == 0x7F }) else {
                return "control character in header \(String(decoding: field.name, as: UTF8.self))"
            }
            let name = String(decoding: field.name, as: UTF8.self).lowercased()
            if name == "content-length" {
                lengths += 1
                // Defence in depth: libmicrohttpd 0.9.75 already answers a
                // non-numeric Content-Length 400 itself, before this runs.
                guard !field.value.isEmpty, field.value.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else {
                    return "malformed Content-Length"
                }
            } else if name == "transfer-encoding" {
                guard !transferEncoding else { return "more than one Transfer-Encoding" }
                transferEncoding = true
                guard String(decoding: field.value, as: UTF8.self).lowercased() == "chunked" else {
                    return "unsupported Transfer-Encoding"
                }
            }
        }
        if transferEncoding, version == "HTTP/1.0" { return "Transfer-Encoding in an HTTP/1.0 request" }
        if lengths > 1 { return "more than one Content-Length" }
        if lengths == 1, transferEncoding { return "both Content-Length and Transfer-Encoding" }
        return nil
    }

    /// tchar of RFC 9110 §5.6.2.
    static func isTokenCharacter(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"):
            return true
        default:
            return "!#$%&'*+-.^_`|~".utf8.contains(byte)
        }
    }

    /// The request's header fields in arrival order. libmicrohttpd 0.9.75
    /// parses the head in place and ends each value at its first NUL, so a
    /// value's hidden rest is found in the raw head: between the end of a
    /// value and the next field's name (the last: the end of the head,
    /// `head` + its size) only the terminators it wrote and blanks may sit,
    /// and a blank after a terminator starts a folded line (libmicrohttpd
    /// leaves the folded line's bytes there and appends them to a copy of
    /// the field's name). A field whose value is not in place is not checked
    /// this way.
    static func fields(of connection: OpaquePointer, head: UnsafeRawPointer?) -> [Field] {
        var fields: [Field] = []
        withUnsafeMutablePointer(to: &fields) { pointer in
            _ = MHD_get_connection_values_n(
                connection, .HEADER_KIND,
                { cls, _, key, keySize, value, valueSize in
                    guard let cls else { return .YES }
                    let name = key.map { Array(UnsafeRawBufferPointer(start: $0, count: keySize)) } ?? []
                    let bytes = value.map { Array(UnsafeRawBufferPointer(start: $0, count: valueSize)) } ?? []
                    cls.assumingMemoryBound(to: [Field].self).pointee.append(
                        Field(
                            name: name, value: bytes, valueStart: value.map { UnsafeRawPointer($0) + valueSize },
                            nameStart: key.map { UnsafeRawPointer($0) }))
                    return .YES
                }, pointer)
        }
        let size = forge_mhd_header_size(connection)
        guard let head, size > 0 else { return fields }
        let end = head + size
        // libmicrohttpd ends each line in place: CRLF becomes two NULs, a
        // bare LF one. So the two bytes before a field's name are both NUL
        // after a CRLF (an empty value's colon is a NUL too, which can only
        // hide a bare LF, never invent one).
        for index in fields.indices {
            guard let name = fields[index].nameStart, name - 2 >= head, name <= end else { continue }
            let before = UnsafeRawBufferPointer(start: name - 2, count: 2)
            fields[index].bareLineEnd = before[1] == 0 && before[0] != 0
        }
        for index in fields.indices {
            guard let from = fields[index].valueStart, from >= head, from < end else { continue }
            let to = index + 1 < fields.count ? fields[index + 1].nameStart ?? end : end
            guard to > from, to <= end else { continue }
            let gap = UnsafeRawBufferPointer(start: from, count: to - from)
            fields[index].hidden = gap.contains { ![0, 0x0D, 0x0A, 0x20, 0x09].contains($0) }
            if let lineEnd = gap.firstIndex(where: { [0, 0x0D, 0x0A].contains($0) }) {
                fields[index].folded = gap[lineEnd...].contains { $0 == 0x20 || $0 == 0x09 }
            }
        }
        return fields
    }
}
