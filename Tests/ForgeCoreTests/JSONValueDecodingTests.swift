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

/// Issue 26: a client's strings carry no control characters but tab and
/// newline, escaped or raw, in any member, nested or a member name.
@Test func inputsRefuseControlCharactersEscapedOrRaw() throws {
    struct Label: Decodable { let name: String }
    for escaped in [#"{"name": "a\u0000b"}"#, #"{"name": "a\rb"}"#, #"{"name": "\u001b[2J"}"#, #"{"name": "\b"}"#] {
        let tree = try JSONValue.parse(Data(escaped.utf8))
        #expect(throws: WireDecodingError.self, "\(escaped)") { try WireDecoder.decodeInput(Label.self, from: tree) }
        do {
            _ = try WireDecoder.decodeInput(Label.self, from: tree)
        } catch let error as WireDecodingError {
            #expect(error.path == [.key("name")] && error.type == "string_pattern_mismatch")
        }
    }
    // A raw control character is not JSON at all.
    #expect(throws: (any Error).self) { try JSONValue.parse(Data("{\"name\": \"a\u{0}b\"}".utf8)) }
    // Open shapes too: nested in an array of an object, and in a member name.
    let nested = try JSONValue.parse(Data(#"{"prefs": {"tags": ["ok", "x\u0007"]}}"#.utf8))
    do {
        try nested.refuseControlCharacters()
        Issue.record("a nested BEL passed")
    } catch {
        #expect(error.path == [.key("prefs"), .key("tags"), .index(1)])
    }
    #expect(throws: WireDecodingError.self) {
        try JSONValue.parse(Data(#"{"a\u0000": 1}"#.utf8)).refuseControlCharacters()
    }
    // Tab and newline are text.
    let text = try WireDecoder.decodeInput(Label.self, from: try JSONValue.parse(Data(#"{"name": "a\tb\nc"}"#.utf8)))
    #expect(text.name == "a\tb\nc")
}
