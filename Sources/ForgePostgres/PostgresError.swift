/// Why a PostgreSQL source could not be read. The texts are libpq's own,
/// trimmed to one line, so a wrong password or an unreachable host says so.
package enum PostgresError: Error, Equatable, CustomStringConvertible {
    /// libpq could not be loaded (`dlopen`/`dlsym`'s reason; Debian package `libpq5`).
    case libraryUnavailable(String)
    /// The connection failed (unreachable host, refused, wrong password, no such database).
    case connect(String)
    /// A query failed (the server's message).
    case query(String)

    package var description: String {
        switch self {
        case .libraryUnavailable(let why): why
        case .connect(let why): why
        case .query(let why): why
        }
    }

    /// libpq's multi-line message as one line (`FATAL:  password authentication failed ...`).
    static func oneLine(_ text: String) -> String {
        text.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty }.joined(separator: "; ")
    }
}
