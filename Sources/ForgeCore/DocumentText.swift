/// A whole document sent in one string member of a request body (a recipe
/// page's HTML): any characters, control characters included, since real
/// documents hold CRLF line ends and stray control bytes.
///
/// It is the one exception to ``ControlCharacters``: its schema names a
/// `contentMediaType`, which the published rule skips, and the reader of the
/// document drops what it does not read (``RecipeImporter`` drops CR and
/// other control characters before parsing). The text is never echoed as a
/// label or written to a terminal.
package struct DocumentText: Decodable, Sendable, Equatable, WireSchemaDescribed {
    /// The document as sent.
    package let text: String

    /// A document holding `text`.
    package init(_ text: String) { self.text = text }

    /// - Throws: `DecodingError.typeMismatch` when the member is not a string.
    package init(from decoder: Decoder) throws {
        // Decoded as an open value, so the control-character rule of declared strings does not apply.
        let value = try decoder.singleValueContainer().decode(JSONValue.self)
        guard case .string(let text) = value else {
            throw DecodingError.typeMismatch(
                String.self, .init(codingPath: decoder.codingPath, debugDescription: "Input should be a valid string"))
        }
        self.text = text
    }

    package static var wireSchema: JSONValue { ["type": "string", "contentMediaType": "text/html"] }
}
