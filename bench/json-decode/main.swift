import Foundation

/// The guess order JSONValue's decoder used before (Bool, Int, Double,
/// String, Array, Object), kept here as the baseline of the ratio.
enum OldOrder: Decodable {
    case null, bool(Bool), int(Int), double(Double), string(String), array([OldOrder]), object([String: OldOrder])
    init(from decoder: Decoder) throws {
        let c = try decoder.singleValueContainer()
        if c.decodeNil() { self = .null }
        else if let b = try? c.decode(Bool.self) { self = .bool(b) }
        else if let i = try? c.decode(Int.self) { self = .int(i) }
        else if let d = try? c.decode(Double.self) { self = .double(d) }
        else if let s = try? c.decode(String.self) { self = .string(s) }
        else if let a = try? c.decode([OldOrder].self) { self = .array(a) }
        else { self = .object(try c.decode([String: OldOrder].self)) }
    }
}

func best(of runs: Int, _ body: () throws -> Void) rethrows -> Double {
    var best = Double.infinity
    for _ in 0..<runs {
        let start = Date()
        try body()
        best = min(best, Date().timeIntervalSince(start))
    }
    return best
}

let data = try Data(contentsOf: URL(fileURLWithPath: CommandLine.arguments[1]))
let old = try best(of: 5) { _ = try JSONDecoder().decode(OldOrder.self, from: data) }
let new = try best(of: 5) { _ = try JSONDecoder().decode(JSONValue.self, from: data) }
print(String(format: "payload %d bytes: old guess order %.3f s, JSONValue %.3f s (best of 5): %.2f× faster",
             data.count, old, new, old / new))
