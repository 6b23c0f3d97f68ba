import ForgeCore
import Foundation

/// A time as Apple Health's export.xml writes it, read by ForgeCore's ``WrittenTime`` straight from the
/// attribute's bytes (no formatter, no copy: a large export has tens of millions of them):
///
/// - `2019-07-19 10:36:11 -0700` (every export since iOS 9 or so);
/// - `20140114084347-0800` (iOS 8-era exports: compact, offset without a space);
/// - ISO 8601 `2019-07-19T10:36:11-07:00` / `Z` (third-party re-exports);
///
/// with blanks around it and before the zone, a fraction of the second (dropped), and one- or
/// two-digit time fields (``WrittenTime/Forms/relaxed``). The zone is required.
///
/// The offset is kept: a sample's day is its calendar date in the offset it was written with, as
/// /ingest files workouts (docs/contract.md §1.2; ``LocalDate/init(seconds:offset:)``).
struct HealthDate: Sendable, Equatable {
    /// Seconds since 1970-01-01T00:00:00Z.
    let seconds: Int
    /// The written offset east of UTC, seconds.
    let offset: Int

    var instant: Date { Date(timeIntervalSince1970: Double(seconds)) }

    /// The calendar date in the written offset.
    var localDate: LocalDate { LocalDate(seconds: seconds, offset: offset) }

    /// Midnight starting ``localDate`` in the written offset: where a day's total is filed.
    var localMidnight: HealthDate {
        HealthDate(seconds: localDate.dayNumber * 86_400 - offset, offset: offset)
    }

    /// The forms export.xml's dates come in.
    static let forms: WrittenTime.Forms = [.relaxed, .compact]

    /// Parses a NUL-terminated attribute value; nil when it is none of the forms above or names an
    /// impossible calendar time (month 13, minute 61).
    static func parse(_ text: UnsafePointer<CChar>) -> HealthDate? {
        let count = strlen(text)
        var time = WrittenTime()
        let end = text.withMemoryRebound(to: UInt8.self, capacity: count) { start in
            WrittenTime.scan(UnsafeBufferPointer(start: start, count: count), forms: forms, into: &time)
        }
        guard end == count, let offset = time.zone.seconds else { return nil }
        return HealthDate(seconds: time.wallSeconds - offset, offset: offset)
    }

    /// Parses a Swift string (tests, `<Location date=...>` copies).
    static func parse(_ text: String) -> HealthDate? { text.withCString { parse($0) } }
}
