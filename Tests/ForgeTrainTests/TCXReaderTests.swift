import ForgeCore
import Foundation
import Testing

@testable import ForgeTrain

/// The TCX quirk file (Tests/Fixtures/tcx) through the reader and the workout builder.
struct TCXReaderTests {
    @Test func tracksInALapArePausesLapsAreNot() throws {
        let w = try GPXReaderTests.workout("tcx/two-tracks.tcx")
        #expect(w.source == "tcx" && w.name == "Running")
        #expect(w.day.description == "2026-07-18")
        // Lap totals win: 50 + 20 s, 200 + 100 m, 12 + 8 kcal.
        #expect(w.durationS == 70 && w.distanceKm == 0.3 && w.kcal == 20)
        #expect(w.trace.hr.map(\.t) == [0, 20, 600, 630, 640, 660])
        // Only the second Track of lap 1 starts a segment; lap 2 continues.
        #expect(w.trace.breaks == [2])
        // The trackpoints without Position are not on the route.
        #expect(w.trace.route.count == 4)
        // Credits: 115:20, 125:0 (pause), 150:30, 140:10, 130:20, 100:0 → zone 2 = 20 + 10 + 20 = 50 s.
        #expect(ZoneTime.minutes(w.trace, in: ZoneTime.zone2) == 50.0 / 60)
        // Intervals band 150–178: only 150 (on the lower bound, inclusive): 30 s.
        #expect(ZoneTime.minutes(w.trace, in: 150...178) == 0.5)
    }
}
