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
        return text(high: generator.next(), low: generator.next())
    }

    /// `high` and `low` (the id's first and last 64 bits) with the version-4
    /// and variant bits set, as 32 lowercase hex digits.
    static func text(high: UInt64, low: UInt64) -> String {
        let high = (high & ~0xF000) | 0x4000  // version 4 (bits 48-51)
        let low = (low & ~(0xC000 << 48)) | (0x8000 << 48)  // variant 10 (bits 64-65)
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

/// Ids for one bulk writer (an import's sessions and sets): the same shape
/// as ``Identifier/make()`` (32 lowercase hex digits, version-4 and variant
/// bits set), but one run of consecutive values from a start drawn once from
/// the system generator, instead of two `getrandom` calls per id.
///
/// - Unique: the start has 90 random bits (the last 32 bits are a counter
///   that starts at 0 and is never carried out of, since a run of 2^32 ids
///   draws a fresh start), so two runs, or a run and a random id, meet with
///   chance about `count × 2^-90`; the primary keys would refuse a repeat.
/// - Consecutive: each id sorts right after the one before, so a batch's
///   new keys land together in a table's primary-key index and the
///   `session_id` index of `sets` (a few index pages touched per batch, not
///   every page), which is what makes them cheaper than random ids to insert.
/// - Not secrets: ids name rows (and follow each other); sign-in tokens and
///   keys are drawn from the system's random bytes, never from a run.
package struct IdentifierRun {
    private var high: UInt64
    private var low: UInt64

    /// A run from a fresh random start.
    package init() {
        var generator = SystemRandomNumberGenerator()
        high = generator.next()
        low = generator.next() & ~0xFFFF_FFFF
    }

    /// The next id of the run.
    package mutating func next() -> String {
        if low & 0xFFFF_FFFF == 0xFFFF_FFFF { self = IdentifierRun() }
        let id = Identifier.text(high: high, low: low)
        low += 1
        return id
    }
}
