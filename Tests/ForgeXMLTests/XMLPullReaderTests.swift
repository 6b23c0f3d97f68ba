import ForgeXML
import Foundation
import Testing

/// ``XMLPullReader``: the same libxml2 reader fed by a pull callback (a file, a zip entry), here with
/// chunks of a few bytes so that every element straddles a boundary.
struct XMLPullReaderTests {
    struct Stop: Error {}

    /// Events of `xml` pulled `chunk` bytes at a time, as lines of text.
    static func events(_ xml: String, chunk: Int) throws -> [String] {
        let bytes = Array(xml.utf8)
        var offset = 0
        var out: [String] = []
        try XMLPullReader.read(pull: { buffer in
            let n = min(chunk, buffer.count, bytes.count - offset)
            buffer.copyBytes(from: bytes[offset..<(offset + n)])
            offset += n
            return n
        }) { node in
            switch node.kind {
            case .start:
                var attributes: [String] = []
                node.forEachAttribute { attributes.append(String(cString: $0) + "=" + String(cString: $1)) }
                out.append("start \(node.name)@\(node.depth)\(node.isEmpty ? "/" : "") \(attributes)")
            case .end: out.append("end \(node.name)@\(node.depth)")
            case .text: out.append("text \(node.text.debugDescription)")
            }
            return true
        }
        return out
    }

    @Test func smallChunksGiveTheWholeDocumentInOrder() throws {
        let xml = """
            <?xml version="1.0"?>
            <!DOCTYPE HealthData [ <!ELEMENT HealthData ANY> ]>
            <HealthData locale="en"><Record type="a" device="&lt;x&gt;"><MetadataEntry key="k" value="v"/></Record>t</HealthData>
            """
        let events = try Self.events(xml, chunk: 5)
        #expect(
            events == [
                "start HealthData@0 [\"locale=en\"]", "start Record@1 [\"type=a\", \"device=<x>\"]",
                "start MetadataEntry@2/ [\"key=k\", \"value=v\"]", "end Record@1", "text \"t\"", "end HealthData@0",
            ])
        #expect(try Self.events(xml, chunk: 1 << 16) == events)
    }

    @Test func aDocumentThatStopsEarlyIsMalformedAndPullErrorsComeThrough() throws {
        #expect(throws: XMLStreamError.self) { try Self.events("<a><b x=\"1\"/><c>", chunk: 3) }
        #expect(throws: XMLStreamError.self) { try Self.events("", chunk: 3) }
        #expect(throws: Stop.self) {
            try XMLPullReader.read(pull: { _ in throw Stop() }) { _ in true }
        }
        // The handler stops reading early by answering false.
        var seen = 0
        let bytes = Array("<a><b/><c/></a>".utf8)
        var offset = 0
        try XMLPullReader.read(pull: { buffer in
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
}
