import ForgeCore
import Foundation

/// Day totals of the Health types that forged stores one sample per day of, as Health Auto Export
/// pushes them (one `steps` and one `sleep_h` sample per day, filed at the day's local midnight):
///
/// - `steps`: the step records that start on the day (in the offset they were written with).
/// - `sleep_h`: the asleep records (any `Asleep…` stage; not `InBed`, not `Awake`) that end on the
///   day (the morning a night ends on), in hours.
///
/// Health keeps every source's own records (an iPhone and a Watch both count the same walk; a Watch
/// and a sleep app both time the same night), so a day's total is the largest single source's sum,
/// never the sum of sources: what the Health app shows, within its own de-duplication of overlaps.
/// Memory: one entry per day and source.
struct HealthDailyTotals {
    struct Day {
        /// Local midnight of the day, in the offset of the day's first record.
        var midnight: HealthDate
        /// Sum per source (a hash of its name).
        var bySource: [UInt64: Double] = [:]

        var total: Double { bySource.values.max() ?? 0 }
    }

    private(set) var steps: [Int: Day] = [:]
    private(set) var sleep: [Int: Day] = [:]

    /// Adds a step record of `count` steps starting at `start` from `source`.
    mutating func addSteps(_ count: Double, start: HealthDate, source: UInt64) {
        let day = start.localDate.dayNumber
        steps[day, default: Day(midnight: start.localMidnight)].bySource[source, default: 0] += count
    }

    /// Adds an asleep interval from `start` to `end` from `source`.
    mutating func addSleep(start: HealthDate, end: HealthDate, source: UInt64) {
        let seconds = Double(max(0, end.seconds - start.seconds))
        let day = end.localDate.dayNumber
        sleep[day, default: Day(midnight: end.localMidnight)].bySource[source, default: 0] += seconds
    }

    /// The samples to store, oldest day first: (stored type, canonical unit, value, instant).
    /// Steps are whole counts; sleep hours are rounded to 2 dp (as /ingest rounds).
    func samples() -> [(type: String, unit: String, value: Double, at: HealthDate)] {
        let s = steps.sorted { $0.key < $1.key }.map { entry in
            (type: "steps", unit: "count", value: Rounding.halfEven(entry.value.total), at: entry.value.midnight)
        }
        let n = sleep.sorted { $0.key < $1.key }.map { entry in
            (type: "sleep_h", unit: "h", value: Rounding.round2(entry.value.total / 3600), at: entry.value.midnight)
        }
        return s + n
    }

    /// FNV-1a of a NUL-terminated source name: a key without copying the name.
    static func sourceKey(_ name: UnsafePointer<CChar>?) -> UInt64 {
        guard var p = name else { return 0 }
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        while p.pointee != 0 {
            hash = (hash ^ UInt64(UInt8(bitPattern: p.pointee))) &* 0x100_0000_01b3
            p += 1
        }
        return hash
    }
}
