import ForgeCore
import Foundation

/// A GPX/TCX file as a cardio workout: the same ``CardioWorkout`` that
/// ingest builds, so import runs through ``CardioRecorder`` too.
package enum TrackWorkout {
    /// Mean Earth radius, km (IUGG mean radius R₁ = 6371.0088 km).
    static let earthRadiusKm = 6371.0088

    /// Great-circle distance in km by the haversine formula (Sinnott, R. W.
    /// (1984), "Virtues of the Haversine", *Sky and Telescope* 68(2), 159).
    package static func haversineKm(_ a: RoutePoint, _ b: RoutePoint) -> Double {
        let rad = Double.pi / 180
        let dLat = (b.lat - a.lat) * rad
        let dLon = (b.lon - a.lon) * rad
        let h = sin(dLat / 2) * sin(dLat / 2) + cos(a.lat * rad) * cos(b.lat * rad) * sin(dLon / 2) * sin(dLon / 2)
        return 2 * earthRadiusKm * asin(min(1, sqrt(h)))
    }

    /// Builds the workout.
    ///
    /// - start / end: the earliest and latest point time; day: the start's
    ///   date in its written offset, or the household date for UTC times.
    /// - duration_s: TCX Σ lap `TotalTimeSeconds` when present, else the sum
    ///   over segments of (last − first timed point): pauses between
    ///   segments are not counted.
    /// - distance: TCX Σ lap `DistanceMeters` when present, else the
    ///   haversine sum within each segment (never across a pause).
    /// - HR trace: timed points with a heart rate in time order (a file
    ///   written newest-first is read oldest-first; equal times keep file
    ///   order), `t` = seconds since start (1 dp); the first sample of each later segment starts a new segment
    ///   (``CardioTrace/breaks``), so the pause credits no zone time.
    ///   `avg_hr` is the mean of the samples, `max_hr` the highest.
    /// - route: every point with valid coordinates, 6 dp (untimed points too).
    /// - name: GPX track name, else the sport/type, else `"Workout"`.
    /// - Throws: ``TrackFileError/noPoints``, ``TrackFileError/nothingTimed``.
    package static func workout(_ file: TrackFile, calendar: HouseholdCalendar) throws -> CardioWorkout {
        guard !file.points.isEmpty else { throw TrackFileError.noPoints }
        let timed = file.points.enumerated()
            .compactMap { i, p in p.time.map { (i, p, $0) } }
            .sorted { ($0.2.instant, $0.0) < ($1.2.instant, $1.0) }
            .map { ($0.1, $0.2) }
        guard let first = timed.min(by: { $0.1.instant < $1.1.instant }),
            let last = timed.max(by: { $0.1.instant < $1.1.instant })
        else { throw TrackFileError.nothingTimed }
        let start = first.1.instant

        var spans: [Int: (Date, Date)] = [:]
        for (p, ts) in timed {
            let s = spans[p.segment]
            spans[p.segment] = (min(s?.0 ?? ts.instant, ts.instant), max(s?.1 ?? ts.instant, ts.instant))
        }
        let moving = spans.values.reduce(0) { $0 + $1.1.timeIntervalSince($1.0) }

        var km = 0.0
        var previous: (segment: Int, point: RoutePoint)?
        var route: [RoutePoint] = []
        for p in file.points {
            guard let lat = p.lat, let lon = p.lon, abs(lat) <= 90, abs(lon) <= 180 else { continue }
            let point = RoutePoint(lat: lat, lon: lon)
            if let prev = previous, prev.segment == p.segment { km += haversineKm(prev.point, point) }
            previous = (p.segment, point)
            route.append(RoutePoint(lat: Rounding.halfEven(lat, places: 6), lon: Rounding.halfEven(lon, places: 6)))
        }

        var hr: [HRSample] = []
        var breaks: [Int] = []
        var lastSegment: Int?
        for (p, ts) in timed {
            guard let bpm = p.hr, bpm > 0 else { continue }
            if let seg = lastSegment, seg != p.segment { breaks.append(hr.count) }
            lastSegment = p.segment
            hr.append(HRSample(t: Rounding.round1(ts.instant.timeIntervalSince(start)), bpm: bpm))
        }

        let name = [file.name, file.sport].compactMap { $0?.trimmingCharacters(in: .whitespaces) }.first { !$0.isEmpty }
        let trace = CardioTrace(hr: hr, breaks: breaks, route: route)
        return CardioWorkout(
            name: name ?? "Workout", start: start, day: first.1.day(in: calendar),
            end: last.1.instant, durationS: file.lapSeconds ?? moving,
            distanceKm: file.lapMeters.map { $0 / 1000 } ?? (km > 0 ? km : nil),
            avgHR: trace.heartRate?.mean, maxHR: trace.heartRate?.max, kcal: file.kcal,
            trace: trace, source: file.format.rawValue)
    }
}
