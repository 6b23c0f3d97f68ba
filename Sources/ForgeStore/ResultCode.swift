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
public struct ResultCode: Sendable, Hashable, CustomStringConvertible {
    /// The C value, e.g. 19 for `SQLITE_CONSTRAINT`.
    public let rawValue: Int32

    public init(rawValue: Int32) { self.rawValue = rawValue }

    /// The primary code: the low 8 bits of an extended code.
    public var primary: ResultCode { ResultCode(rawValue: rawValue & 0xFF) }

    /// Whether this is a constraint violation (`SQLITE_CONSTRAINT` or one of its extended codes).
    public var isConstraint: Bool { primary == .constraint }

    /// Whether another connection held a lock too long (`SQLITE_BUSY` / `SQLITE_LOCKED` families).
    public var isBusyOrLocked: Bool { primary == .busy || primary == .locked }

    /// SQLite's English text for the code (`sqlite3_errstr`), followed by the number.
    public var description: String {
        let text = sqlite3_errstr(rawValue).map { String(cString: $0) } ?? "unknown"
        return "\(text) (\(rawValue))"
    }

    /// True when `code` equals `pattern`, or `pattern` is a primary code and `code` is one of its extended codes.
    public static func ~= (pattern: ResultCode, code: ResultCode) -> Bool {
        pattern == code || (pattern.rawValue & ~0xFF == 0 && pattern == code.primary)
    }

    // MARK: primary codes
    public static let ok = ResultCode(rawValue: SQLITE_OK)
    public static let error = ResultCode(rawValue: SQLITE_ERROR)
    public static let `internal` = ResultCode(rawValue: SQLITE_INTERNAL)
    public static let permission = ResultCode(rawValue: SQLITE_PERM)
    public static let abort = ResultCode(rawValue: SQLITE_ABORT)
    public static let busy = ResultCode(rawValue: SQLITE_BUSY)
    public static let locked = ResultCode(rawValue: SQLITE_LOCKED)
    public static let noMemory = ResultCode(rawValue: SQLITE_NOMEM)
    public static let readOnly = ResultCode(rawValue: SQLITE_READONLY)
    public static let interrupt = ResultCode(rawValue: SQLITE_INTERRUPT)
    public static let ioError = ResultCode(rawValue: SQLITE_IOERR)
    public static let corrupt = ResultCode(rawValue: SQLITE_CORRUPT)
    public static let notFound = ResultCode(rawValue: SQLITE_NOTFOUND)
    public static let full = ResultCode(rawValue: SQLITE_FULL)
    public static let cantOpen = ResultCode(rawValue: SQLITE_CANTOPEN)
    public static let `protocol` = ResultCode(rawValue: SQLITE_PROTOCOL)
    public static let schema = ResultCode(rawValue: SQLITE_SCHEMA)
    public static let tooBig = ResultCode(rawValue: SQLITE_TOOBIG)
    public static let constraint = ResultCode(rawValue: SQLITE_CONSTRAINT)
    public static let mismatch = ResultCode(rawValue: SQLITE_MISMATCH)
    public static let misuse = ResultCode(rawValue: SQLITE_MISUSE)
    public static let auth = ResultCode(rawValue: SQLITE_AUTH)
    public static let range = ResultCode(rawValue: SQLITE_RANGE)
    public static let notADatabase = ResultCode(rawValue: SQLITE_NOTADB)
    public static let row = ResultCode(rawValue: SQLITE_ROW)
    public static let done = ResultCode(rawValue: SQLITE_DONE)

    // MARK: extended codes (constraint family, the ones callers branch on)
    public static let constraintCheck = ResultCode(rawValue: SQLITE_CONSTRAINT | (1 << 8))
    public static let constraintForeignKey = ResultCode(rawValue: SQLITE_CONSTRAINT | (3 << 8))
    public static let constraintNotNull = ResultCode(rawValue: SQLITE_CONSTRAINT | (5 << 8))
    public static let constraintPrimaryKey = ResultCode(rawValue: SQLITE_CONSTRAINT | (6 << 8))
    public static let constraintTrigger = ResultCode(rawValue: SQLITE_CONSTRAINT | (7 << 8))
    public static let constraintUnique = ResultCode(rawValue: SQLITE_CONSTRAINT | (8 << 8))
    // MARK: extended codes (busy / read-only family)
    public static let busySnapshot = ResultCode(rawValue: SQLITE_BUSY | (2 << 8))
    public static let readOnlyDatabaseMoved = ResultCode(rawValue: SQLITE_READONLY | (4 << 8))
}
