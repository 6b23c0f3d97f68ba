internal import CLibXML2
import Foundation

/// The node libxml2's streaming reader stands on, handed to the handler of ``XMLPullReader/read(pull:_:)``.
/// Valid only during that call: names and values are read from libxml2's buffers in place, and only
/// what the handler asks for becomes a Swift `String` (a multi-gigabyte document has millions of nodes).
package struct XMLPullNode {
    /// What the node is. Comments, processing instructions, the DOCTYPE and unexpanded entity references
    /// are never handed over.
    package enum Kind: Sendable, Equatable {
        /// An element opened (``isEmpty`` when it is `<a/>`: no `.end` follows).
        case start
        /// An element closed.
        case end
        /// Character data: text, CDATA or whitespace.
        case text
    }

    let reader: OpaquePointer  // xmlTextReaderPtr; the C type stays out of the layout clients see
    package let kind: Kind
    /// For `.start`: the element is written `<a .../>` and no `.end` follows it.
    package let isEmpty: Bool
    /// Elements open around the node (the root element's start is at depth 0).
    package let depth: Int

    /// The parser's 1-based line number at the node.
    package var line: Int { Int(forge_xml_line_number(reader)) }

    /// Whether the node's local name is `name`, compared in place (no copy).
    package func nameIs(_ name: UnsafePointer<CChar>) -> Bool { forge_xml_local_name_is(reader, name) != 0 }

    /// The node's local name.
    package var name: String { forge_xml_local_name(reader).map { String(cString: $0) } ?? "" }

    /// The text of a `.text` node ("" for other kinds).
    package var text: String {
        guard kind == .text else { return "" }
        return forge_xml_value(reader).map { String(cString: $0) } ?? ""
    }

    /// Calls `body` with each attribute's local name and value (NUL-terminated, predefined and character
    /// references replaced), in document order; the pointers are valid only during that call.
    package func forEachAttribute(_ body: (UnsafePointer<CChar>, UnsafePointer<CChar>) throws -> Void) rethrows {
        guard kind == .start else { return }
        defer { _ = forge_xml_move_to_element(reader) }
        while forge_xml_move_to_next_attribute(reader) == 1 {
            guard let name = forge_xml_local_name(reader), let value = forge_xml_value(reader) else { continue }
            try body(name, value)
        }
    }

    /// The value of the attribute whose local name is `name`, or nil.
    package func attribute(_ name: String) -> String? {
        var found: String?
        forEachAttribute { key, value in
            if found == nil, strcmp(key, name) == 0 { found = String(cString: value) }
        }
        return found
    }
}

/// libxml2's streaming reader (`xmlTextReader`, as `xmllint --stream` uses it) over bytes pulled from a
/// source in order: a file, a zip entry being inflated. Memory stays constant whatever the document's
/// size. Same safety as ``XMLStreamReader``: no DTD or external entity is ever loaded (`XML_PARSE_NONET`,
/// no `XML_PARSE_DTDLOAD`/`XML_PARSE_NOENT`, an entity loader that refuses everything), libxml2's
/// default limits stay on.
package enum XMLPullReader {
    /// Reads the document that `pull` yields, calling `handle` for every element start, element end and
    /// text node until it answers false or the document ends.
    /// - Parameters:
    ///   - pull: fills the buffer with the next bytes and answers the count, 0 at the end of the source.
    ///   - handle: sees each node (``XMLPullNode``, valid only during the call); false stops reading.
    /// - Returns: the parser's line number where reading ended (1-based).
    /// - Throws: what `pull` or `handle` threw (reading stops at once), else ``XMLStreamError``:
    ///   `.libraryUnavailable` when libxml2 cannot be loaded, `.malformed` at the first well-formedness
    ///   error (including a document that stops early, "unexpected end of file").
    @discardableResult
    package static func read(
        pull: (UnsafeMutableRawBufferPointer) throws -> Int, _ handle: (XMLPullNode) throws -> Bool
    ) throws -> Int {
        if let problem = forge_xml_load() { throw XMLStreamError.libraryUnavailable(String(cString: problem)) }
        return try withoutActuallyEscaping(pull) { pull in
            let source = PullSource(pull)
            var sink = forge_xml_error()
            return try withUnsafeMutablePointer(to: &sink) { sink in
                let options = Int32(XML_PARSE_NONET.rawValue)
                guard
                    let reader = forge_xml_reader_for_pull(
                        PullSource.callback, Unmanaged.passUnretained(source).toOpaque(), options, sink)
                else { throw XMLStreamError.malformed("libxml2 could not start a reader", line: 0) }
                defer { forge_xml_free_reader(reader) }
                return try withExtendedLifetime(source) { try drive(reader, source: source, sink: sink, handle) }
            }
        }
    }

    private static func drive(
        _ reader: xmlTextReaderPtr, source: PullSource, sink: UnsafeMutablePointer<forge_xml_error>,
        _ handle: (XMLPullNode) throws -> Bool
    ) throws -> Int {
        var depth = 0
        var seenRoot = false
        while true {
            let step = forge_xml_read(reader)
            if let failure = source.failure { throw failure }
            if step == 0 {
                if !seenRoot { throw XMLStreamError.malformed("Document is empty", line: 1) }
                return Int(forge_xml_line_number(reader))
            }
            if step < 0 { throw XMLReaderStep.malformed(reader, sink: sink, depth: depth) }
            let node: XMLPullNode
            switch XMLReaderStep.NodeType(rawValue: forge_xml_node_type(reader)) {
            case .element?:
                seenRoot = true
                let empty = forge_xml_is_empty_element(reader) == 1
                node = XMLPullNode(reader: reader, kind: .start, isEmpty: empty, depth: depth)
                if !empty { depth += 1 }
            case .endElement?:
                depth -= 1
                node = XMLPullNode(reader: reader, kind: .end, isEmpty: false, depth: depth)
            case .text?, .cdata?, .whitespace?, .significantWhitespace?:
                node = XMLPullNode(reader: reader, kind: .text, isEmpty: false, depth: depth)
            default:
                continue
            }
            guard try handle(node) else { return Int(forge_xml_line_number(reader)) }
        }
    }

    /// Carries the pull closure and its error through libxml2's C read callback.
    private final class PullSource {
        let pull: (UnsafeMutableRawBufferPointer) throws -> Int
        var failure: (any Error)?

        init(_ pull: @escaping (UnsafeMutableRawBufferPointer) throws -> Int) { self.pull = pull }

        static let callback: @convention(c) (UnsafeMutableRawPointer?, UnsafeMutablePointer<CChar>?, Int32) -> Int32 =
            { context, buffer, length in
                guard let context, let buffer, length > 0 else { return -1 }
                let source = Unmanaged<PullSource>.fromOpaque(context).takeUnretainedValue()
                if source.failure != nil { return -1 }
                do {
                    let count = try source.pull(UnsafeMutableRawBufferPointer(start: buffer, count: Int(length)))
                    return Int32(clamping: max(0, min(count, Int(length))))
                } catch {
                    source.failure = error
                    return -1
                }
            }
    }
}
