/// The rule every string a client sends must pass: no C0 control
/// characters (U+0000-U+001F) except tab (U+0009) and newline (U+000A),
/// whether they arrived raw or escaped (`\u0000`, `\r`, `\b`). JSON's own
/// parser already refuses raw ones inside strings; escaped ones decode to
/// the same characters and would otherwise be stored (a NUL in a label ends
/// the string for any C reader, a bare CR rewrites a terminal line). Fields
/// whose text is one line refuse the newline too, in their own validation.
package enum ControlCharacters {
    /// Whether `text` holds a refused character.
    package static func contains(in text: String) -> Bool {
        text.utf8.contains { $0 < 0x20 && $0 != 0x09 && $0 != 0x0A }
    }

    /// The `type` of the decoding error (pydantic's name for a pattern failure).
    package static let errorType = "string_pattern_mismatch"
    /// The sentence of the decoding error.
    package static let message =
        "String should not contain control characters (U+0000-U+001F other than tab and newline)"
}

extension JSONValue {
    /// Throws for the first string value or member name (depth first, members
    /// in sorted order) holding a character ``ControlCharacters`` refuses.
    /// - Throws: ``WireDecodingError`` of type `string_pattern_mismatch`
    ///   whose path names the member (for a member name: its object).
    package func refuseControlCharacters(path: [WireDecodingError.PathItem] = []) throws(WireDecodingError) {
        switch self {
        case .string(let s):
            if ControlCharacters.contains(in: s) {
                throw WireDecodingError(
                    path: path, type: ControlCharacters.errorType, message: ControlCharacters.message, input: self)
            }
        case .array(let items):
            for (index, item) in items.enumerated() { try item.refuseControlCharacters(path: path + [.index(index)]) }
        case .object(let members):
            for key in members.keys.sorted() {
                if ControlCharacters.contains(in: key) {
                    throw WireDecodingError(
                        path: path, type: ControlCharacters.errorType, message: ControlCharacters.message,
                        input: .string(key))
                }
                try members[key]!.refuseControlCharacters(path: path + [.key(key)])
            }
        default:
            return
        }
    }
}

extension WireDecoder {
    /// Decodes `T` from what a client sent: ``decode(_:from:)-(_,JSONValue)``
    /// after ``JSONValue/refuseControlCharacters(path:)``, so no string
    /// field, typed or open (`prefs`), stores a control character.
    /// Stored documents are read with ``decode(_:from:)-(_,JSONValue)``.
    /// - Throws: ``WireDecodingError``.
    package static func decodeInput<T: Decodable>(_ type: T.Type, from value: JSONValue) throws -> T {
        try value.refuseControlCharacters()
        return try decode(type, from: value)
    }
}
