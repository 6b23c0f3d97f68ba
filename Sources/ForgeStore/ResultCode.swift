import CSQLite

/// A SQLite result code (<https://sqlite.org/rescode.html>), primary or
/// extended, wrapped the way GRDB wraps them so callers compare named
/// constants instead of raw integers.
///
/// Extended codes carry their primary code in the low 8 bits
/// (`SQLITE_CONSTRAINT_UNIQUE` = 2067 = 8 << 8 | 19). Pattern matching with
/// `~=` (and so `switch`/`case`) treats a primary pattern as matching all of
/// its extended codes:
/// ```swift
/// switch error.extendedCode {
/// case .constraintUnique: ...   // exactly SQLITE_CONSTRAINT_UNIQUE
/// case .constraint: ...         // any other constraint violation
/// default: ...
/// }
/// ```
package struct ResultCode: Sendable, Hashable, CustomStringConvertible {
    /// The C value, e.g. 19 for `SQLITE_CONSTRAINT`.
    package let rawValue: Int32

    /// The code SQLite returned, primary or extended.
    package init(rawValue: Int32) { self.rawValue = rawValue }

    /// The primary code: the low 8 bits of an extended code.
    package var primary: ResultCode { ResultCode(rawValue: rawValue & 0xFF) }

    /// Whether this is a constraint violation (`SQLITE_CONSTRAINT` or one of its extended codes).
    package var isConstraint: Bool { primary == .constraint }

    /// Whether another connection held a lock too long (`SQLITE_BUSY` / `SQLITE_LOCKED` families).
    package var isBusyOrLocked: Bool { primary == .busy || primary == .locked }

    /// SQLite's English text for the code (`sqlite3_errstr`), followed by the number.
    package var description: String {
        let text = sqlite3_errstr(rawValue).map { String(cString: $0) } ?? "unknown"
        return "\(text) (\(rawValue))"
    }

    /// True when `code` equals `pattern`, or `pattern` is a primary code and `code` is one of its extended codes.
    package static func ~= (pattern: ResultCode, code: ResultCode) -> Bool {
        pattern == code || (pattern.rawValue & ~0xFF == 0 && pattern == code.primary)
    }

    // MARK: primary codes
    package static let ok = ResultCode(rawValue: SQLITE_OK)
    package static let error = ResultCode(rawValue: SQLITE_ERROR)
    package static let `internal` = ResultCode(rawValue: SQLITE_INTERNAL)
    package static let permission = ResultCode(rawValue: SQLITE_PERM)
    package static let abort = ResultCode(rawValue: SQLITE_ABORT)
    package static let busy = ResultCode(rawValue: SQLITE_BUSY)
    package static let locked = ResultCode(rawValue: SQLITE_LOCKED)
    package static let noMemory = ResultCode(rawValue: SQLITE_NOMEM)
    package static let readOnly = ResultCode(rawValue: SQLITE_READONLY)
    package static let interrupt = ResultCode(rawValue: SQLITE_INTERRUPT)
    package static let ioError = ResultCode(rawValue: SQLITE_IOERR)
    package static let corrupt = ResultCode(rawValue: SQLITE_CORRUPT)
    package static let notFound = ResultCode(rawValue: SQLITE_NOTFOUND)
    package static let full = ResultCode(rawValue: SQLITE_FULL)
    package static let cantOpen = ResultCode(rawValue: SQLITE_CANTOPEN)
    package static let `protocol` = ResultCode(rawValue: SQLITE_PROTOCOL)
    package static let schema = ResultCode(rawValue: SQLITE_SCHEMA)
    package static let tooBig = ResultCode(rawValue: SQLITE_TOOBIG)
    package static let constraint = ResultCode(rawValue: SQLITE_CONSTRAINT)
    package static let mismatch = ResultCode(rawValue: SQLITE_MISMATCH)
    package static let misuse = ResultCode(rawValue: SQLITE_MISUSE)
    package static let auth = ResultCode(rawValue: SQLITE_AUTH)
    package static let range = ResultCode(rawValue: SQLITE_RANGE)
    package static let notADatabase = ResultCode(rawValue: SQLITE_NOTADB)
    package static let row = ResultCode(rawValue: SQLITE_ROW)
    package static let done = ResultCode(rawValue: SQLITE_DONE)

    // MARK: extended codes (constraint family, the ones callers branch on)
    package static let constraintCheck = ResultCode(rawValue: SQLITE_CONSTRAINT | (1 << 8))
    package static let constraintForeignKey = ResultCode(rawValue: SQLITE_CONSTRAINT | (3 << 8))
    package static let constraintNotNull = ResultCode(rawValue: SQLITE_CONSTRAINT | (5 << 8))
    package static let constraintPrimaryKey = ResultCode(rawValue: SQLITE_CONSTRAINT | (6 << 8))
    package static let constraintTrigger = ResultCode(rawValue: SQLITE_CONSTRAINT | (7 << 8))
    package static let constraintUnique = ResultCode(rawValue: SQLITE_CONSTRAINT | (8 << 8))
    // MARK: extended codes (busy / read-only family)
    package static let busySnapshot = ResultCode(rawValue: SQLITE_BUSY | (2 << 8))
    package static let readOnlyDatabaseMoved = ResultCode(rawValue: SQLITE_READONLY | (4 << 8))
}
