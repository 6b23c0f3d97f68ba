import ForgeCore
import Testing

@testable import ForgeTrain

/// Time in zone by the gaps between samples (docs/architecture.md §16.9), the
/// five-zone model (docs/contract.md §4.12) and downsampling (§4.13).
struct ZoneTimeTests {
    static func trace(_ pairs: [(Double, Double)], breaks: [Int] = []) -> CardioTrace {
        CardioTrace(hr: pairs.map { HRSample(t: $0.0, bpm: $0.1) }, breaks: breaks)
    }

    @Test func gapsAreCappedCreditedToTheEarlierSampleAndBandsAreInclusive() {
        // t:   0    15   75   80   80   90
        // bpm: 110  145  146  109  130  140
        // credit: min(15,30)=15 → 110; min(60,30)=30 → 145; 5 → 146; 0 (same t) → 109; 10 → 130; last → 0.
        let t = Self.trace([(0, 110), (15, 145), (75, 146), (80, 109), (80, 130), (90, 140)])
        #expect(ZoneTime.credits(t) == [15, 30, 5, 0, 10, 0])
        // 110–145 inclusive: 15 + 30 + 10 + 0 = 55 s.
        #expect(ZoneTime.minutes(t, in: ZoneTime.zone2) == 55.0 / 60)
        // 146 alone: 5 s.
        #expect(ZoneTime.minutes(t, in: 146...146) == 5.0 / 60)
    }

    @Test func aSegmentBreakCreditsNothingAndBackwardsTimeCreditsZero() {
        // Break before index 2: the 20 s from sample 1 to sample 2 is a pause.
        let t = Self.trace([(0, 120), (10, 120), (30, 120), (25, 120), (40, 120)], breaks: [2])
        // credits: 10, 0 (break), max(25−30, 0) = 0, 15, 0.
        #expect(ZoneTime.credits(t) == [10, 0, 0, 15, 0])
        #expect(ZoneTime.minutes(t, in: ZoneTime.zone2) == 25.0 / 60)
        #expect(ZoneTime.minutes(Self.trace([]), in: ZoneTime.zone2) == 0)
    }

    /// Issue 41 item 6: a regular series sparser than 30 s credits its own interval; a pause (a gap
    /// well beyond the interval) and an irregular series keep the contract's 30 s.
    @Test func aOnceAMinuteSeriesCreditsEachMinuteAndAPauseStillCreditsLittle() {
        // A 40-minute run at 128–134 bpm, a sample each minute (with a second of jitter): about 40 minutes.
        let minutes: [(Double, Double)] = (0...40).map { minute in
            let jitter = minute % 3 == 1 ? 1 : 0
            return (Double(minute * 60 + jitter), Double(128 + minute % 7))
        }
        let run = Self.trace(minutes)
        #expect(ZoneTime.cap(run) == 75)
        #expect(abs(ZoneTime.minutes(run, in: ZoneTime.zone2) - 40) < 0.05)
        // The same series with a 10-minute pause after minute 20: the pause credits 75 s, not 10 minutes.
        let pausedMinutes: [(Double, Double)] = (0...40).map { minute in
            (Double(minute * 60 + (minute > 20 ? 600 : 0)), 130)
        }
        let paused = Self.trace(pausedMinutes)
        #expect(abs(ZoneTime.minutes(paused, in: ZoneTime.zone2) - (39 + 1.25)) < 0.001)
        // A 5-second series with a 10-minute gap: 30 s for the gap, as before.
        let denseSamples: [(Double, Double)] = (0..<100).map { i in (Double(i * 5 + (i >= 50 ? 600 : 0)), 130) }
        let dense = Self.trace(denseSamples)
        #expect(ZoneTime.cap(dense) == 30)
        let denseSeconds: Double = 98 * 5 + 30
        #expect(ZoneTime.minutes(dense, in: ZoneTime.zone2) == denseSeconds / 60)
        // Irregular readings (bursts of 5 s between minutes apart): not one interval, so 30 s.
        let readings: [Double] = [0, 5, 10, 15, 200, 205, 210, 400, 405, 600, 605, 610]
        let irregular = Self.trace(readings.map { ($0, 130) })
        #expect(ZoneTime.cap(irregular) == 30)
        // Too few gaps to tell an interval: 30 s.
        #expect(ZoneTime.cap(Self.trace([(0, 130), (60, 130), (120, 130)])) == 30)
    }

    @Test func fiveZonesUseThePreferenceAndPutBoundariesInTheUpperZone() throws {
        // hr_max 200 from prefs: bounds 0/120/140/160/180.
        // Samples every 30 s: 119 → Z1, 120 (boundary) → Z2, 140 → Z3, 159.9 → Z3, 180 → Z5, 250 (last) credits 0.
        let t = Self.trace([(0, 119), (30, 120), (60, 140), (90, 159.9), (120, 180), (150, 250)])
        let z = try #require(FiveZones.of(t, prefsHRMax: 200))
        #expect(z.estimated == false && z.hrMax == 200)
        #expect(z.zones.map(\.low) == [0, 120, 140, 160, 180])
        #expect(z.zones.map(\.high) == [120, 140, 160, 180, nil])
        #expect(z.zones.map(\.minutes) == [0.5, 0.5, 1.0, 0, 0.5])
        // Without prefs: max(190, 250) = 250 estimated; bounds 0/150/175/200/225:
        // 119, 120, 140 → Z1 (90 s), 159.9 → Z2 (30 s), 180 → Z3 (30 s).
        let e = try #require(FiveZones.of(t, prefsHRMax: nil))
        #expect(e.estimated && e.hrMax == 250)
        #expect(e.zones.map(\.minutes) == [1.5, 0.5, 0.5, 0, 0])
        #expect(e.json["hr_max"] == 250)
        #expect(FiveZones.of(Self.trace([]), prefsHRMax: nil) == nil)
    }

    @Test func downsamplingKeepsTheCapAndTheTrueLastPoint() {
        #expect(Downsampling.indices(count: 5, cap: 10) == [0, 1, 2, 3, 4])
        // 10 → 4: step 2.5, floor(0, 2.5, 5, 7.5) = 0, 2, 5, 7; last replaced by 9.
        #expect(Downsampling.indices(count: 10, cap: 4) == [0, 2, 5, 9])
        // Breaks follow kept points: a break at original index 3 lands on kept index 2 (original 5).
        let t = Self.trace((0..<10).map { (Double($0) * 10, 120) }, breaks: [3]).downsampled(hrCap: 4)
        #expect(t.hr.map(\.t) == [0, 20, 50, 90])
        #expect(t.breaks == [2])
    }
}
