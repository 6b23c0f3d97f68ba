import Foundation

extension TrackFile {
    /// The file with every impossible value left out, and how many were:
    /// the bounds `/ingest` applies (``IngestPlausibility``), so an imported
    /// GPX/TCX file stores nothing a pushed workout could not.
    ///
    /// - a point whose time is outside ``IngestPlausibility/years`` (a
    ///   `0001-01-01` time), or whose latitude or longitude is outside
    ///   ±90/±180 (`1e308`), is skipped;
    /// - a heart rate outside ``IngestPlausibility/heartRate`` is dropped from its point;
    /// - TCX lap sums outside ``IngestPlausibility/durationS``,
    ///   ``IngestPlausibility/distanceKm`` or ``IngestPlausibility/kcal`` are
    ///   dropped (the workout then falls back to what the points give).
    ///
    /// Non-finite numbers (`NaN`, `1e309`) never get here: the reader reads
    /// them as absent.
    /// - Returns: the file, and the number of points and values skipped.
    package func plausible() -> (file: TrackFile, skipped: Int) {
        var skipped = 0
        var kept: [TrackPoint] = []
        kept.reserveCapacity(points.count)
        for var point in points {
            if let time = point.time, !IngestPlausibility.instant(time.instant) {
                skipped += 1
                continue
            }
            if let lat = point.lat, !IngestPlausibility.latitude.contains(lat) {
                skipped += 1
                continue
            }
            if let lon = point.lon, !IngestPlausibility.longitude.contains(lon) {
                skipped += 1
                continue
            }
            if let hr = point.hr, !IngestPlausibility.heartRate.contains(hr) {
                point.hr = nil
                skipped += 1
            }
            kept.append(point)
        }
        var file = self
        file.points = kept
        if let s = lapSeconds, !IngestPlausibility.durationS.contains(s) {
            file.lapSeconds = nil
            skipped += 1
        }
        if let m = lapMeters, !IngestPlausibility.distanceKm.contains(m / 1000) {
            file.lapMeters = nil
            skipped += 1
        }
        if let k = kcal, !IngestPlausibility.kcal.contains(k) {
            file.kcal = nil
            skipped += 1
        }
        return (file, skipped)
    }
}
