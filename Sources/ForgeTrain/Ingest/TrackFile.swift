import Foundation

/// One point of a GPS track file (GPX `trkpt`, TCX `Trackpoint`).
package struct TrackPoint: Sendable, Equatable {
    /// Time as written; nil for an untimed point (route only).
    package var time: IngestTimestamp?
    /// Degrees (WGS 84); nil when absent or unparseable.
    package var lat: Double?
    package var lon: Double?
    /// Elevation, metres; optional in both formats and not used for stats.
    package var ele: Double?
    /// Heart rate, bpm (GPX TrackPointExtension `hr`, TCX `HeartRateBpm/Value`).
    package var hr: Double?
    /// Recording segment: points of different segments are separated by a pause.
    package var segment: Int
}

/// A parsed GPX 1.1 or TCX file, before it becomes a workout.
package struct TrackFile: Sendable {
    /// Which format the file was: GPX 1.1 or Garmin TCX.
    package enum Format: String, Sendable { case gpx, tcx }
    /// The format it was read as.
    package var format: Format
    /// GPX `trk/name` (else `metadata/name`); nil in TCX.
    package var name: String?
    /// GPX `trk/type`, TCX `Activity/@Sport` (`Running`).
    package var sport: String?
    /// The track points in file order.
    package var points: [TrackPoint]
    /// TCX Σ `Lap/TotalTimeSeconds`, seconds (moving time), when present.
    package var lapSeconds: Double?
    /// TCX Σ `Lap/DistanceMeters`, metres, when present.
    package var lapMeters: Double?
    /// TCX Σ `Lap/Calories`, kcal, when present.
    package var kcal: Double?
}

/// Why a track file cannot become a workout. The API answers 422 with the
/// description, except `.readerUnavailable` (the server's fault): 500.
package enum TrackFileError: Error, Equatable, CustomStringConvertible {
    /// Not well-formed XML (the parser's message and line).
    case malformed(String)
    /// Well-formed, but the root is neither GPX 1.x `gpx` nor TCX `TrainingCenterDatabase`.
    case unknownFormat
    /// No track points at all.
    case noPoints
    /// Points, but none with a usable time: there is no start, duration or day.
    case nothingTimed
    /// The XML reader cannot run: libxml2 (loaded on first use) is missing or
    /// broken. The reason names the Debian package and the loader's error.
    case readerUnavailable(String)

    package var description: String {
        switch self {
        case .malformed(let why): return "not well-formed XML: \(why)"
        case .unknownFormat: return "not a GPX 1.1 or TCX file"
        case .noPoints: return "the file has no track points"
        case .nothingTimed: return "no track point has a time; cannot place the workout"
        case .readerUnavailable(let why): return why
        }
    }
}
