import Foundation
import Testing

@testable import ForgeImport

/// The byte-level JSON check of the forge-server move's JSON columns gives
/// `JSONSerialization`'s answer on every text: the move's columns, edge cases,
/// and one-byte changes of them.
@Suite struct JSONCheckTests {
    static let samples = [
        "{}", "[]", "null", "true", "false", "0", "-0", "12.5", "-3.25", "\"text\"", " { } ", "\n[1, 2]\t",
        #"{"hr": [[0, 61], [5, 62.5]], "route": [[51.5, -0.12], [51.50001, -0.12002]]}"#,
        #"{"duration_s": 3600, "distance_km": 10.2, "kcal": null, "avg_hr": 141}"#,
        #"["squat", "bench_press", "deadlift"]"#, #"{"a": {"b": {"c": [true, false, null]}}}"#,
        #"{"note": "caf\u00e9 \"quoted\" back\\slash \/ \b\f\n\r\t", "emoji": "🏋️"}"#,
        #"{"x": "\ud83d\ude00"}"#, #"{"x": "\ud83d"}"#, "1e5", "1E-2", "1.5e+3", "123456789012345",
        "1234567890123456", "0.000000000000001", "01", "1.", ".5", "+1", "-", "NaN", "Infinity", "[1,]", "{\"a\":1,}",
        "{'a': 1}", "[1 2]", "{\"a\" 1}", "\"unterminated", "\"tab\there\"", "\"\\x41\"", "\"\\u00G1\"", "tru", "nul",
        "[", "]", "{", "", " ", "[] []", "\u{FEFF}[]", "[\"\u{7F}\"]", "{\"a\":[{\"b\":[{}]}]}",
        String(repeating: "[", count: 70) + String(repeating: "]", count: 70),
        String(repeating: "[", count: 600) + String(repeating: "]", count: 600),
    ]

    static func serialization(_ text: String) -> Bool {
        (try? JSONSerialization.jsonObject(with: Data(text.utf8), options: [.fragmentsAllowed])) != nil
    }

    @Test func givesJSONSerializationsAnswer() {
        var texts = Self.samples
        for sample in Self.samples where sample.count < 120 {
            let chars = Array(sample)
            for i in chars.indices {
                var drop = chars
                drop.remove(at: i)
                texts.append(String(drop))
                for c in "\"[]{},:0-.e \\u" {
                    var change = chars
                    change[i] = c
                    texts.append(String(change))
                }
            }
        }
        var byBytes = 0
        for text in texts {
            #expect(JSONCheck.parses(text) == Self.serialization(text), "\(text)")
            var copy = text
            let valid = copy.withUTF8 { bytes in
                var scanner = JSONCheck.Scanner(bytes: bytes)
                return scanner.validDocument()
            }
            if valid { byBytes += 1 }
        }
        // The byte-level check answers for many of them (else this compares JSONSerialization with itself).
        #expect(byBytes > 500, "\(byBytes) of \(texts.count)")
    }
}
