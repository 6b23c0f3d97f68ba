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
