import Foundation

/// A CSV header: column names (trimmed, lower-cased, a BOM dropped) to positions.
package struct CSVHeader: Sendable {
    package let names: [String]
    private let index: [String: Int]

    package init(_ fields: [String]) {
        names = fields.map {
            $0.replacingOccurrences(of: "\u{FEFF}", with: "").trimmingCharacters(in: .whitespaces).lowercased()
        }
        var map: [String: Int] = [:]
        for (i, n) in names.enumerated() where map[n] == nil { map[n] = i }
        index = map
    }

    /// The position of the first of `candidates` present.
    package func column(_ candidates: String...) -> Int? { column(candidates) }

    package func column(_ candidates: [String]) -> Int? {
        for c in candidates { if let i = index[c] { return i } }
        return nil
    }

    /// True when every name is present.
    package func has(_ required: String...) -> Bool { required.allSatisfy { index[$0] != nil } }

    /// Reads a CSV header line's names (`,` or `;` or tab, quotes dropped) for sniffing.
    package static func sniff(_ line: String) -> CSVHeader {
        let sep: Character =
            line.filter({ $0 == ";" }).count > line.filter({ $0 == "," }).count
            ? ";" : line.contains("\t") && !line.contains(",") ? "\t" : ","
        return CSVHeader(
            line.split(separator: sep, omittingEmptySubsequences: false).map {
                $0.trimmingCharacters(in: .whitespaces).trimmingCharacters(in: CharacterSet(charactersIn: "\""))
            })
    }
}

extension Array where Element == String {
    /// The field at `i`, "" when the column is absent or the row is short.
    package subscript(field i: Int?) -> String {
        guard let i, i < count else { return "" }
        return self[i]
    }
}
