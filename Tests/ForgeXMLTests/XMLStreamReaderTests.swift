import ForgeXML
import Foundation
import Testing

/// libxml2's streaming reader (loaded with dlopen on first use, Sources/CLibXML2)
/// seen through ForgeXML's events. Real libxml2; the GPX/TCX rules on top are
/// in ForgeTrainTests.TrackXMLReaderTests.
struct XMLStreamReaderTests {
    /// Every event of `xml` as a line of text, and the line reading ended on.
    static func events(_ xml: String, stopAfter limit: Int = .max) throws(XMLStreamError) -> ([String], Int) {
        var events: [String] = []
        let line = try XMLStreamReader.read(Data(xml.utf8)) { event in
            switch event {
            case .start(let uri, let name, let attributes):
                events.append("start \(uri) \(name) \(attributes.sorted { $0.key < $1.key })")
            case .characters(let text): events.append("text \(text.debugDescription)")
            case .end(let uri, let name): events.append("end \(uri) \(name)")
            }
            return events.count < limit
        }
        return (events, line)
    }

    @Test func theReaderDeliversEventsInOrder() throws {
        let (events, line) = try Self.events(
            "<a xmlns=\"urn:a\" k=\"v\" xmlns:p=\"urn:p\" p:k=\"w\">x<p:b/>\n<!-- c --><?pi?>y</a>")
        #expect(
            events == [
                "start urn:a a [(key: \"k\", value: \"v\")]", "text \"x\"", "start urn:p b []", "end urn:p b",
                "text \"\\n\"", "text \"y\"", "end urn:a a",
            ])
        #expect(line == 2)
    }

    @Test func cdataAndReferencesAreCharacters() throws {
        let (events, _) = try Self.events("<a><![CDATA[<b>]]>&amp;&#x41;</a>")
        #expect(events == ["start  a []", "text \"<b>\"", "text \"&A\"", "end  a"])
    }

    @Test func answeringFalseStopsBeforeTheRestIsRead() throws {
        // The broken tail is never parsed: the handler stopped at the first event.
        let (events, _) = try Self.events("<a><b>\n\n<broken", stopAfter: 1)
        #expect(events == ["start  a []"])
    }

    @Test(arguments: [
        ("<a>\n<b></a>", 2),
        ("<a>\n\n<b>", 3),
        ("not xml", 1),
    ])
    func aMalformedDocumentNamesItsLine(xml: String, line: Int) {
        do {
            _ = try Self.events(xml)
            Issue.record("accepted \(xml.debugDescription)")
        } catch {
            guard case .malformed(let why, let at) = error else {
                Issue.record("\(error)")
                return
            }
            #expect(at == line, "\(why)")
            #expect(!why.isEmpty)
            #expect(error.description == "\(why) (line \(line))")
        }
    }

    @Test func anEmptyDocumentIsMalformed() {
        #expect(throws: XMLStreamError.malformed("Document is empty", line: 1)) {
            try XMLStreamReader.read(Data()) { _ in true }
        }
    }
}
