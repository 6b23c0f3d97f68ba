import ForgeCore
import Foundation

/// The original's `workout_series.data`, `{"hr": [[t_s, bpm]…], "route": [[lat, lon]…]}`,
/// read leniently: anything that is not a pair of numbers is left out.
struct SeriesData {
    /// The shape the original writes: decoded directly (the fast path).
    private struct Pairs: Decodable {
        let hr: [[Double]]?
        let route: [[Double]]?
    }

    let hr: [(Double, Double)]
    let route: [(Double, Double)]

    /// The original's shape (lists of number pairs), or nil for any other text, JSON or not:
    /// JSONDecoder reads the whole text, so a text it decodes is JSON.
    init?(pairs json: String) {
        guard let plain = try? JSONDecoder().decode(Pairs.self, from: Data(json.utf8)) else { return nil }
        func pairs(_ list: [[Double]]?) -> [(Double, Double)] {
            (list ?? []).compactMap { $0.count >= 2 ? ($0[0], $0[1]) : nil }
        }
        hr = pairs(plain.hr)
        route = pairs(plain.route)
    }

    init(json: String) {
        if let plain = SeriesData(pairs: json) {
            self = plain
            return
        }
        let data = Data(json.utf8)
        // Something else in the lists (a null, a string): each pair of numbers, the rest left out.
        let object = (try? JSONDecoder().decode([String: JSONValue].self, from: data)) ?? [:]
        func pairs(_ key: String) -> [(Double, Double)] {
            (object[key]?.arrayValue ?? []).compactMap { pair in
                guard let list = pair.arrayValue, list.count >= 2, let a = list[0].doubleValue,
                    let b = list[1].doubleValue
                else { return nil }
                return (a, b)
            }
        }
        hr = pairs("hr")
        route = pairs("route")
    }
}
