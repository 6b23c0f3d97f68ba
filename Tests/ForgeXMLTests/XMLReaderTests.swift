import ForgeXML
import Foundation
import Testing

/// libxml2's streaming reader (loaded with dlopen on first use, Sources/CLibXML2) seen through
/// ``XMLReader``'s nodes: a document in memory, and the same reader fed by a pull callback (a file, a zip
/// entry), here with chunks of a few bytes so that every element straddles a boundary. Real libxml2; the
/// GPX/TCX rules on top are in ForgeTrainTests.TrackXMLReaderTests, Apple Health's in ForgeImportTests.
struct XMLReaderTests {
    struct Stop: Error {}

    /// A node as a line of text: `start {uri}name@depth[/] [attributes]`, `end {uri}name@depth`, `text "…"`.
    static func describe(_ node: XMLReader.Node) -> String {
        let uri = node.namespaceURI.isEmpty ? "" : "{\(node.namespaceURI)}"
        switch node.kind {
        case .start:
            var attributes: [String] = []
            node.forEachAttribute { attributes.append(String(cString: $0) + "=" + String(cString: $1)) }
            return "start \(uri)\(node.name)@\(node.depth)\(node.isEmpty ? "/" : "") \(attributes)"
        case .end: return "end \(uri)\(node.name)@\(node.depth)"
        case .text: return "text \(node.text.debugDescription)"
        }
    }

    /// Every node of `xml` in memory as a line of text, and the line reading ended on.
    static func nodes(_ xml: String, stopAfter limit: Int = .max) throws -> ([String], Int) {
        var nodes: [String] = []
        let line = try XMLReader.read(Data(xml.utf8)) { node in
            nodes.append(describe(node))
            return nodes.count < limit
        }
        return (nodes, line)
    }

    /// Nodes of `xml` pulled `chunk` bytes at a time, as lines of text.
    static func pulled(_ xml: String, chunk: Int) throws -> [String] {
        let bytes = Array(xml.utf8)
        var offset = 0
        var out: [String] = []
        try XMLReader.read(pull: { buffer in
            let n = min(chunk, buffer.count, bytes.count - offset)
            buffer.copyBytes(from: bytes[offset..<(offset + n)])
            offset += n
            return n
        }) { node in
            out.append(describe(node))
            return true
        }
        return out
    }

    @Test func theReaderHandsOverNodesInOrderWithTheirNamespaces() throws {
        let (nodes, line) = try Self.nodes(
            "<a xmlns=\"urn:a\" k=\"v\" xmlns:p=\"urn:p\" p:k=\"w\">x<p:b/>\n<!-- c --><?pi?>y</a>")
        #expect(
            nodes == [
                "start {urn:a}a@0 [\"k=v\"]", "text \"x\"", "start {urn:p}b@1/ []", "text \"\\n\"", "text \"y\"",
                "end {urn:a}a@0",
            ])
        #expect(line == 2)
    }

    @Test func cdataAndReferencesAreText() throws {
        let (nodes, _) = try Self.nodes("<a><![CDATA[<b>]]>&amp;&#x41;</a>")
        #expect(nodes == ["start a@0 []", "text \"<b>\"", "text \"&A\"", "end a@0"])
    }

    @Test func smallChunksGiveTheWholeDocumentInOrder() throws {
        let xml = """
            <?xml version="1.0"?>
            <!DOCTYPE HealthData [ <!ELEMENT HealthData ANY> ]>
            <HealthData locale="en"><Record type="a" device="&lt;x&gt;"><MetadataEntry key="k" value="v"/></Record>t</HealthData>
            """
        let nodes = try Self.pulled(xml, chunk: 5)
        #expect(
            nodes == [
                "start HealthData@0 [\"locale=en\"]", "start Record@1 [\"type=a\", \"device=<x>\"]",
                "start MetadataEntry@2/ [\"key=k\", \"value=v\"]", "end Record@1", "text \"t\"", "end HealthData@0",
            ])
        #expect(try Self.pulled(xml, chunk: 1 << 16) == nodes)
        #expect(try Self.nodes(xml).0 == nodes)
    }

    @Test func attributeReadsOneUnprefixedAttribute() throws {
        var found: [String?] = []
        try XMLReader.read(Data("<a xmlns:p=\"urn:p\" p:lat=\"9\" lat=\"1.5\" lon=\"2\"/>".utf8)) { node in
            found = [node.attribute("lat"), node.attribute("lon"), node.attribute("p"), node.attribute("x")]
            return true
        }
        #expect(found == ["1.5", "2", nil, nil])
    }

    @Test func answeringFalseStopsBeforeTheRestIsRead() throws {
        // The broken tail is never parsed: the handler stopped at the first node.
        let (nodes, _) = try Self.nodes("<a><b>\n\n<broken", stopAfter: 1)
        #expect(nodes == ["start a@0 []"])
        var seen = 0
        let bytes = Array("<a><b/><c/></a>".utf8)
        var offset = 0
        try XMLReader.read(pull: { buffer in
            let n = min(buffer.count, bytes.count - offset)
            buffer.copyBytes(from: bytes[offset..<(offset + n)])
            offset += n
            return n
        }) { _ in
            seen += 1
            return false
        }
        #expect(seen == 1)
    }

    @Test(arguments: [
        ("<a>\n<b></a>", 2),
        ("<a>\n\n<b>", 3),
        ("not xml", 1),
    ])
    func aMalformedDocumentNamesItsLine(xml: String, line: Int) {
        do {
            _ = try Self.nodes(xml)
            Issue.record("accepted \(xml.debugDescription)")
        } catch let error as XMLReader.Error {
            guard case .malformed(let why, let at) = error else {
                Issue.record("\(error)")
                return
            }
            #expect(at == line, "\(why)")
            #expect(!why.isEmpty)
            #expect(error.description == "\(why) (line \(line))")
        } catch {
            Issue.record("\(error)")
        }
    }

    @Test func aDocumentThatStopsEarlyOrIsEmptyIsMalformedAndPullErrorsComeThrough() throws {
        #expect(throws: XMLReader.Error.self) { try Self.pulled("<a><b x=\"1\"/><c>", chunk: 3) }
        #expect(throws: XMLReader.Error.malformed("Document is empty", line: 1)) { try Self.pulled("", chunk: 3) }
        #expect(throws: XMLReader.Error.malformed("Document is empty", line: 1)) {
            try XMLReader.read(Data()) { _ in true }
        }
        #expect(throws: Stop.self) {
            try XMLReader.read(pull: { _ in throw Stop() }) { _ in true }
        }
    }
}
