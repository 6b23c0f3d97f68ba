import Foundation

/// Timestamps and dates as the original server's databases write them.
enum SourceTime {
    /// `YYYY-MM-DD`.
    static func isDate(_ text: String) -> Bool {
        let u = Array(text.utf8)
        guard u.count == 10, u[4] == 0x2D, u[7] == 0x2D else { return false }
        return [0, 1, 2, 3, 5, 6, 8, 9].allSatisfy { (0x30...0x39).contains(u[$0]) }
    }

    /// `YYYY-MM-DD[ T]HH:MM[:SS[.ffffff]][Z|+HH[:MM]|-HH[:MM]]`; no offset means UTC.
    static func instant(_ text: String) -> Date? {
        let u = Array(text.trimmingCharacters(in: .whitespaces).utf8)
        guard u.count >= 16, isDate(String(decoding: u[0..<10], as: UTF8.self)), u[10] == 0x20 || u[10] == 0x54
        else { return nil }
        func number(_ r: Range<Int>) -> Int? {
            guard r.upperBound <= u.count else { return nil }
            var v = 0
            for i in r {
                guard (0x30...0x39).contains(u[i]) else { return nil }
                v = v * 10 + Int(u[i] - 0x30)
            }
            return v
        }
        guard let year = number(0..<4), let month = number(5..<7), let day = number(8..<10),
            let hour = number(11..<13), u[13] == 0x3A, let minute = number(14..<16)
        else { return nil }
        var i = 16
        var second = 0
        var fraction = 0.0
        if i < u.count, u[i] == 0x3A {
            guard let s = number((i + 1)..<(i + 3)) else { return nil }
            second = s
            i += 3
            if i < u.count, u[i] == 0x2E {
                i += 1
                var scale = 0.1
                while i < u.count, (0x30...0x39).contains(u[i]) {
                    fraction += Double(u[i] - 0x30) * scale
                    scale /= 10
                    i += 1
                }
            }
        }
        var offset = 0
        if i < u.count {
            if u[i] == 0x5A || u[i] == 0x7A {
                i += 1
            } else if u[i] == 0x2B || u[i] == 0x2D {
                let sign = u[i] == 0x2B ? 1 : -1
                guard let h = number((i + 1)..<(i + 3)) else { return nil }
                i += 3
                var m = 0
                if i < u.count, u[i] == 0x3A { i += 1 }
                if i + 2 <= u.count, let mm = number(i..<(i + 2)) {
                    m = mm
                    i += 2
                }
                offset = sign * (h * 3600 + m * 60)
            } else {
                return nil
            }
        }
        guard i == u.count, (1...12).contains(month), (1...31).contains(day), hour < 24, minute < 60, second < 61
        else { return nil }
        var parts = DateComponents()
        (parts.year, parts.month, parts.day, parts.hour, parts.minute, parts.second) =
            (year, month, day, hour, minute, second)
        var utc = Calendar(identifier: .gregorian)
        utc.timeZone = TimeZone(identifier: "UTC")!
        guard let base = utc.date(from: parts) else { return nil }
        return base.addingTimeInterval(fraction - Double(offset))
    }
}

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
