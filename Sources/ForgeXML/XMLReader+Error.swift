internal import CLibXML2
import Foundation

extension XMLReader {
    /// Why libxml2's streaming reader (``XMLReader``) could not read a document.
    /// Callers turn `.malformed` into their own "bad file" error (a 4xx) and
    /// `.libraryUnavailable` into a server fault (a 500 naming the package).
    package enum Error: Swift.Error, Equatable, CustomStringConvertible {
        /// libxml2 could not be loaded (`dlopen`/`dlsym`'s reason): the Debian package `libxml2` is missing.
        case libraryUnavailable(String)
        /// Not well-formed: libxml2's message and the 1-based line it was found on.
        case malformed(String, line: Int)

        /// `.libraryUnavailable`: "the XML reader needs libxml2 (install the Debian package libxml2): <reason>";
        /// `.malformed`: "<libxml2's message> (line N)".
        package var description: String {
            switch self {
            case .libraryUnavailable(let why):
                return "the XML reader needs libxml2 (install the Debian package libxml2): \(why)"
            case .malformed(let why, let line): return "\(why) (line \(line))"
            }
        }

        /// The error of a read step that failed: libxml2's own message and line, or "parse failed".
        /// - Parameter depth: elements open when it failed. libxml2 2.9's reader reports input that
        ///   stops inside the root element as "Extra content at the end of the document"; with an
        ///   element open that is said as what happened, "unexpected end of file".
        static func malformed(
            _ reader: xmlTextReaderPtr, sink: UnsafeMutablePointer<forge_xml_error>, depth: Int
        ) -> Error {
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
}
