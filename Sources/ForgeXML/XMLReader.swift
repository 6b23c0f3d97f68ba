internal import CLibXML2
import Foundation

/// libxml2's streaming reader (`xmlTextReader`, as `xmllint --stream` uses it): reads a document in one
/// pass and hands each element start, element end and text node to a handler (``XMLReader/Node``). Memory
/// stays constant whatever the document's size when the bytes are pulled from a source (a file, a zip
/// entry being inflated: ``read(pull:_:)``); a document already in memory is fed to the same reader from
/// memory (``read(_:_:)``).
///
/// libxml2 is not linked: the first use loads `libxml2.so.2` with `dlopen` (Sources/CLibXML2/shim.h), so a
/// daemon that never reads XML never maps it.
///
/// Safe on untrusted input: external entities and DTDs are never loaded (`XML_PARSE_NONET`, no
/// `XML_PARSE_NOENT`/`XML_PARSE_DTDLOAD`, and an external entity loader that refuses everything), and
/// libxml2's default limits (depth, text node size, entity amplification) stay on.
package enum XMLReader {
    /// Reads the document that `pull` yields, calling `handle` for every element start, element end and
    /// text node until it answers false or the document ends.
    /// - Parameters:
    ///   - pull: fills the buffer with the next bytes and answers the count, 0 at the end of the source.
    ///   - handle: sees each node (``Node``, valid only during the call); false stops reading.
    /// - Returns: the parser's line number where reading ended (1-based).
    /// - Throws: what `pull` or `handle` threw (reading stops at once), else ``XMLReader/Error``:
    ///   `.libraryUnavailable` when libxml2 cannot be loaded, `.malformed` at the first well-formedness
    ///   error (nodes before it were handed over), including a document that stops early ("unexpected end
    ///   of file") and one without a root element ("Document is empty").
    @discardableResult
    package static func read(
        pull: (UnsafeMutableRawBufferPointer) throws -> Int, _ handle: (Node) throws -> Bool
    ) throws -> Int {
        if let problem = forge_xml_load() { throw Error.libraryUnavailable(String(cString: problem)) }
        return try withoutActuallyEscaping(pull) { pull in
            let source = PullSource(pull)
            var sink = forge_xml_error()
            return try withUnsafeMutablePointer(to: &sink) { sink in
                let options = Int32(XML_PARSE_NONET.rawValue)
                guard
                    let reader = forge_xml_reader_for_pull(
                        PullSource.callback, Unmanaged.passUnretained(source).toOpaque(), options, sink)
                else { throw Error.malformed("libxml2 could not start a reader", line: 0) }
                defer { forge_xml_free_reader(reader) }
                return try withExtendedLifetime(source) { try drive(reader, source: source, sink: sink, handle) }
            }
        }
    }

    /// Reads the document `data` holds, as ``read(pull:_:)`` reads a source.
    /// - Returns: the parser's line number where reading ended (1-based).
    /// - Throws: what `handle` threw, else ``XMLReader/Error`` as ``read(pull:_:)`` says; no bytes at all
    ///   are `.malformed("Document is empty", line: 1)`.
    @discardableResult
    package static func read(_ data: Data, _ handle: (Node) throws -> Bool) throws -> Int {
        try data.withUnsafeBytes { bytes in
            var offset = 0
            return try read(
                pull: { buffer in
                    let count = min(buffer.count, bytes.count - offset)
                    buffer.copyMemory(from: UnsafeRawBufferPointer(rebasing: bytes[offset..<(offset + count)]))
                    offset += count
                    return count
                }, handle)
        }
    }

    /// libxml2's `xmlReaderTypes` values the reader hands over (libxml/xmlreader.h; part of its stable
    /// ABI). Every other type (comments, processing instructions, the DOCTYPE, entity references) is
    /// skipped.
    enum NodeType: Int32 {
        case element = 1, text = 3, cdata = 4, whitespace = 13, significantWhitespace = 14, endElement = 15
    }

    /// The read loop: one libxml2 node a step, handed over as a ``Node``.
    private static func drive(
        _ reader: xmlTextReaderPtr, source: PullSource, sink: UnsafeMutablePointer<forge_xml_error>,
        _ handle: (Node) throws -> Bool
    ) throws -> Int {
        var depth = 0  // elements open
        var seenRoot = false
        while true {
            let step = forge_xml_read(reader)
            if let failure = source.failure { throw failure }
            if step == 0 {
                if !seenRoot { throw Error.malformed("Document is empty", line: 1) }
                return Int(forge_xml_line_number(reader))
            }
            if step < 0 {
                // No bytes at all: libxml2 2.9 says "Extra content at the end of the document".
                if source.count == 0 { throw Error.malformed("Document is empty", line: 1) }
                throw Error.malformed(reader, sink: sink, depth: depth)
            }
            let node: Node
            switch NodeType(rawValue: forge_xml_node_type(reader)) {
            case .element?:
                seenRoot = true
                let empty = forge_xml_is_empty_element(reader) == 1
                node = Node(reader: reader, kind: .start, isEmpty: empty, depth: depth)
                if !empty { depth += 1 }
            case .endElement?:
                depth -= 1
                node = Node(reader: reader, kind: .end, isEmpty: false, depth: depth)
            case .text?, .cdata?, .whitespace?, .significantWhitespace?:
                node = Node(reader: reader, kind: .text, isEmpty: false, depth: depth)
            default:
                continue
            }
            guard try handle(node) else { return Int(forge_xml_line_number(reader)) }
        }
    }

    /// Carries the pull closure, its error and the bytes it gave through libxml2's C read callback.
    private final class PullSource {
        let pull: (UnsafeMutableRawBufferPointer) throws -> Int
        var failure: (any Swift.Error)?
        /// Bytes pulled so far.
        var count = 0

        init(_ pull: @escaping (UnsafeMutableRawBufferPointer) throws -> Int) { self.pull = pull }

        static let callback: @convention(c) (UnsafeMutableRawPointer?, UnsafeMutablePointer<CChar>?, Int32) -> Int32 =
            { context, buffer, length in
                guard let context, let buffer, length > 0 else { return -1 }
                let source = Unmanaged<PullSource>.fromOpaque(context).takeUnretainedValue()
                if source.failure != nil { return -1 }
                do {
                    let pulled = try source.pull(UnsafeMutableRawBufferPointer(start: buffer, count: Int(length)))
                    let count = max(0, min(pulled, Int(length)))
                    source.count += count
                    return Int32(count)
                } catch {
                    source.failure = error
                    return -1
                }
            }
    }
}
