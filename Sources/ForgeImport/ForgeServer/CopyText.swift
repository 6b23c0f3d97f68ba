/// PostgreSQL's COPY text format, as `pg_dump` writes it and `COPY ... TO
/// STDOUT` sends it: one row a line, columns split by tabs, `\N` alone for
/// NULL, and backslash escapes: `\b \f \n \r \t \v \\`, `\` with 1-3 octal
/// digits, `\x` with 1-2 hex digits, and `\` before any other character
/// standing for that character. The bytes are UTF-8 (forged asks for it).
enum CopyText {
    /// The fields of one data line (without its newline); nil for NULL. A field without a
    /// backslash (nearly all of them) is its bytes as they stand; `\N` alone is NULL; any other
    /// field with a backslash is decoded byte by byte (``decode(_:)``). A backslash always takes
    /// the byte after it along, a tab too: only a tab standing alone ends a field.
    /// - Parameter expected: the column count, to size the result once.
    static func fields(_ line: UnsafeBufferPointer<UInt8>, expected: Int = 0) -> [SourceValue] {
        var out: [SourceValue] = []
        out.reserveCapacity(expected)
        let n = line.count
        var start = 0
        var i = 0
        var escaped = false
        while true {
            if i >= n || line[i] == 0x09 {
                let field = UnsafeBufferPointer(rebasing: line[start..<min(i, n)])
                if !escaped {
                    out.append(.text(String(decoding: field, as: UTF8.self)))
                } else if field.count == 2 && field[0] == 0x5C && field[1] == UInt8(ascii: "N") {
                    out.append(.null)
                } else {
                    out.append(.text(decode(field)))
                }
                if i >= n { return out }
                i += 1
                start = i
                escaped = false
            } else if line[i] == 0x5C {
                escaped = true
                i += 2
            } else {
                i += 1
            }
        }
    }

    /// One field's escapes decoded (`\N` inside a longer field is the letter N).
    static func decode(_ field: UnsafeBufferPointer<UInt8>) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(field.count)
        var i = 0
        let n = field.count
        while i < n {
            let c = field[i]
            guard c == 0x5C, i + 1 < n else {
                bytes.append(c)
                i += 1
                continue
            }
            let e = field[i + 1]
            i += 2
            switch e {
            case UInt8(ascii: "b"): bytes.append(0x08)
            case UInt8(ascii: "f"): bytes.append(0x0C)
            case UInt8(ascii: "n"): bytes.append(0x0A)
            case UInt8(ascii: "r"): bytes.append(0x0D)
            case UInt8(ascii: "t"): bytes.append(0x09)
            case UInt8(ascii: "v"): bytes.append(0x0B)
            case UInt8(ascii: "0")...UInt8(ascii: "7"):
                var v = Int(e - 0x30)
                var digits = 1
                while digits < 3, i < n, (0x30...0x37).contains(field[i]) {
                    v = v * 8 + Int(field[i] - 0x30)
                    i += 1
                    digits += 1
                }
                bytes.append(UInt8(truncatingIfNeeded: v))
            case UInt8(ascii: "x"):
                guard i < n, let hi = SourceBytes.hex(field[i]) else {
                    bytes.append(e)
                    break
                }
                var v = Int(hi)
                i += 1
                if i < n, let lo = SourceBytes.hex(field[i]) {
                    v = v * 16 + Int(lo)
                    i += 1
                }
                bytes.append(UInt8(v))
            default: bytes.append(e)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    static func fields(_ line: String) -> [SourceValue] {
        var bytes = Array(line.utf8)
        return bytes.withUnsafeMutableBufferPointer { fields(UnsafeBufferPointer($0)) }
    }
}
