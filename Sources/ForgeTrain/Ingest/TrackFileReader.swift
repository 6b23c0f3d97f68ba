internal import ForgeXML
import Foundation

/// Reads GPX 1.1 and TCX (Garmin Training Center v2) files with libxml2's
/// streaming reader (``XMLReader``, loaded on first use), matching
/// elements by namespace URI and local name (so any prefix, or a default
/// namespace, works the same).
///
/// Segments: each GPX `trkseg` is one; in TCX a second `Track` inside the
/// same `Lap` starts a new segment (a pause), while a new lap continues the
/// recording. External entities are never resolved.
package enum TrackFileReader {
    static let gpxNamespacePrefix = "http://www.topografix.com/GPX/1/"
    static let tcxNamespace = "http://www.garmin.com/xmlschemas/TrainingCenterDatabase/v2"
    static let trackPointExtensionPrefix = "http://www.garmin.com/xmlschemas/TrackPointExtension/"

    /// Parses `data`.
    /// - Parameter zone: the household zone, for times written without a zone.
    /// - Throws: ``TrackFileError``: `.unknownFormat` when the root element is
    ///   neither GPX nor TCX (or there is none), `.malformed("… (line N)")` for
    ///   XML that is not well-formed or ends early, `.readerUnavailable` when libxml2
    ///   cannot be loaded (a broken installation, not a bad file).
    package static func read(_ data: Data, zone: TimeZone) throws -> TrackFile {
        // No bytes at all: no root element, not a parse error (as Foundation's XMLParser answered).
        guard !data.isEmpty else { throw TrackFileError.unknownFormat }
        var handler = TrackXMLHandler(zone: zone)
        let endLine: Int
        do {
            endLine = try XMLReader.read(data) { node in
                switch node.kind {
                case .start:
                    let (name, uri) = (node.name, node.namespaceURI)
                    guard handler.start(name, uri: uri, attribute: node.attribute) else { return false }
                    // `<a/>`: its end follows at once.
                    if node.isEmpty { handler.end(name, uri: uri) }
                case .text:
                    handler.text += node.text
                case .end:
                    handler.end(node.name, uri: node.namespaceURI)
                }
                return true
            }
        } catch let error as XMLReader.Error {
            switch error {
            case .malformed(let why, let line):
                if handler.rejected { throw TrackFileError.unknownFormat }
                throw TrackFileError.malformed("\(why) (line \(line))")
            case .libraryUnavailable:
                throw TrackFileError.readerUnavailable(error.description)
            }
        } catch let error as TrackFileError {
            throw error
        } catch {
            throw TrackFileError.malformed("\(error)")
        }
        if handler.rejected { throw TrackFileError.unknownFormat }
        guard let format = handler.format else { throw TrackFileError.unknownFormat }
        // Require every element closed, whatever the parser said about a truncated document.
        guard handler.stack.isEmpty else {
            throw TrackFileError.malformed("unexpected end of file (line \(endLine))")
        }
        return TrackFile(
            format: format, name: handler.trackName ?? handler.metadataName, sport: handler.sport,
            points: handler.points,
            lapSeconds: handler.lapSeconds > 0 ? handler.lapSeconds : nil,
            lapMeters: handler.lapMeters > 0 ? handler.lapMeters : nil,
            kcal: handler.kcal > 0 ? handler.kcal : nil)
    }
}

/// The element handler behind ``TrackFileReader``: a stack of (namespace,
/// local name) and the point being read, fed ``XMLReader``'s nodes.
struct TrackXMLHandler {
    let zone: TimeZone
    var format: TrackFile.Format?
    var rejected = false
    var stack: [(uri: String, name: String)] = []
    var text = ""
    var points: [TrackPoint] = []
    var current: TrackPoint?
    var segment = -1
    var tracksInLap = 0
    var trackName: String?
    var metadataName: String?
    var sport: String?
    var lapSeconds = 0.0, lapMeters = 0.0, kcal = 0.0

    func isGPX(_ uri: String) -> Bool { uri.hasPrefix(TrackFileReader.gpxNamespacePrefix) }
    func isTCX(_ uri: String) -> Bool { uri == TrackFileReader.tcxNamespace }
    /// The local name of the element `up` levels above the current one, in the format's namespace.
    func ancestor(_ up: Int) -> String? {
        let i = stack.count - 1 - up
        guard i >= 0 else { return nil }
        let e = stack[i]
        return format == .gpx ? (isGPX(e.uri) ? e.name : nil) : (isTCX(e.uri) ? e.name : nil)
    }

    /// An element opened; false when the root is neither GPX nor TCX (stop reading).
    /// - Parameter attribute: the value of the element's attribute (without a prefix) of a local name.
    mutating func start(_ name: String, uri: String, attribute: (String) -> String?) -> Bool {
        if stack.isEmpty {
            if name == "gpx", isGPX(uri) {
                format = .gpx
            } else if name == "TrainingCenterDatabase", isTCX(uri) {
                format = .tcx
            } else {
                rejected = true
                return false
            }
        }
        stack.append((uri, name))
        text = ""
        switch format {
        case .gpx? where isGPX(uri):
            if name == "trkseg" { segment += 1 }
            if name == "trkpt" {
                current = TrackPoint(
                    lat: attribute("lat").flatMap(Self.number), lon: attribute("lon").flatMap(Self.number),
                    segment: max(segment, 0))
            }
        case .tcx? where isTCX(uri):
            switch name {
            case "Activity": sport = attribute("Sport")
            case "Lap": tracksInLap = 0
            case "Track":
                if tracksInLap > 0 || segment < 0 { segment += 1 }
                tracksInLap += 1
            case "Trackpoint": current = TrackPoint(segment: max(segment, 0))
            default: break
            }
        default: break
        }
        return true
    }

    /// An element closed: the text gathered since the last element opened is its value.
    mutating func end(_ name: String, uri: String) {
        let value = text.trimmingCharacters(in: .whitespacesAndNewlines)
        defer {
            stack.removeLast()
            text = ""
        }
        switch format {
        case .gpx?:
            if uri.hasPrefix(TrackFileReader.trackPointExtensionPrefix), name == "hr", current != nil {
                current?.hr = Self.number(value)
            }
            guard isGPX(uri) else { return }
            let parent = ancestor(1)
            switch name {
            case "trkpt": finishPoint()
            case "ele" where parent == "trkpt": current?.ele = Self.number(value)
            case "time" where parent == "trkpt": current?.time = IngestTimestamp.parse(value, zone: zone)
            case "name" where parent == "trk": if trackName == nil, !value.isEmpty { trackName = value }
            case "name" where parent == "metadata": if !value.isEmpty { metadataName = value }
            case "type" where parent == "trk": if !value.isEmpty { sport = value }
            default: break
            }
        case .tcx?:
            guard isTCX(uri) else { return }
            let parent = ancestor(1)
            switch name {
            case "Trackpoint": finishPoint()
            case "Time" where parent == "Trackpoint": current?.time = IngestTimestamp.parse(value, zone: zone)
            case "LatitudeDegrees" where parent == "Position": current?.lat = Self.number(value)
            case "LongitudeDegrees" where parent == "Position": current?.lon = Self.number(value)
            case "AltitudeMeters" where parent == "Trackpoint": current?.ele = Self.number(value)
            case "Value" where parent == "HeartRateBpm" && ancestor(2) == "Trackpoint": current?.hr = Self.number(value)
            case "TotalTimeSeconds" where parent == "Lap": lapSeconds += Self.number(value) ?? 0
            case "DistanceMeters" where parent == "Lap": lapMeters += Self.number(value) ?? 0
            case "Calories" where parent == "Lap": kcal += Self.number(value) ?? 0
            default: break
            }
        case nil: break
        }
    }

    /// The point being read is complete: kept, and no point is being read.
    mutating func finishPoint() {
        if let point = current { points.append(point) }
        current = nil
    }

    static func number(_ text: String) -> Double? {
        Double(text.trimmingCharacters(in: .whitespacesAndNewlines)).flatMap { $0.isFinite ? $0 : nil }
    }
}
