/// PostgreSQL's bytea text forms.
enum SourceBytes {
    /// `\x0a0b...` (hex, PostgreSQL 9.0 on) or the escape form (`\\`, `\ooo`, raw bytes).
    static func decode(_ text: String, column: String) throws -> [UInt8] {
        let u = Array(text.utf8)
        if u.count >= 2, u[0] == 0x5C, u[1] == 0x78 {
            guard u.count % 2 == 0 else { throw SourceValueError(description: "\(column) has an odd hex length") }
            var out = [UInt8]()
            out.reserveCapacity(u.count / 2 - 1)
            var i = 2
            while i < u.count {
                guard let hi = hex(u[i]), let lo = hex(u[i + 1]) else {
                    throw SourceValueError(description: "\(column) is not bytea hex")
                }
                out.append(hi << 4 | lo)
                i += 2
            }
            return out
        }
        var out = [UInt8]()
        var i = 0
        while i < u.count {
            if u[i] == 0x5C, i + 1 < u.count, u[i + 1] == 0x5C {
                out.append(0x5C)
                i += 2
            } else if u[i] == 0x5C, i + 3 < u.count, let a = octal(u[i + 1]), let b = octal(u[i + 2]),
                let c = octal(u[i + 3])
            {
                out.append(a << 6 | b << 3 | c)
                i += 4
            } else {
                out.append(u[i])
                i += 1
            }
        }
        return out
    }

    static func hex(_ c: UInt8) -> UInt8? {
        switch c {
        case 0x30...0x39: c - 0x30
        case 0x61...0x66: c - 0x61 + 10
        case 0x41...0x46: c - 0x41 + 10
        default: nil
        }
    }

    static func octal(_ c: UInt8) -> UInt8? { (0x30...0x37).contains(c) ? c - 0x30 : nil }
}
