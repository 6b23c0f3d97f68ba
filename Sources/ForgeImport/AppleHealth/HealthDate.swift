import ForgeCore
import Foundation

/// A time as Apple Health's export.xml writes it, read straight from the attribute's bytes (no
/// formatter: a large export has tens of millions of them):
///
/// - `2019-07-19 10:36:11 -0700` (every export since iOS 9 or so);
/// - `20140114084347-0800` (iOS 8-era exports: compact, offset without a space);
/// - ISO 8601 `2019-07-19T10:36:11-07:00` / `Z` (third-party re-exports).
///
/// The offset is kept: a sample's day is its calendar date in the offset it was written with, as
/// /ingest files workouts (docs/contract.md §1.2).
struct HealthDate: Sendable, Equatable {
    /// Seconds since 1970-01-01T00:00:00Z.
    let seconds: Int
    /// The written offset east of UTC, seconds.
    let offset: Int

    var instant: Date { Date(timeIntervalSince1970: Double(seconds)) }

    /// The calendar date in the written offset.
    var localDate: LocalDate { LocalDate(dayNumber: Self.floorDiv(seconds + offset, 86_400)) }

    /// Midnight starting ``localDate`` in the written offset: where a day's total is filed.
    var localMidnight: HealthDate {
        HealthDate(seconds: localDate.dayNumber * 86_400 - offset, offset: offset)
    }

    static func floorDiv(_ a: Int, _ b: Int) -> Int { a >= 0 ? a / b : -((-a + b - 1) / b) }

    /// Parses a NUL-terminated attribute value; nil when it is none of the forms above or names an
    /// impossible calendar time (month 13, minute 61).
    static func parse(_ text: UnsafePointer<CChar>) -> HealthDate? {
        var p = text
        while p.pointee == 0x20 { p += 1 }
        func digit(_ q: UnsafePointer<CChar>) -> Int? {
            let c = Int(q.pointee)
            return c >= 48 && c <= 57 ? c - 48 : nil
        }
        func number(_ n: Int) -> Int? {
            var v = 0
            for _ in 0..<n {
                guard let d = digit(p) else { return nil }
                v = v * 10 + d
                p += 1
            }
            return v
        }
        guard let year = number(4) else { return nil }
        let compact = p.pointee != 0x2D  // "-"
        if !compact { p += 1 }
        guard let month = number(2) else { return nil }
        if !compact {
            guard p.pointee == 0x2D else { return nil }
            p += 1
        }
        guard let day = number(2) else { return nil }
        if !compact {
            guard p.pointee == 0x20 || p.pointee == 0x54 else { return nil }  // " " or "T"
            p += 1
        }
        guard let hour = number(2) else { return nil }
        if !compact {
            guard p.pointee == 0x3A else { return nil }
            p += 1
        }
        guard let minute = number(2) else { return nil }
        if !compact {
            guard p.pointee == 0x3A else { return nil }
            p += 1
        }
        guard let second = number(2) else { return nil }
        if p.pointee == 0x2E {  // fractional seconds: dropped
            p += 1
            while digit(p) != nil { p += 1 }
        }
        while p.pointee == 0x20 { p += 1 }
        var offset = 0
        switch p.pointee {
        case 0x5A: p += 1  // Z
        case 0x2B, 0x2D:
            let sign = p.pointee == 0x2D ? -1 : 1
            p += 1
            guard let oh = number(2) else { return nil }
            if p.pointee == 0x3A { p += 1 }
            let om = number(2) ?? 0
            guard oh <= 18, om < 60 else { return nil }
            offset = sign * (oh * 3600 + om * 60)
        default: return nil
        }
        while p.pointee == 0x20 { p += 1 }
        guard p.pointee == 0, (1...12).contains(month), day >= 1, day <= Self.daysIn(month: month, year: year),
            hour < 24, minute < 60, second <= 60
        else { return nil }
        let days = LocalDate(year: year, month: month, day: day).dayNumber
        return HealthDate(seconds: days * 86_400 + hour * 3600 + minute * 60 + second - offset, offset: offset)
    }

    /// Days in `month` of `year` (Gregorian).
    static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// Parses a Swift string (tests, `<Location date=...>` copies).
    static func parse(_ text: String) -> HealthDate? { text.withCString { parse($0) } }
}
