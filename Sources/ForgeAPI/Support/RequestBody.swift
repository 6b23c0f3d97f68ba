import ForgeCore
import ForgeHTTP
import Foundation

/// A request body or query type: decoded by ``WireDecoder`` (lax coercion,
/// unknown members ignored) and then validated, before any write.
protocol RequestInput: Decodable, Sendable {
    /// The type's declared rules, run in order by ``validate()`` (or by its
    /// ``ValidatingInput/validated()``) and read by the OpenAPI document
    /// (``publishedKeywords``): ranges, lengths, enumerations, patterns.
    static var rules: [InputRule<Self>] { get }
    /// Checks the input: ``rules`` by default.
    /// - Throws: ``HTTPError`` 422 naming the field, or the contract's own 400.
    func validate() throws
    /// A valid input, published as the OpenAPI `example` and mutated one
    /// member at a time by the invalid-input tests; nil when not given.
    static var example: JSONValue? { get }
}

extension RequestInput {
    static var rules: [InputRule<Self>] { [] }
    func validate() throws { try checkRules() }
    static var example: JSONValue? { nil }
}

/// A route that reads nothing.
struct NoInput: RequestInput {}

/// A request input whose checks produce the typed values its handler uses
/// (decode once, issue 22): ``validated()`` runs every check (its
/// ``RequestInput/rules`` among them, where their order calls for) and returns
/// what it parsed (a date, a slot, the domain's input), and ``validate()``
/// is the same call with the result dropped (what MCP and the invalid-input
/// tests run). A handler takes the values from
/// ``Request/decodeValidated(_:)`` or ``Request/decodeQueryValidated(_:)``
/// and parses no string of the input again.
protocol ValidatingInput: RequestInput {
    associatedtype Validated: Sendable
    /// - Throws: ``HTTPError`` 422 naming the field, or the contract's own 400.
    func validated() throws -> Validated
}

extension ValidatingInput {
    func validate() throws { _ = try validated() }
}

/// An input with its `date` member parsed once: nil when absent or "" (the
/// caller reads that as today).
struct Dated<Input: Sendable>: Sendable {
    let input: Input
    let date: LocalDate?

    /// The date, or `today` when none was given.
    func day(or today: LocalDate) -> LocalDate { date ?? today }
}

/// An input with its required date member parsed once.
struct OnDay<Input: Sendable>: Sendable {
    let input: Input
    let day: LocalDate
}

extension Request {
    /// The JSON body decoded as `T` and validated.
    /// - Throws: 422 in the §1.4 shape: `loc` `["body", …path]` of the first
    ///   member that does not fit; `["body"]` for a missing or non-JSON body.
    func decode<T: RequestInput>(_ type: T.Type) throws -> T {
        let value = try Self.unvalidated(type, from: try bodyTree(), root: "body")
        try value.validate()
        return value
    }

    /// The JSON body decoded as `T` and checked once, as the values its
    /// checks produce (``ValidatingInput``).
    /// - Throws: as ``decode(_:)``.
    func decodeValidated<T: ValidatingInput>(_ type: T.Type) throws -> T.Validated {
        try Self.unvalidated(type, from: try bodyTree(), root: "body").validated()
    }

    /// The query string decoded as `T` and checked once, as the values its
    /// checks produce (``ValidatingInput``).
    /// - Throws: as ``decodeQuery(_:)``.
    func decodeQueryValidated<T: ValidatingInput>(_ type: T.Type) throws -> T.Validated {
        try Self.unvalidated(type, from: queryTree, root: "query").validated()
    }

    /// The body parsed as JSON.
    /// - Throws: 422 `["body"]`: `missing` when empty (no bytes), `json_invalid` when not JSON
    ///   (whitespace alone included: it holds no JSON value).
    private func bodyTree() throws -> JSONValue {
        if body.isEmpty {
            throw ValidationFailure.error(loc: ["body"], type: "missing", msg: "Field required", input: nil)
        }
        do { return try JSONValue.parse(body) } catch {
            throw ValidationFailure.error(loc: ["body"], type: "json_invalid", msg: "JSON decode error", input: nil)
        }
    }

    /// The query string as an object of strings (empty values left out).
    private var queryTree: JSONValue {
        var members: [String: JSONValue] = [:]
        for (k, v) in query where !v.isEmpty { members[k] = .string(v) }
        return .object(members)
    }

    /// Like ``decode(_:)`` but an empty body (no bytes) reads as `{}` (routes whose
    /// members are all optional); a body of whitespace alone is 422 `json_invalid`, as any
    /// other body that is not JSON.
    func decodeOptional<T: RequestInput>(_ type: T.Type) throws -> T {
        if body.isEmpty {
            return try Self.decode(type, from: .object([:]), root: "body")
        }
        return try decode(type)
    }

    /// The query string decoded as `T` (every value a string, coerced as
    /// §1.1 allows) and validated; 422 with `loc` `["query", name]`.
    func decodeQuery<T: RequestInput>(_ type: T.Type) throws -> T {
        let value = try Self.unvalidated(type, from: queryTree, root: "query")
        try value.validate()
        return value
    }

    private static func decode<T: RequestInput>(_ type: T.Type, from tree: JSONValue, root: String) throws -> T {
        let value = try unvalidated(type, from: tree, root: root)
        try value.validate()
        return value
    }

    /// `tree` decoded as `T`, before its checks.
    private static func unvalidated<T: RequestInput>(_ type: T.Type, from tree: JSONValue, root: String) throws -> T {
        let value: T
        do {
            // A body's declared strings refuse control characters (``ControlCharacters``, published as a
            // `pattern` on the body's schema); the query string is read as it is.
            value =
                try root == "body" ? WireDecoder.decodeInput(type, from: tree) : WireDecoder.decode(type, from: tree)
        } catch let e as WireDecodingError {
            throw ValidationFailure.error(loc: [.string(root)] + e.loc, type: e.type, msg: e.message, input: e.input)
        }
        return value
    }
}
