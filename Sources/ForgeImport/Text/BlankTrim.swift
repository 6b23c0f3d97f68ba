import Foundation

extension String {
    /// The text without leading and trailing blanks: exactly
    /// `trimmingCharacters(in: .whitespaces)` (tabs and Unicode space
    /// separators), answered without Foundation when the first and last bytes
    /// are visible ASCII, as nearly every field of a large CSV is.
    package var trimmedBlanks: String {
        guard let first = utf8.first, let last = utf8.last else { return self }
        func mayBeBlank(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 || b >= 0x80 }
        guard mayBeBlank(first) || mayBeBlank(last) else { return self }
        return trimmingCharacters(in: .whitespaces)
    }
}
