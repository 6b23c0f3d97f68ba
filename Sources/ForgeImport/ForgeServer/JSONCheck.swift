import Foundation

/// Whether a source's JSON column parses, answered without building the value:
/// a byte-level check of strict JSON (RFC 8259) for the common texts, and
/// `JSONSerialization` for whatever the check is unsure of. The check says
/// "valid" only for texts every strict reader accepts: numbers without an
/// exponent and of at most 15 digits, strings without a `\u` escape of a
/// surrogate, nesting at most 64 deep; any other text, valid or not, goes to
/// `JSONSerialization`, so the answer is always `JSONSerialization`'s.
enum JSONCheck {
    /// Whether `text` is JSON (a fragment, such as a bare number, too).
    static func parses(_ text: String) -> Bool {
        var copy = text
        let valid = copy.withUTF8 { bytes in
            var scanner = Scanner(bytes: bytes)
            return scanner.validDocument()
        }
        if valid { return true }
        return (try? JSONSerialization.jsonObject(with: Data(text.utf8), options: [.fragmentsAllowed])) != nil
    }

    /// One pass over the bytes; `false` means "invalid or unsure".
    struct Scanner {
        let bytes: UnsafeBufferPointer<UInt8>
        var i = 0

        init(bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

        mutating func validDocument() -> Bool {
            skipSpace()
            guard value(depth: 0) else { return false }
            skipSpace()
            return i == bytes.count
        }

        mutating func skipSpace() {
            while i < bytes.count, bytes[i] == 0x20 || bytes[i] == 0x0A || bytes[i] == 0x0D || bytes[i] == 0x09 {
                i += 1
            }
        }

        mutating func literal(_ word: StaticString) -> Bool {
            let n = word.utf8CodeUnitCount
            guard i + n <= bytes.count else { return false }
            for k in 0..<n where bytes[i + k] != word.utf8Start[k] { return false }
            i += n
            return true
        }

        mutating func value(depth: Int) -> Bool {
            guard i < bytes.count, depth <= 64 else { return false }
            switch bytes[i] {
            case UInt8(ascii: "{"):
                i += 1
                skipSpace()
                if i < bytes.count, bytes[i] == UInt8(ascii: "}") {
                    i += 1
                    return true
                }
                while true {
                    skipSpace()
                    guard i < bytes.count, bytes[i] == UInt8(ascii: "\""), string() else { return false }
                    skipSpace()
                    guard i < bytes.count, bytes[i] == UInt8(ascii: ":") else { return false }
                    i += 1
                    skipSpace()
                    guard value(depth: depth + 1) else { return false }
                    skipSpace()
                    guard i < bytes.count else { return false }
                    if bytes[i] == UInt8(ascii: "}") {
                        i += 1
                        return true
                    }
                    guard bytes[i] == UInt8(ascii: ",") else { return false }
                    i += 1
                }
            case UInt8(ascii: "["):
                i += 1
                skipSpace()
                if i < bytes.count, bytes[i] == UInt8(ascii: "]") {
                    i += 1
                    return true
                }
                while true {
                    skipSpace()
                    guard value(depth: depth + 1) else { return false }
                    skipSpace()
                    guard i < bytes.count else { return false }
                    if bytes[i] == UInt8(ascii: "]") {
                        i += 1
                        return true
                    }
                    guard bytes[i] == UInt8(ascii: ",") else { return false }
                    i += 1
                }
            case UInt8(ascii: "\""): return string()
            case UInt8(ascii: "t"): return literal("true")
            case UInt8(ascii: "f"): return literal("false")
            case UInt8(ascii: "n"): return literal("null")
            default: return number()
            }
        }

        /// A string from its opening quote: no control bytes, escapes of the eight
        /// letters, `\u` with four hex digits outside the surrogates.
        mutating func string() -> Bool {
            i += 1
            while i < bytes.count {
                let c = bytes[i]
                if c == UInt8(ascii: "\"") {
                    i += 1
                    return true
                }
                guard c >= 0x20 else { return false }
                if c == 0x5C {
                    guard i + 1 < bytes.count else { return false }
                    switch bytes[i + 1] {
                    case UInt8(ascii: "\""), 0x5C, UInt8(ascii: "/"), UInt8(ascii: "b"), UInt8(ascii: "f"),
                        UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
                        i += 2
                    case UInt8(ascii: "u"):
                        guard i + 5 < bytes.count else { return false }
                        var v = 0
                        for k in 2...5 {
                            guard let h = SourceBytes.hex(bytes[i + k]) else { return false }
                            v = v * 16 + Int(h)
                        }
                        guard !(0xD800...0xDFFF).contains(v) else { return false }
                        i += 6
                    default: return false
                    }
                } else {
                    i += 1
                }
            }
            return false
        }

        /// `-?(0|[1-9][0-9]*)(\.[0-9]+)?`, at most 15 digits (no exponent: unsure, so `false`).
        mutating func number() -> Bool {
            if bytes[i] == UInt8(ascii: "-") { i += 1 }
            func isDigit(_ k: Int) -> Bool { k < bytes.count && (0x30...0x39).contains(bytes[k]) }
            guard isDigit(i) else { return false }
            var digits = 0
            if bytes[i] == UInt8(ascii: "0") {
                i += 1
                digits = 1
            } else {
                while isDigit(i) {
                    i += 1
                    digits += 1
                }
            }
            if i < bytes.count, bytes[i] == UInt8(ascii: ".") {
                i += 1
                guard isDigit(i) else { return false }
                while isDigit(i) {
                    i += 1
                    digits += 1
                }
            }
            guard digits <= 15 else { return false }
            if i < bytes.count, bytes[i] == UInt8(ascii: "e") || bytes[i] == UInt8(ascii: "E") { return false }
            return true
        }
    }
}
