/// PostgreSQL's COPY text format, as `pg_dump` writes it and `COPY ... TO
/// STDOUT` sends it: one row a line, columns split by tabs, `\N` alone for
/// NULL, and backslash escapes: `\b \f \n \r \t \v \\`, `\` with 1-3 octal
/// digits, `\x` with 1-2 hex digits, and `\` before any other character
/// standing for that character. The bytes are UTF-8 (forged asks for it).
enum CopyText {
    /// The fields of one data line (without its newline); nil for NULL.
    static func fields(_ line: UnsafeBufferPointer<UInt8>) -> [SourceValue] {
        var out: [SourceValue] = []
        var field: [UInt8] = []
        var escaped = false  // the field had an escape, so `\N` text is not NULL
        var isNullMarker = false
        var i = 0
        let n = line.count
        func finish() {
            if !escaped && field.count == 0 && isNullMarker {
                out.append(.null)
            } else {
                out.append(.text(String(decoding: field, as: UTF8.self)))
            }
            field.removeAll(keepingCapacity: true)
            escaped = false
            isNullMarker = false
        }
        while i < n {
            let c = line[i]
            if c == 0x09 {
                finish()
                i += 1
                continue
            }
            guard c == 0x5C, i + 1 < n else {
                field.append(c)
                i += 1
                continue
            }
            let e = line[i + 1]
            i += 2
            switch e {
            case UInt8(ascii: "N") where field.isEmpty && !escaped && (i == n || line[i] == 0x09):
                isNullMarker = true
                continue
            case UInt8(ascii: "b"): field.append(0x08)
            case UInt8(ascii: "f"): field.append(0x0C)
            case UInt8(ascii: "n"): field.append(0x0A)
            case UInt8(ascii: "r"): field.append(0x0D)
            case UInt8(ascii: "t"): field.append(0x09)
            case UInt8(ascii: "v"): field.append(0x0B)
            case UInt8(ascii: "0")...UInt8(ascii: "7"):
                var v = Int(e - 0x30)
                var digits = 1
                while digits < 3, i < n, (0x30...0x37).contains(line[i]) {
                    v = v * 8 + Int(line[i] - 0x30)
                    i += 1
                    digits += 1
                }
                field.append(UInt8(truncatingIfNeeded: v))
            case UInt8(ascii: "x"):
                guard i < n, let hi = SourceBytes.hex(line[i]) else {
                    field.append(e)
                    break
                }
                var v = Int(hi)
                i += 1
                if i < n, let lo = SourceBytes.hex(line[i]) {
                    v = v * 16 + Int(lo)
                    i += 1
                }
                field.append(UInt8(v))
            default: field.append(e)
            }
            escaped = true
        }
        finish()
        return out
    }

    static func fields(_ line: String) -> [SourceValue] {
        var bytes = Array(line.utf8)
        return bytes.withUnsafeMutableBufferPointer { fields(UnsafeBufferPointer($0)) }
    }
}
