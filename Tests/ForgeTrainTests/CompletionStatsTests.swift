import ForgeCore
import Foundation
import Testing

@testable import ForgeTrain

struct CompletionStatsTests {
    func set(_ w: Double, _ r: Int, _ rpe: Int?, ts: String = "2026-07-20T17:10:00.000Z") -> LoggedSet {
        LoggedSet(slug: "back-squat", substitutedFor: nil, setNo: 1, weight: w, reps: r, rpe: rpe, ts: ts)
    }

    @Test func tonnageAndAverageRPE() {
        let sets = [set(60, 5, 7), set(62.5, 5, 8), set(65, 5, 0), set(70, 5, nil)]
        // (300 + 312.5 + 325 + 350) / 1000 = 1.2875 → 1.29; RPE 0 and missing are ignored: (7 + 8) / 2.
        #expect(CompletionStats.tonnage(sets) == 1.29)
        #expect(CompletionStats.averageRPE(sets) == 7.5)
        #expect(CompletionStats.averageRPE([set(60, 5, nil)]) == nil)
        let start = Instant.parse("2026-07-20T17:00:00.000Z")!
        let stats = CompletionStats.stats(
            sets: sets, setsPlanned: 12, start: start, end: start.addingTimeInterval(3599.9))
        #expect(stats.setsDone == 4 && stats.setsPlanned == 12 && stats.partial == true)
        #expect(stats.durationS == 3599 && stats.tonnage == 1.29 && stats.avgRpe == 7.5)
    }

    @Test func anAbandonedSessionEndsAtItsLastSet() {
        let day = LocalDate(year: 2026, month: 7, day: 19)
        let now = Instant.parse("2026-07-20T08:00:00.000Z")!
        let sets = [set(60, 5, 7, ts: "2026-07-19T18:00:00.000Z"), set(60, 5, 7, ts: "2026-07-19T18:05:00.000Z")]
        #expect(
            CompletionStats.end(day: day, today: day.adding(days: 1), now: now, sets: sets)
                == Instant.parse("2026-07-19T18:05:00.000Z"))
        #expect(CompletionStats.end(day: day, today: day, now: now, sets: sets) == now)
        #expect(CompletionStats.end(day: day, today: day.adding(days: 1), now: now, sets: []) == now)
    }

    /// `StrengthStats.json` is built by hand; it must equal the encoder's tree and stored text.
    @Test func theStatsTreeIsTheEncodersTree() throws {
        let cases = [
            StrengthStats(tonnage: 1.29, setsDone: 4, setsPlanned: 12, partial: true, avgRpe: 7.5, durationS: 3599),
            StrengthStats(tonnage: 0, setsDone: 0, setsPlanned: 0, partial: false, avgRpe: nil, durationS: nil),
            StrengthStats(tonnage: 12, setsDone: 30, setsPlanned: 0, partial: false, avgRpe: 8, durationS: 0),
            StrengthStats(tonnage: 3.07, setsDone: 7, setsPlanned: 9, partial: true, avgRpe: nil, durationS: 5400),
        ]
        for stats in cases {
            let encoded = try WireEncoder.jsonValue(stats)
            #expect(stats.json == encoded)
            #expect(try JSONCoding.string(stats.json) == JSONCoding.string(encoded))
        }
    }
}
