internal import CLibXML2
import Foundation

extension XMLReader {
    /// The node libxml2's streaming reader stands on, handed to the handler of ``XMLReader/read(pull:_:)``.
    /// Valid only during that call: names and values are read from libxml2's buffers in place, and only
    /// what the handler asks for becomes a Swift `String` (a multi-gigabyte document has millions of nodes).
    package struct Node {
        /// What the node is. Comments, processing instructions, the DOCTYPE and unexpanded entity references
        /// are never handed over.
        package enum Kind: Sendable, Equatable {
            /// An element opened (``isEmpty`` when it is `<a/>`: no `.end` follows).
            case start
            /// An element closed.
            case end
            /// Character data: text, CDATA or whitespace, predefined and character references replaced.
            case text
        }

        let reader: OpaquePointer  // xmlTextReaderPtr; the C type stays out of the layout clients see
        package let kind: Kind
        /// For `.start`: the element is written `<a .../>` and no `.end` follows it.
        package let isEmpty: Bool
        /// Elements open around the node (the root element's start and end are at depth 0, text directly
        /// inside the root at depth 1).
        package let depth: Int

        /// The parser's 1-based line number at the node.
        package var line: Int { Int(forge_xml_line_number(reader)) }

        /// Whether the node's local name is `name`, compared in place (no copy).
        package func nameIs(_ name: UnsafePointer<CChar>) -> Bool { forge_xml_local_name_is(reader, name) != 0 }

        /// The element's local name (without its prefix); "" for text.
        package var name: String { forge_xml_local_name(reader).map { String(cString: $0) } ?? "" }

        /// The element's namespace URI (whatever prefix, or none, the document writes it with); "" when it
        /// has none, and for text.
        package var namespaceURI: String { forge_xml_namespace_uri(reader).map { String(cString: $0) } ?? "" }

        /// The text of a `.text` node ("" for other kinds).
        package var text: String {
            guard kind == .text else { return "" }
            return forge_xml_value(reader).map { String(cString: $0) } ?? ""
        }

        /// Calls `body` with the local name and value (NUL-terminated, predefined and character references
        /// replaced) of each attribute of a `.start` node that has no namespace (written without a prefix),
        /// in document order; namespace declarations (`xmlns`, `xmlns:p`) and prefixed attributes are left
        /// out. The pointers are valid only during that call.
        package func forEachAttribute(_ body: (UnsafePointer<CChar>, UnsafePointer<CChar>) throws -> Void) rethrows {
            guard kind == .start else { return }
            defer { _ = forge_xml_move_to_element(reader) }
            while forge_xml_move_to_next_attribute(reader) == 1 {
                guard forge_xml_namespace_uri(reader) == nil, let name = forge_xml_local_name(reader),
                    let value = forge_xml_value(reader)
                else { continue }
                try body(name, value)
            }
        }

        /// The value of the attribute (without a namespace, as ``forEachAttribute(_:)`` sees them) whose
        /// local name is `name`, or nil.
        package func attribute(_ name: String) -> String? {
            var found: String?
            forEachAttribute { key, value in
                if found == nil, strcmp(key, name) == 0 { found = String(cString: value) }
            }
            return found
        }
    }
}
