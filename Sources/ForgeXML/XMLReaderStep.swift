internal import CLibXML2
import Foundation

/// What both libxml2 reader loops (``XMLStreamReader``, ``XMLPullReader``)
/// share: the node types they act on, and the error of a failed read step.
enum XMLReaderStep {
    /// libxml2's `xmlReaderTypes` values the readers act on (the rest are skipped).
    enum NodeType: Int32 {
        case element = 1, text = 3, cdata = 4, whitespace = 13, significantWhitespace = 14, endElement = 15
    }

    /// The error of a read step that failed: libxml2's own message and line, or "parse failed".
    /// - Parameter depth: elements open when it failed. libxml2 2.9's reader reports input that
    ///   stops inside the root element as "Extra content at the end of the document"; with an
    ///   element open that is said as what happened, "unexpected end of file".
    static func malformed(
        _ reader: xmlTextReaderPtr, sink: UnsafeMutablePointer<forge_xml_error>, depth: Int
    ) -> XMLStreamError {
        var message =
            sink.pointee.set != 0
            ? String(cString: forge_xml_error_message(sink)).trimmingCharacters(in: .whitespacesAndNewlines)
            : "parse failed"
        if depth > 0, sink.pointee.code == Int32(XML_ERR_DOCUMENT_END.rawValue) {
            message = "unexpected end of file"
        }
        let line = sink.pointee.line > 0 ? sink.pointee.line : forge_xml_line_number(reader)
        return .malformed(message, line: Int(line))
    }
}
