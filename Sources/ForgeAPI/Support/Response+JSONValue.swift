import ForgeCore
import ForgeHTTP

extension Response {
    /// A JSON response from a ``JSONValue`` tree, serialised by ``JSONWriter``.
    static func json(_ value: JSONValue, status: Int = 200) -> Response {
        .jsonData(JSONWriter.data(value), status: status)
    }
}
