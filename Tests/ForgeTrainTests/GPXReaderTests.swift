import ForgeCore
import Foundation
import Testing

@testable import ForgeTrain

/// GPX quirk files (Tests/Fixtures/gpx) through the reader and the workout builder.
struct GPXReaderTests {
    static let calendar = HouseholdCalendar(timeZone: TimeZone(identifier: "Europe/London")!)

    static func fixture(_ name: String) throws -> Data {
        try Data(
            contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
                .appendingPathComponent("Fixtures/\(name)"))
    }

    static func workout(_ name: String) throws -> CardioWorkout {
        try TrackWorkout.workout(TrackFileReader.read(fixture(name), zone: calendar.timeZone), calendar: calendar)
    }

    @Test func segmentsPauseAndThePrefixedExtensionIsRead() throws {
        let file = try TrackFileReader.read(Self.fixture("gpx/two-segments-prefixed.gpx"), zone: Self.calendar.timeZone)
        #expect(file.format == .gpx && file.name == "Midnight Run" && file.sport == "running")
        #expect(file.points.map(\.segment) == [0, 0, 0, 2, 2, 2])  // the empty middle segment holds no points
        #expect(file.points.map(\.ele) == [10.0, nil, 11.5, nil, nil, nil])

        let w = try Self.workout("gpx/two-segments-prefixed.gpx")
        // 23:30Z on 14 July is 00:30 BST on 15 July: the household date.
        #expect(w.day.description == "2026-07-15")
        #expect(w.trace.hr.map(\.t) == [0, 10, 20, 320, 340, 390])
        #expect(w.trace.hr.map(\.bpm) == [120, 130, 140, 150, 112, 100])
        #expect(w.trace.breaks == [3])
        // Moving time: (20 − 0) + (390 − 320) = 90 s; the 5-minute pause is not counted.
        #expect(w.durationS == 90)
        // Two 0.001° latitude steps, none across the pause: 2 × 6371.0088 × 0.001 × π/180 = 0.22239 km.
        #expect(abs((w.distanceKm ?? 0) - 0.222390) < 0.000_01)
        #expect(w.trace.route.count == 6 && w.maxHR == 150)
        // Zone 2 credits: 120:10 + 130:10 + 140:0 (pause follows) + 150:— + 112:min(50,30)=30 + 100:0 = 50 s.
        #expect(ZoneTime.minutes(w.trace, in: ZoneTime.zone2) == 50.0 / 60)
    }

    @Test func anyPrefixOrDefaultNamespaceIsMatchedByURI() throws {
        let w = try Self.workout("gpx/default-namespace-extension.gpx")
        #expect(w.name == "Lunch Jog")
        // +02:00 is written: the day is the written date.
        #expect(w.day.description == "2026-07-16")
        // The third point's hr is in a foreign namespace and is not a heart rate.
        #expect(w.trace.hr == [HRSample(t: 0, bpm: 118), HRSample(t: 5, bpm: 146)])
        #expect(w.trace.route.count == 3)
    }

    @Test func untimedPointsAreRouteOnlyAndAFileWithoutTimesIsRefused() throws {
        let w = try Self.workout("gpx/partly-timed.gpx")
        #expect(w.name == "Workout" && w.trace.route.count == 3)
        #expect(w.trace.hr == [HRSample(t: 0, bpm: 100)])  // the untimed 180 cannot be placed
        #expect(w.durationS == 60)
        #expect(throws: TrackFileError.nothingTimed) { try Self.workout("gpx/untimed.gpx") }
        #expect(throws: TrackFileError.unknownFormat) {
            try TrackFileReader.read(Data("<html><body/></html>".utf8), zone: Self.calendar.timeZone)
        }
        #expect(throws: TrackFileError.self) {
            try TrackFileReader.read(
                Data("<gpx xmlns=\"http://www.topografix.com/GPX/1/1\"><trk>".utf8), zone: Self.calendar.timeZone)
        }
    }

    /// Issue 28 item 1: a recorder that writes its points newest-first. 31 points at 120 bpm,
    /// 10 s apart, over 300 s: read oldest-first, all 300 s are credited (5.0 min in zone 2).
    @Test func aFileWrittenNewestFirstIsReadInTimeOrder() throws {
        let points = (0...30).reversed().map { i in
            let time = Date(timeIntervalSince1970: 1_784_268_000 + Double(i) * 10).formatted(.iso8601)
            return """
                <trkpt lat="\(51.5 + Double(i) * 0.0001)" lon="-0.12"><time>\(time)</time>\
                <extensions><gpxtpx:TrackPointExtension><gpxtpx:hr>120</gpxtpx:hr>\
                </gpxtpx:TrackPointExtension></extensions></trkpt>
                """
        }
        let gpx = """
            <?xml version="1.0" encoding="UTF-8"?>
            <gpx version="1.1" creator="newest-first" xmlns="http://www.topografix.com/GPX/1/1" \
            xmlns:gpxtpx="http://www.garmin.com/xmlschemas/TrackPointExtension/v1">
            <trk><name>Backwards</name><trkseg>
            \(points.joined(separator: "\n"))
            </trkseg></trk></gpx>
            """
        let w = try TrackWorkout.workout(
            TrackFileReader.read(Data(gpx.utf8), zone: Self.calendar.timeZone), calendar: Self.calendar)
        #expect(w.durationS == 300)
        #expect(w.trace.hr.map(\.t) == (0...30).map { Double($0) * 10 })
        #expect(ZoneTime.minutes(w.trace, in: ZoneTime.zone2) == 5.0)
        let zones = try #require(FiveZones.of(w.trace, prefsHRMax: 190))
        #expect(zones.zones.map(\.minutes) == [0, 5.0, 0, 0, 0])  // 120 ≥ round(0.60 × 190) = 114
    }
}
