import Foundation
import Testing

@testable import ForgeCore

/// The `Decodable` init maps every JSON kind to its case (its guesses are
/// ordered for speed; the kinds are disjoint, so the order must not matter).
@Test func everyJSONKindDecodesToItsCase() throws {
    let text = #"""
        {"t": true, "f": false, "n": null, "i": 72, "neg": -3, "big": 12345678901, "d": 72.5, "whole": 5.0, "e": 1e3,
         "s": "caf\u00e9", "num": "12", "tr": "true", "a": [1, "x", false, null, {"k": [2.25]}], "o": {}, "ea": []}
        """#
    let v = try JSONCoding.decode(JSONValue.self, from: Data(text.utf8))
    #expect(v["t"] == .bool(true) && v["f"] == .bool(false) && v["n"] == .null)
    #expect(v["i"] == .int(72) && v["neg"] == .int(-3) && v["big"] == .int(12_345_678_901))
    #expect(v["d"] == .double(72.5) && v["whole"] == .int(5) && v["e"] == .int(1000))
    #expect(v["s"] == .string("café") && v["num"] == .string("12") && v["tr"] == .string("true"))
    #expect(v["a"] == .array([.int(1), .string("x"), .bool(false), .null, .object(["k": .array([.double(2.25)])])]))
    #expect(v["o"] == .object([:]) && v["ea"] == .array([]))
    // And back: encoding then decoding is the identity.
    #expect(try JSONCoding.decode(JSONValue.self, from: JSONCoding.encode(v)) == v)
}

/// Issue 26: a client's declared strings carry no control characters but tab
/// and newline (escaped; a raw one is not JSON), nor do the keys of its
/// free-keyed members; open members (`JSONValue`) and unknown members are
/// not looked at, and stored documents (``WireDecoder/decode(_:from:)-(_,JSONValue)``) are read as stored.
@Test func inputsRefuseControlCharactersInDeclaredStrings() throws {
    struct Label: Decodable {
        let name: String
        let tags: [String]?
        let counts: [String: Int]?
        let order: OrderedMap<String>?
        let prefs: JSONValue?
    }
    func tree(_ text: String) throws -> JSONValue { try JSONValue.parse(Data(text.utf8)) }
    func refusal(_ text: String) throws -> WireDecodingError? {
        let value = try tree(text)
        guard case .failure(let error) = Result(catching: { try WireDecoder.decodeInput(Label.self, from: value) })
        else { return nil }
        guard let refused = error as? WireDecodingError else { throw error }
        return refused
    }
    for escaped in [#""a\u0000b""#, #""a\rb""#, #""\u001b[2J""#, #""\b""#, #""\u001f""#] {
        let error = try #require(try refusal(#"{"name": "# + escaped + "}"), "\(escaped) passed")
        #expect(error.path == [.key("name")] && error.type == ControlCharacters.errorType, "\(error)")
    }
    #expect(try refusal(#"{"name": "ok", "tags": ["fine", "x\u0007"]}"#)?.path == [.key("tags"), .index(1)])
    #expect(try refusal(#"{"name": "ok", "counts": {"a\u0000": 1}}"#)?.path == [.key("counts")])
    #expect(try refusal(#"{"name": "ok", "order": {"b": "x", "a\u0001": "y"}}"#)?.path == [.key("order")])
    // A raw control character is not JSON at all.
    #expect(throws: (any Error).self) { try JSONValue.parse(Data("{\"name\": \"a\u{0}b\"}".utf8)) }
    // Open and unknown members are not read as strings, so nothing is refused there.
    #expect(try refusal(#"{"name": "ok", "prefs": {"x\u0001": ["\u0002"]}, "other": "\u0003"}"#) == nil)
    // Tab and newline are text.
    let text = try WireDecoder.decodeInput(Label.self, from: try tree(#"{"name": "a\tb\nc"}"#))
    #expect(text.name == "a\tb\nc")
    // A stored document is read as it was written.
    #expect(try WireDecoder.decode(Label.self, from: try tree(#"{"name": "a\u0000b"}"#)).name == "a\u{0}b")
}

/// The same rule published: a `pattern` on every declared string schema
/// (beside a schema's own pattern through `allOf`; not on an `enum`), and
/// `propertyNames` on free-keyed objects; `$ref`s and open schemas untouched.
@Test func controlCharacterRuleIsPublishedOnDeclaredStrings() {
    let rule: JSONValue = ["pattern": .string(ControlCharacters.pattern)]
    let schema: JSONValue = [
        "type": "object",
        "properties": [
            "name": ["type": "string"],
            "blank": ["type": "string", "pattern": "[^\\s]"],
            "kind": ["type": "string", "enum": ["a", "b"]],
            "note": ["anyOf": [["type": "string"], ["type": "null"]]],
            "tags": ["type": "array", "items": ["type": "string"]],
            "counts": ["type": "object", "additionalProperties": ["type": "integer"]],
            "named": ["type": "object", "additionalProperties": ["type": "string"], "propertyNames": ["enum": ["a"]]],
            "prefs": [:],
            "nested": ["$ref": "#/components/schemas/Nested"],
        ],
    ]
    let published = ControlCharacters.published(in: schema)
    let p = published["properties"]!
    #expect(p["name"] == ["type": "string", "pattern": .string(ControlCharacters.pattern)])
    #expect(p["blank"] == ["type": "string", "pattern": "[^\\s]", "allOf": [rule]])
    #expect(p["kind"] == schema["properties"]!["kind"])
    #expect(
        p["note"]?["anyOf"]?.arrayValue?.first == ["type": "string", "pattern": .string(ControlCharacters.pattern)])
    #expect(p["tags"]?["items"] == ["type": "string", "pattern": .string(ControlCharacters.pattern)])
    #expect(p["counts"]?["propertyNames"] == rule)
    // Keys the type names itself (an enum) keep their list; values still carry the rule.
    #expect(p["named"]?["propertyNames"] == ["enum": ["a"]])
    #expect(p["named"]?["additionalProperties"] == ["type": "string", "pattern": .string(ControlCharacters.pattern)])
    #expect(p["prefs"] == [:])
    #expect(p["nested"] == ["$ref": "#/components/schemas/Nested"])
    // The pattern means what the decoder checks (ICU reads `\uXXXX` as ECMA-262 does).
    let regex = try! NSRegularExpression(pattern: ControlCharacters.pattern)
    for scalar in (0...0x7F).compactMap(Unicode.Scalar.init) {
        let text = "a\(Character(scalar))b"
        let matches = regex.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil
        #expect(matches == !ControlCharacters.contains(in: text), "U+\(String(scalar.value, radix: 16))")
    }
}
