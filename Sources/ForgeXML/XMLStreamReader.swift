internal import CLibXML2
import Foundation

/// One event of ``XMLStreamReader``: what a SAX parser with namespace
/// processing would report.
package enum XMLStreamEvent: Equatable, Sendable {
    /// An element opened: its namespace URI (`""` when none), local name, and
    /// its attributes that have no namespace, by local name. An empty element
    /// (`<a/>`) is followed at once by its ``end(uri:name:)``.
    case start(uri: String, name: String, attributes: [String: String])
    /// Character data: text, CDATA sections and whitespace, in document order
    /// (predefined and character references already replaced).
    case characters(String)
    /// An element closed.
    case end(uri: String, name: String)
}

/// libxml2's streaming reader (`xmlTextReader`) over a document in memory,
/// turned into ``XMLStreamEvent``s. libxml2 is not linked: the first use
/// loads `libxml2.so.2` with `dlopen` (Sources/CLibXML2/shim.h), so a daemon
/// that never reads XML never maps it.
///
/// Safe on untrusted input: external entities and DTDs are never loaded
/// (no `XML_PARSE_NOENT`/`XML_PARSE_DTDLOAD`, `XML_PARSE_NONET`, and an
/// external entity loader that refuses everything), and libxml2's default
/// limits (depth, text node size, entity amplification) stay on.
package enum XMLStreamReader {
    /// Reads `data`, calling `handle` for each event until it answers false
    /// (stop early) or the document ends.
    /// - Returns: the parser's line number where reading ended (1-based).
    /// - Throws: ``XMLStreamError``: `.libraryUnavailable` when libxml2 cannot
    ///   be loaded, `.malformed` at the first well-formedness error (events
    ///   before it were delivered). Documents over 2 GiB are `.malformed`.
    @discardableResult
    package static func read(_ data: Data, _ handle: (XMLStreamEvent) -> Bool) throws(XMLStreamError) -> Int {
        if let problem = forge_xml_load() { throw .libraryUnavailable(String(cString: problem)) }
        guard !data.isEmpty else { throw .malformed("Document is empty", line: 1) }
        guard data.count <= Int(Int32.max) else { throw .malformed("document larger than 2 GiB", line: 0) }
        let result: Result<Int, XMLStreamError> = data.withUnsafeBytes { bytes in
            var sink = forge_xml_error()
            return withUnsafeMutablePointer(to: &sink) { sink in
                let base = bytes.baseAddress!.assumingMemoryBound(to: CChar.self)  // not empty
                let options = Int32(XML_PARSE_NONET.rawValue)
                guard let reader = forge_xml_reader_for_memory(base, Int32(bytes.count), options, sink) else {
                    return .failure(.malformed("libxml2 could not start a reader", line: 0))
                }
                defer { forge_xml_free_reader(reader) }
                return Self.drive(reader, sink: sink, handle)
            }
        }
        return try result.get()
    }

    /// The read loop: one libxml2 node per step, mapped to events.
    private static func drive(
        _ reader: xmlTextReaderPtr, sink: UnsafeMutablePointer<forge_xml_error>,
        _ handle: (XMLStreamEvent) -> Bool
    ) -> Result<Int, XMLStreamError> {
        var depth = 0  // elements open
        while true {
            let step = forge_xml_read(reader)
            if step == 0 { return .success(Int(forge_xml_line_number(reader))) }
            if step < 0 { return .failure(XMLReaderStep.malformed(reader, sink: sink, depth: depth)) }
            switch XMLReaderStep.NodeType(rawValue: forge_xml_node_type(reader)) {
            case .element?:
                let uri = string(forge_xml_namespace_uri(reader))
                let name = string(forge_xml_local_name(reader))
                let empty = forge_xml_is_empty_element(reader) == 1
                var attributes: [String: String] = [:]
                while forge_xml_move_to_next_attribute(reader) == 1 {
                    // Unprefixed attributes have no namespace; xmlns declarations have the xmlns one.
                    if forge_xml_namespace_uri(reader) == nil {
                        attributes[string(forge_xml_local_name(reader))] = string(forge_xml_value(reader))
                    }
                }
                _ = forge_xml_move_to_element(reader)
                if !empty { depth += 1 }
                guard handle(.start(uri: uri, name: name, attributes: attributes)) else {
                    return .success(Int(forge_xml_line_number(reader)))
                }
                if empty, !handle(.end(uri: uri, name: name)) { return .success(Int(forge_xml_line_number(reader))) }
            case .endElement?:
                depth -= 1
                let event = XMLStreamEvent.end(
                    uri: string(forge_xml_namespace_uri(reader)), name: string(forge_xml_local_name(reader)))
                guard handle(event) else { return .success(Int(forge_xml_line_number(reader))) }
            case .text?, .cdata?, .whitespace?, .significantWhitespace?:
                guard handle(.characters(string(forge_xml_value(reader)))) else {
                    return .success(Int(forge_xml_line_number(reader)))
                }
            default:
                break  // comments, processing instructions, the DOCTYPE, unexpanded entity references
            }
        }
    }

    /// The node types the loop maps to events: libxml2's `xmlReaderTypes`
    /// (libxml/xmlreader.h; part of its stable ABI). Every other type (comments,
    /// processing instructions, the DOCTYPE, entity references) is skipped.
    private static func string(_ chars: UnsafePointer<CChar>?) -> String {
        chars.map { String(cString: $0) } ?? ""
    }
}
