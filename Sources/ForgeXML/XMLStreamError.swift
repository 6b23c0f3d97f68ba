/// Why libxml2's streaming reader (``XMLStreamReader``) could not read a document.
/// Callers turn `.malformed` into their own "bad file" error (a 4xx) and
/// `.libraryUnavailable` into a server fault (a 500 naming the package).
package enum XMLStreamError: Error, Equatable, CustomStringConvertible {
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
}
