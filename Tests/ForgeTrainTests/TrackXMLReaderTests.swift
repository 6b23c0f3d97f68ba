import ForgeCore
import Foundation
import Testing

@testable import ForgeTrain

/// What reading GPX/TCX through libxml2's streaming reader (loaded with dlopen,
/// Sources/CLibXML2) must keep: no entity expansion, namespaces by URI, CDATA
/// as text, and clear errors for truncated or non-XML input. Real libxml2.
struct TrackXMLReaderTests {
    static let zone = TimeZone(identifier: "Europe/London")!

    static func read(_ xml: String) throws -> TrackFile { try TrackFileReader.read(Data(xml.utf8), zone: zone) }

    static func gpx(_ body: String, doctype: String = "") -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>\(doctype)
        <gpx version="1.1" creator="t" xmlns="http://www.topografix.com/GPX/1/1">\(body)</gpx>
        """
    }

    @Test func anExternalEntityIsNeverExpanded() throws {
        // A classic XXE: the entity names a local file; neither it nor an external DTD may be read.
        let secret = FileManager.default.temporaryDirectory.appendingPathComponent("forge-xxe-\(UUID().uuidString).txt")
        try Data("FORGE-SECRET-7734".utf8).write(to: secret)
        defer { try? FileManager.default.removeItem(at: secret) }
        for target in ["file:///etc/passwd", secret.absoluteString] {
            let doctype = "\n<!DOCTYPE gpx SYSTEM \"\(secret.absoluteString)\" [<!ENTITY xxe SYSTEM \"\(target)\">]>"
            let file = try Self.read(
                Self.gpx(
                    """
                    <trk><name>&xxe;</name><trkseg><trkpt lat="51.5" lon="-0.12"><time>2026-07-14T23:30:00Z</time></trkpt></trkseg></trk>
                    """, doctype: doctype))
            #expect(file.name == nil)  // the reference stayed a reference: no text at all
            #expect(file.points.count == 1 && file.points[0].lat == 51.5)
        }
    }

    @Test func aDefaultAndAPrefixedNamespaceReadTheSame() throws {
        let points = """
            <trkseg><trkpt lat="1.5" lon="2.5"><ele>7</ele><time>2026-07-14T10:00:00Z</time>
            <extensions><x:TrackPointExtension xmlns:x="http://www.garmin.com/xmlschemas/TrackPointExtension/v1"><x:hr>131</x:hr></x:TrackPointExtension></extensions></trkpt></trkseg>
            """
        let plain = try Self.read(Self.gpx("<trk><name>Loop</name><type>running</type>\(points)</trk>"))
        let prefixedBody = points.replacingOccurrences(of: "<", with: "<q:").replacingOccurrences(
            of: "<q:/", with: "</q:"
        )
        .replacingOccurrences(of: "<q:x:", with: "<x:").replacingOccurrences(of: "</q:x:", with: "</x:")
        let prefixed = try Self.read(
            """
            <q:gpx version="1.1" xmlns:q="http://www.topografix.com/GPX/1/1"><q:trk><q:name>Loop</q:name><q:type>running</q:type>\(prefixedBody)</q:trk></q:gpx>
            """)
        #expect(prefixedBody.contains("<q:trkpt lat=") && prefixedBody.contains("<x:hr>"))
        #expect(plain.points == prefixed.points && plain.name == prefixed.name && plain.sport == prefixed.sport)
        #expect(
            plain.points == [
                TrackPoint(
                    time: IngestTimestamp.parse("2026-07-14T10:00:00Z", zone: Self.zone),
                    lat: 1.5, lon: 2.5, ele: 7, hr: 131, segment: 0)
            ])
        #expect(plain.name == "Loop" && plain.sport == "running")
        // The same local names in another namespace are not GPX.
        let foreign = try Self.read(Self.gpx("<trk><name xmlns=\"urn:other\">Not this</name>\(points)</trk>"))
        #expect(foreign.name == nil && foreign.points.count == 1)
    }

    @Test func cdataAndReferencesAreText() throws {
        let file = try Self.read(
            Self.gpx(
                """
                <trk><name>Tom <![CDATA[& Jerry's <Run>]]> &#x2713;</name><trkseg><trkpt lat="1" lon="2"><time><![CDATA[2026-07-14T23:30:00Z]]></time></trkpt><trkpt lat="3" lon="4"/></trkseg></trk>
                """))
        #expect(file.name == "Tom & Jerry's <Run> ✓")
        #expect(file.points.map(\.time) == [IngestTimestamp.parse("2026-07-14T23:30:00Z", zone: Self.zone), nil])
        #expect(file.points.map(\.lat) == [1, 3])  // the empty <trkpt/> is a point too
    }

    @Test func aTruncatedFileIsMalformedWithItsLine() throws {
        let whole = Self.gpx(
            """

            <trk>
            <trkseg>
            <trkpt lat="1" lon="2"><time>2026-07-14T23:30:00Z</time></trkpt>
            <trkpt lat="1" lon="2"><time>2026-07-14T23:30:10Z</time></trkpt>
            </trkseg>
            </trk>
            """)
        #expect(try Self.read(whole).points.count == 2)
        // Cut after the second point (line 6 of 8): every element still open.
        let cut = String(whole[..<whole.range(of: "</trkseg>")!.lowerBound])
        do {
            _ = try Self.read(cut)
            Issue.record("a truncated file was accepted")
        } catch TrackFileError.malformed(let why) {
            #expect(why == "unexpected end of file (line 6)")
        }
        // Cut inside a tag, and after the root's end tag was begun.
        for part in [String(cut.dropLast(10)), whole.replacingOccurrences(of: "</gpx>", with: "</gp")] {
            do {
                _ = try Self.read(part)
                Issue.record("a truncated file was accepted")
            } catch TrackFileError.malformed(let why) {
                #expect(why.contains("(line "), "\(why)")
            }
        }
        // Real extra content after the root keeps libxml2's words.
        #expect(throws: TrackFileError.malformed("Extra content at the end of the document (line 8)")) {
            try Self.read(whole + "<gpx/>")
        }
    }

    @Test func nonXMLIsMalformedAndAForeignRootIsUnknown() throws {
        for junk in [Data("not xml at all".utf8), Data([0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x10, 0x4A, 0x46, 0x49, 0x46])] {
            do {
                _ = try TrackFileReader.read(junk, zone: Self.zone)
                Issue.record("junk accepted")
            } catch TrackFileError.malformed(let why) {
                #expect(why.hasSuffix("(line 1)"), "\(why)")
            }
        }
        #expect(throws: TrackFileError.unknownFormat) { try TrackFileReader.read(Data(), zone: Self.zone) }
        // A foreign root stops the reader at once: what follows, even broken, is not looked at.
        #expect(throws: TrackFileError.unknownFormat) {
            try Self.read("<kml xmlns=\"http://www.opengis.net/kml/2.2\"><broken")
        }
        // The right local name in the wrong namespace is not GPX either.
        #expect(throws: TrackFileError.unknownFormat) { try Self.read("<gpx xmlns=\"urn:not-gpx\"><trk/></gpx>") }
    }
}
