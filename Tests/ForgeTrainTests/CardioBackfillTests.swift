import ForgeCore
import ForgeStore
import Foundation
import Testing

@testable import ForgeTrain

/// The same run from two sources keeps one session with what each brought (issue 38 item 10): an
/// Apple Health import stored the route, a Health Auto Export push then brings the heart rate.
struct CardioBackfillTests {
    @Test func aLaterPushAddsTheHeartRateTheStoredRunLacks() throws {
        try withAdaDatabase { db in
            let start = Date(timeIntervalSince1970: 1_790_000_000)
            let day = LocalDate(year: 2026, month: 9, day: 21)
            let route = (0..<40).map { RoutePoint(lat: 51.5 + Double($0) * 0.0001, lon: -0.12) }
            let hr = (0..<40).map { HRSample(t: Double($0) * 60, bpm: 128 + Double($0 % 7)) }
            let now = Date()
            let (first, second, third) = try db.write { c in
                let fromExport = CardioWorkout(
                    name: "Running", start: start, day: day, durationS: 2400, distanceKm: 6,
                    trace: CardioTrace(route: route), source: "watch")
                let pushed = CardioWorkout(
                    name: "Outdoor Run", start: start, day: day, durationS: 2400, distanceKm: 6,
                    trace: CardioTrace(hr: hr), source: "watch")
                return (
                    try CardioRecorder.record(fromExport, userID: "ada", now: now, reconcile: false, in: c),
                    try CardioRecorder.record(pushed, userID: "ada", now: now, in: c),
                    try CardioRecorder.record(pushed, userID: "ada", now: now, in: c)
                )
            }
            guard case .created(let id) = first, case .backfilled(let same) = second, case .skipped = third else {
                Issue.record("expected created, backfilled, skipped: \(first), \(second), \(third)")
                return
            }
            #expect(same == id)
            let stored = try db.read { try CardioStore.trace(sessionID: id, userID: "ada", in: $0) }
            #expect(stored?.route.count == 40 && stored?.hr.count == 40)
            let sessions: Int? = try db.read { try $0.scalar("SELECT COUNT(*) FROM sessions WHERE user_id = 'ada'") }
            #expect(sessions == 1)
            let stats: String? = try db.read { try $0.scalar("SELECT stats FROM sessions WHERE id = ?", [id]) }
            #expect(stats?.contains("\"zone2_min\"") == true)
        }
    }
}
