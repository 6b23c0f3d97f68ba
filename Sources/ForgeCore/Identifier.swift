import Foundation

/// Row ids: 32 lowercase hex characters (a random UUID without dashes),
/// as the contract's `id` type.
package enum Identifier {
    private static let hex = Array("0123456789abcdef".utf8)

    /// A fresh random id: 128 random bits from the system generator with the
    /// version-4 and variant bits of RFC 9562 §5.4 set, written as 32 lowercase
    /// hex digits (the form `UUID().uuidString` takes without dashes, lowercased;
    /// built directly because bulk writers make one per row).
    package static func make() -> String {
        var generator = SystemRandomNumberGenerator()
        var high = generator.next()
        var low = generator.next()
        high = (high & ~0xF000) | 0x4000  // version 4 (bits 48-51)
        low = (low & ~(0xC000 << 48)) | (0x8000 << 48)  // variant 10 (bits 64-65)
        return String(unsafeUninitializedCapacity: 32) { out in
            for i in 0..<16 {
                let word = i < 8 ? high : low
                let byte = UInt8(truncatingIfNeeded: word >> (UInt64(7 - i % 8) * 8))
                out[2 * i] = hex[Int(byte >> 4)]
                out[2 * i + 1] = hex[Int(byte & 0x0F)]
            }
            return 32
        }
    }

    /// True when `text` has the id shape.
    package static func isValid(_ text: String) -> Bool {
        text.utf8.count == 32 && text.utf8.allSatisfy { (48...57).contains($0) || (97...102).contains($0) }
    }
}
