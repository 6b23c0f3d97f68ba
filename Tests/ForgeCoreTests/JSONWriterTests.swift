import Foundation
import Testing

@testable import ForgeCore

@Suite struct JSONWriterTests {
    @Test func matchesJSONEncoderOnTheSameTree() throws {
        let tree: JSONValue = [
            "b": [1, 2.5, "x/y", nil, true], "a": ["z": "—→×·…₂", "y": 60.0],
            "ctl": "line\nbreak\t\u{01}\"q\"\\", "big": .int(9_007_199_254_740_993), "e": 0.000012,
        ]
        let mine = try JSONCoding.decode(JSONValue.self, from: JSONWriter.data(tree))
        let theirs = try JSONCoding.decode(JSONValue.self, from: try JSONCoding.encode(tree))
        #expect(mine == theirs)
        #expect(mine["b"] == tree["b"] && mine["ctl"] == tree["ctl"])  // 60.0 decodes back as an integer
    }

    @Test func keysSortedAndNonASCIILiteral() {
        let text = JSONWriter.string(["b": 1, "a": "×", "B": 60.0])
        #expect(text == #"{"B":60.0,"a":"×","b":1}"#)
    }

    @Test func nonFiniteNumbersBecomeNull() {
        #expect(JSONWriter.string([.double(.infinity), .double(.nan)]) == "[null,null]")
    }
}
