/// The rule every declared string member of a request body passes: no C0
/// control character (U+0000-U+001F) but tab (U+0009) and newline (U+000A),
/// whether it arrived escaped (`\u0000`, `\r`, `\b`) or raw (JSON's own
/// parser refuses raw ones inside strings). A NUL in a label ends the string
/// for any C reader; a bare CR rewrites a terminal line. Fields whose text is
/// one line refuse the newline too, in their own checks.
///
/// One rule, two readers: ``WireDecoder/decodeInput(_:from:)`` refuses such a
/// string (and such a key of a free-keyed member: a dictionary or
/// ``OrderedMap``) with a ``WireDecodingError`` naming the member, and
/// ``published(in:)`` writes the same rule into a request type's JSON Schema
/// as ``pattern`` (and `propertyNames` where keys are free), so the OpenAPI
/// document and the server agree. Open members (``JSONValue``: `prefs`,
/// `context`) and unknown members are not decoded as strings, so neither
/// checks nor publishes anything for them.
package enum ControlCharacters {
    /// Whether `text` holds a refused character.
    package static func contains(in text: String) -> Bool {
        text.utf8.contains { $0 < 0x20 && $0 != 0x09 && $0 != 0x0A }
    }

    /// `text` with the refused characters dropped (a whole document's reader, ``DocumentText``: CRLF
    /// line ends become LF).
    package static func removed(from text: String) -> String {
        guard contains(in: text) else { return text }
        var scalars = String.UnicodeScalarView()
        scalars.append(contentsOf: text.unicodeScalars.lazy.filter { $0.value >= 0x20 || $0 == "\t" || $0 == "\n" })
        return String(scalars)
    }

    /// The rule as an ECMA-262 pattern (JSON Schema's `pattern` dialect).
    package static let pattern = "^[^\\u0000-\\u0008\\u000B-\\u001F]*$"

    /// The `type` of the decoding error (pydantic's name for a pattern failure).
    package static let errorType = "string_pattern_mismatch"
    /// The sentence of the decoding error.
    package static let message =
        "String should not contain control characters (U+0000-U+001F other than tab and newline)"

    /// `schema` (a request type's, `$ref`s left as they are: the components
    /// they name get their own pass) with the rule published: ``pattern`` on
    /// every string schema that is not an `enum` or `const` (through `allOf`
    /// where the schema has a pattern of its own), and `propertyNames` on every
    /// object schema with `additionalProperties` (the free-keyed members),
    /// through `properties`, `items`, `additionalProperties`, `anyOf`, `oneOf`
    /// and `allOf`. A schema that admits any value (`{}`) is left open.
    package static func published(in schema: JSONValue) -> JSONValue {
        guard case .object(var object) = schema, object["$ref"] == nil else { return schema }
        for key in ["anyOf", "oneOf", "allOf"] {
            if let branches = object[key]?.arrayValue { object[key] = .array(branches.map(published(in:))) }
        }
        if let properties = object["properties"]?.objectValue {
            object["properties"] = .object(properties.mapValues(published(in:)))
        }
        if let items = object["items"] { object["items"] = published(in: items) }
        if object["type"] == "object", let extra = object["additionalProperties"] {
            object["additionalProperties"] = published(in: extra)
            // Keys are strings: a `propertyNames` of the type's own (an `enum` of the names it takes) stays.
            object["propertyNames"] = .object(withRule(object["propertyNames"]?.objectValue ?? [:]))
        }
        if object["type"] == "string" { object = withRule(object) }
        return .object(object)
    }

    /// A string schema with the rule: unchanged when it is an `enum` or a
    /// `const` (its values are the allowed ones) or a document (`contentMediaType`), else ``pattern``, or, beside
    /// a pattern of its own, through `allOf`.
    private static func withRule(_ schema: [String: JSONValue]) -> [String: JSONValue] {
        // A whole document (``DocumentText``, marked by its `contentMediaType`) takes any character.
        guard schema["enum"] == nil, schema["const"] == nil, schema["contentMediaType"] == nil else { return schema }
        var object = schema
        let rule: JSONValue = ["pattern": .string(pattern)]
        if let own = object["pattern"], own != .string(pattern) {
            // One `pattern` per schema: the rule joins the schema's own through `allOf`.
            var all = object["allOf"]?.arrayValue ?? []
            if !all.contains(rule) { all.append(rule) }
            object["allOf"] = .array(all)
        } else {
            object["pattern"] = .string(pattern)
        }
        return object
    }
}
