import CSQLite

/// An error reported by SQLite, or by ForgeStore for misuse it detects itself
/// (wrong argument count, a closed database, a value of the wrong type).
package struct DatabaseError: Error, CustomStringConvertible, Sendable {
    /// The primary result code (`.constraint`, `.busy`, ...). Compare with `==`.
    package let code: ResultCode
    /// The extended result code when SQLite gave one (`.constraintUnique`), else equal to `code`.
    package let extendedCode: ResultCode
    /// SQLite's message (`sqlite3_errmsg`) or ForgeStore's own.
    package let message: String
    /// The statement that failed, when there was one.
    package let sql: String?

    /// - Parameter code: a primary or extended code; `code` keeps its primary part.
    package init(code: ResultCode, message: String, sql: String? = nil) {
        self.code = code.primary
        self.extendedCode = code
        self.message = message
        self.sql = sql
    }

    /// E.g. `SQLite error 2067 (UNIQUE constraint failed: users.email) in "INSERT INTO users ..."`.
    package var description: String {
        var text = "SQLite error \(extendedCode.rawValue) (\(message))"
        if let sql { text += " in \"\(sql)\"" }
        return text
    }

    /// The error currently recorded on `handle` (extended code and message).
    static func last(on handle: OpaquePointer?, sql: String? = nil, code: Int32? = nil) -> DatabaseError {
        let raw = handle.map { sqlite3_extended_errcode($0) } ?? code ?? SQLITE_ERROR
        let message =
            handle.flatMap { sqlite3_errmsg($0) }.map { String(cString: $0) }
            ?? String(cString: sqlite3_errstr(code ?? raw))
        return DatabaseError(code: ResultCode(rawValue: raw), message: message, sql: sql)
    }
}
