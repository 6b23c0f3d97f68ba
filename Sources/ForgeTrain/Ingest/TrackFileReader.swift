#if canImport(FoundationXML)
import FoundationXML
#endif
import Foundation

/// Reads GPX 1.1 and TCX (Garmin Training Center v2) files with Foundation's
/// `XMLParser`, matching elements by namespace URI and local name (so any
/// prefix, or a default namespace, works the same).
///
/// Segments: each GPX `trkseg` is one; in TCX a second `Track` inside the
/// same `Lap` starts a new segment (a pause), while a new lap continues the
/// recording. External entities are never resolved.
public enum TrackFileReader {
    static let gpxNamespacePrefix = "http://www.topografix.com/GPX/1/"
    static let tcxNamespace = "http://www.garmin.com/xmlschemas/TrainingCenterDatabase/v2"
    static let trackPointExtensionPrefix = "http://www.garmin.com/xmlschemas/TrackPointExtension/"

    /// Parses `data`.
    /// - Parameter zone: the household zone, for times written without a zone.
    /// - Throws: ``TrackFileError``.
    public static func read(_ data: Data, zone: TimeZone) throws -> TrackFile {
        let parser = XMLParser(data: data)
        parser.shouldProcessNamespaces = true
        parser.shouldReportNamespacePrefixes = false
        parser.shouldResolveExternalEntities = false
        let delegate = TrackXMLDelegate(zone: zone)
        parser.delegate = delegate
        let ok = parser.parse()
        if delegate.rejected { throw TrackFileError.unknownFormat }
        guard ok, let format = delegate.format else {
            if delegate.format == nil && parser.parserError == nil { throw TrackFileError.unknownFormat }
            let why = parser.parserError.map { ($0 as NSError).localizedDescription } ?? "parse failed"
            throw TrackFileError.malformed("\(why) (line \(parser.lineNumber))")
        }
        // libxml2 can report success for a truncated document: require every element closed.
        guard delegate.stack.isEmpty else {
            throw TrackFileError.malformed("unexpected end of file (line \(parser.lineNumber))")
        }
        return TrackFile(format: format, name: delegate.trackName ?? delegate.metadataName, sport: delegate.sport,
                         points: delegate.points,
                         lapSeconds: delegate.lapSeconds > 0 ? delegate.lapSeconds : nil,
                         lapMeters: delegate.lapMeters > 0 ? delegate.lapMeters : nil,
                         kcal: delegate.kcal > 0 ? delegate.kcal : nil)
    }
}

/// The SAX delegate behind ``TrackFileReader``: a stack of (namespace,
/// local name) and the point being read. Used on one thread, then dropped.
final class TrackXMLDelegate: NSObject, XMLParserDelegate {
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

    init(zone: TimeZone) { self.zone = zone }

    func isGPX(_ uri: String) -> Bool { uri.hasPrefix(TrackFileReader.gpxNamespacePrefix) }
    func isTCX(_ uri: String) -> Bool { uri == TrackFileReader.tcxNamespace }
    /// The local name of the element `up` levels above the current one, in the format's namespace.
    func ancestor(_ up: Int) -> String? {
        let i = stack.count - 1 - up
        guard i >= 0 else { return nil }
        let e = stack[i]
        return format == .gpx ? (isGPX(e.uri) ? e.name : nil) : (isTCX(e.uri) ? e.name : nil)
    }

    func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?,
                qualifiedName: String?, attributes: [String: String] = [:]) {
        let uri = namespaceURI ?? ""
        if stack.isEmpty {
            if name == "gpx", isGPX(uri) { format = .gpx }
            else if name == "TrainingCenterDatabase", isTCX(uri) { format = .tcx }
            else { rejected = true; parser.abortParsing(); return }
        }
        stack.append((uri, name))
        text = ""
        switch format {
        case .gpx? where isGPX(uri):
            if name == "trkseg" { segment += 1 }
            if name == "trkpt" {
                current = TrackPoint(lat: attributes["lat"].flatMap(Self.number), lon: attributes["lon"].flatMap(Self.number),
                                     segment: max(segment, 0))
            }
        case .tcx? where isTCX(uri):
            switch name {
            case "Activity": sport = attributes["Sport"]
            case "Lap": tracksInLap = 0
            case "Track":
                if tracksInLap > 0 || segment < 0 { segment += 1 }
                tracksInLap += 1
            case "Trackpoint": current = TrackPoint(segment: max(segment, 0))
            default: break
            }
        default: break
        }
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) { text += string }

    func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
        let uri = namespaceURI ?? ""
        let value = text.trimmingCharacters(in: .whitespacesAndNewlines)
        defer { stack.removeLast(); text = "" }
        switch format {
        case .gpx?:
            if uri.hasPrefix(TrackFileReader.trackPointExtensionPrefix), name == "hr", current != nil {
                current?.hr = Self.number(value)
            }
            guard isGPX(uri) else { return }
            let parent = ancestor(1)
            switch name {
            case "trkpt": if let p = current { points.append(p) }; current = nil
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
            case "Trackpoint": if let p = current { points.append(p) }; current = nil
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

    static func number(_ text: String) -> Double? {
        Double(text.trimmingCharacters(in: .whitespacesAndNewlines)).flatMap { $0.isFinite ? $0 : nil }
    }
}
