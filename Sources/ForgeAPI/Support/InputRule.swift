import ForgeCore
import ForgeHTTP

/// One declared rule of a request type (``RequestInput/rules``): the member
/// it applies to, the JSON Schema keywords the OpenAPI document publishes for
/// that member, and the check the validator runs. The validator and the
/// document read the same table, so a bound is written once (issue 22).
///
/// A type's rules run in the order they are declared, so the first member
/// that does not fit is the one the answer names. Only a top-level body
/// member or a query parameter is published (`["name"]` or `["query", name]`);
/// a rule on a nested path, or with no keywords, only checks.
struct InputRule<Input>: Sendable {
    /// Where the rule applies: `["query", name]` for a query parameter, else
    /// the body path (`["name"]`, `["results", "value"]`); empty for a rule
    /// over several members.
    let loc: [JSONValue]
    /// JSON Schema keywords published on the member (`maxLength`, `minimum`, `enum`, `pattern`…).
    let keywords: [String: JSONValue]
    /// The check.
    /// - Throws: ``HTTPError``: 422 naming the member, or the contract's own 400.
    let apply: @Sendable (Input) throws -> Void

    /// The member the keywords go on: a query parameter's name, or a
    /// top-level body member; nil for a nested path.
    var member: String? {
        let path = loc.first == "query" ? Array(loc.dropFirst()) : loc
        guard path.count == 1 else { return nil }
        return path[0].stringValue
    }

    /// The same check, its keywords left out of the OpenAPI document. For a
    /// check the document has never published (the recorder the table
    /// replaced stopped at an earlier check's probe value); publishing it is a
    /// change of the document of its own.
    var unpublished: Self { InputRule(loc: loc, keywords: [:], apply: apply) }

    /// The same check with `extra` JSON Schema keywords published beside its own,
    /// e.g. `["pattern": "\\S"]` for a string the check reads trimmed (a blank
    /// value is refused, so the document must not call it valid).
    func publishing(_ extra: [String: JSONValue]) -> Self {
        InputRule(loc: loc, keywords: keywords.merging(extra) { _, new in new }, apply: apply)
    }
}

extension InputRule {
    /// A string's length in code points (as JSON Schema's `maxLength`), `min`…`max`.
    static func length(
        _ loc: JSONValue..., max: Int, min: Int = 0, _ value: @escaping @Sendable (Input) -> String?
    ) -> Self {
        InputRule(
            loc: loc, keywords: min > 0 ? ["maxLength": .int(max), "minLength": .int(min)] : ["maxLength": .int(max)]
        ) { try Check.length(value($0), max: max, min: min, at: loc) }
    }

    /// A number within `bounds`.
    static func range<T: Comparable & Numeric & Sendable>(
        _ loc: JSONValue..., within bounds: ClosedRange<T>, _ value: @escaping @Sendable (Input) -> T?
    ) -> Self {
        InputRule(
            loc: loc,
            keywords: ["minimum": Check.number(bounds.lowerBound), "maximum": Check.number(bounds.upperBound)]
        ) { try Check.range(value($0), bounds, at: loc) }
    }

    /// A number above 0 and at most `max` (``Check/positive(_:max:at:)``),
    /// published as `exclusiveMinimum: 0, maximum: max`.
    static func positive(_ loc: JSONValue..., max: Double, _ value: @escaping @Sendable (Input) -> Double?) -> Self {
        InputRule(loc: loc, keywords: ["exclusiveMinimum": 0, "maximum": .double(max)]) {
            try Check.positive(value($0), max: max, at: loc)
        }
    }

    /// A list of at most `max` items.
    static func count<C: Collection & SendableMetatype>(
        _ loc: JSONValue..., max: Int, _ value: @escaping @Sendable (Input) -> C?
    ) -> Self {
        InputRule(loc: loc, keywords: ["maxItems": .int(max)]) { try Check.count(value($0), max: max, at: loc) }
    }

    /// One of `allowed`.
    static func oneOf(_ loc: JSONValue..., allowed: [String], _ value: @escaping @Sendable (Input) -> String?) -> Self {
        InputRule(loc: loc, keywords: ["enum": .array(allowed.map(JSONValue.string))]) {
            try Check.oneOf(value($0), allowed, at: loc)
        }
    }

    /// A text member published as a date: `YYYY-MM-DD` in ``Bounds/years``,
    /// or empty where `emptyIsToday`. Checks nothing: the type's own parse
    /// answers the contract's `bad date` (docs/contract.md §1.2).
    static func dateText(_ loc: JSONValue..., emptyIsToday: Bool = true) -> Self {
        let pattern = emptyIsToday ? "^$|" + Check.yearsPattern : Check.yearsPattern
        return InputRule(loc: loc, keywords: ["pattern": .string(pattern)]) { _ in }
    }

    /// Publishes `keywords` on the member and checks nothing: for a rule the
    /// type answers itself with the contract's own message, elsewhere in its table or its parse.
    static func publish(_ loc: JSONValue..., keywords: [String: JSONValue]) -> Self {
        InputRule(loc: loc, keywords: keywords) { _ in }
    }

    /// A check of the type's own (the contract's message, several members,
    /// nested lists), publishing `keywords` on the member at `loc` when given.
    static func custom(
        _ loc: JSONValue..., publishing keywords: [String: JSONValue] = [:],
        _ check: @escaping @Sendable (Input) throws -> Void
    ) -> Self {
        InputRule(loc: loc, keywords: keywords, apply: check)
    }
}

extension RequestInput {
    /// Runs ``rules`` in order.
    /// - Throws: the first rule's error.
    func checkRules() throws {
        for rule in Self.rules { try rule.apply(self) }
    }

    /// The JSON Schema keywords ``rules`` publish, by member (a query
    /// parameter's name or a top-level body member); what the OpenAPI document
    /// adds to the type's schema.
    static var publishedKeywords: [String: JSONValue] {
        var out: [String: JSONValue] = [:]
        for rule in rules where !rule.keywords.isEmpty {
            guard let name = rule.member else { continue }
            var merged = out[name]?.objectValue ?? [:]
            for (k, v) in rule.keywords { merged[k] = v }
            out[name] = .object(merged)
        }
        return out
    }
}
