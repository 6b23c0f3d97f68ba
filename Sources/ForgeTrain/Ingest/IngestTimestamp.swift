import ForgeCore
import Foundation

/// A timestamp of a Health Auto Export payload or a GPX/TCX file.
///
/// Accepted (docs/contract.md §4.14): `YYYY-MM-DD HH:MM:SS ±HHMM`,
/// `YYYY-MM-DDTHH:MM:SS±HHMM`, and ISO 8601 (`Z`, `±HH:MM`, `±HH`,
/// fractional seconds, or no zone at all). A numeric offset is kept: the
/// workout's day is its calendar date in that offset (a run at 00:15 +0100
/// belongs to that local day everywhere). `Z` and zone-less times carry no
/// local offset; their day is the household date.
package struct IngestTimestamp: Sendable, Equatable {
    /// The instant.
    package let instant: Date
    /// The written offset east of UTC, seconds; nil for `Z` or no zone.
    package let offset: Int?
    /// False when the text had no zone (read in the household zone).
    package let zoneAware: Bool
    /// The calendar date as written (local date of a numeric offset).
    let writtenDate: LocalDate

    /// The trained day: the written date under a numeric offset, else the household date.
    package func day(in calendar: HouseholdCalendar) -> LocalDate {
        offset != nil ? writtenDate : calendar.date(of: instant)
    }

    /// Parses `text`; nil when it is not one of the accepted forms.
    /// - Parameter zone: the household zone, for zone-less times.
    package static func parse(_ text: String, zone: TimeZone) -> IngestTimestamp? {
        let c = Array(text.trimmingCharacters(in: .whitespaces).utf8)
        var i = 0
        func digits(_ n: Int) -> Int? {
            guard i + n <= c.count else { return nil }
            var v = 0
            for k in i..<(i + n) {
                guard c[k] >= 48, c[k] <= 57 else { return nil }
                v = v * 10 + Int(c[k] - 48)
            }
            i += n
            return v
        }
        func expect(_ ch: UInt8) -> Bool {
            if i < c.count, c[i] == ch {
                i += 1
                return true
            }
            return false
        }
        guard let y = digits(4), expect(45), let mo = digits(2), expect(45), let d = digits(2),
            i < c.count, c[i] == 32 || c[i] == 84 || c[i] == 116
        else { return nil }
        i += 1
        guard let h = digits(2), expect(58), let mi = digits(2) else { return nil }
        var sec = 0.0
        if expect(58) {
            guard let s = digits(2) else { return nil }
            sec = Double(s)
            if i < c.count, c[i] == 46 || c[i] == 44 {
                i += 1
                var scale = 0.1
                var any = false
                while i < c.count, c[i] >= 48, c[i] <= 57 {
                    sec += Double(c[i] - 48) * scale
                    scale /= 10
                    i += 1
                    any = true
                }
                guard any else { return nil }
            }
        }
        while i < c.count, c[i] == 32 { i += 1 }
        var offset: Int? = nil
        var aware = true
        if i == c.count {
            aware = false
        } else if c[i] == 90 || c[i] == 122 {  // Z
            i += 1
        } else if c[i] == 43 || c[i] == 45 {  // ±HH[:]MM or ±HH
            let sign = c[i] == 45 ? -1 : 1
            i += 1
            guard let oh = digits(2) else { return nil }
            var om = 0
            if i < c.count {
                _ = expect(58)
                guard let m = digits(2) else { return nil }
                om = m
            }
            guard oh <= 18, om < 60 else { return nil }
            offset = sign * (oh * 3600 + om * 60)
        } else {
            return nil
        }
        guard i == c.count, (1...12).contains(mo), (1...31).contains(d), h < 24, mi < 60, sec < 61 else { return nil }
        guard let date = LocalDate(LocalDate(year: y, month: mo, day: d).description) else { return nil }
        let wallSeconds = Double(date.dayNumber * 86_400 + h * 3600 + mi * 60) + sec
        let instant: Date
        if aware {
            instant = Date(timeIntervalSince1970: wallSeconds - Double(offset ?? 0))
        } else {
            var cal = Calendar(identifier: .gregorian)
            cal.timeZone = zone
            let comps = DateComponents(year: y, month: mo, day: d, hour: h, minute: mi, second: Int(sec))
            guard let base = cal.date(from: comps) else { return nil }
            instant = base.addingTimeInterval(sec - Double(Int(sec)))
        }
        return IngestTimestamp(instant: instant, offset: offset, zoneAware: aware, writtenDate: date)
    }
}
