import ForgeCore
import Foundation
import Testing

@testable import ForgeStore

/// A `Date` is stored as the millisecond an answer gave for it (``Instant/storage(_:)``): the format style
/// alone wrote an instant such as 05:34:49.735, held as the double …49.73499…, as `.734`, so a timer's GET
/// read a millisecond earlier than its POST had answered.
struct SQLDateFormatTests {
    @Test func everyMillisecondIsStoredAsItself() throws {
        // One day's worth of milliseconds spread over a year, each written as a double the way a clock gives it.
        let base = 1_765_085_689.0  // 2025-12-07T05:34:49Z
        var misses: [String] = []
        for step in 0..<86_400 {
            let ms = step * 367 % 1000
            let date = Date(timeIntervalSince1970: base + Double(step * 365) + Double(ms) / 1000)
            let stored = SQLDateFormat.string(from: date)
            if stored != Instant.storage(date) || !stored.hasSuffix(String(format: ".%03dZ", ms)) {
                misses.append(stored)
            }
        }
        #expect(misses.isEmpty, "\(misses.count) instants stored a millisecond off, e.g. \(misses.prefix(3))")
        #expect(SQLDateFormat.string(from: Date(timeIntervalSince1970: base + 0.735)).hasSuffix("49.735Z"))
    }

    @Test func storedTextReadsBackToItsMillisecond() throws {
        let text = "2026-07-20T09:15:27.104Z"
        let date = try #require(SQLDateFormat.date(from: text))
        #expect(SQLDateFormat.string(from: date) == text)
        #expect(SQLDateFormat.date(from: "2026-07-20T09:15:27Z") == Date(timeIntervalSince1970: 1_784_538_927))
        #expect(SQLDateFormat.date(from: "not a time") == nil)
    }
}
