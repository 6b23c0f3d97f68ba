import Foundation
import Testing

@testable import ForgeCook

/// The line reader against 729 real ingredient lines from the recipe-page
/// corpus (Tests/Fixtures/ingredient-lines/lines.tsv), each labelled by hand:
/// every amount the line states, the first amount's unit, and the food's
/// name. A line is read right when its quantity equals any stated amount
/// (within 1 %, for thirds written to three places), its unit is the label's
/// when the quantity is the first amount, and every word of the label's
/// name is among the food words of the name it is matched by
/// (``IngredientLineFacts/matchName``). Held to 95 %, in English and in the
/// other languages apart.
struct IngredientLineTableTests {
    struct Row: Sendable, CustomStringConvertible {
        let line: String, lang: String, quantities: [Double], unit: String, name: String
        var description: String { line }
    }

    static let rows: [Row] = {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/ingredient-lines/lines.tsv")
        guard let text = try? String(contentsOf: url, encoding: .utf8) else { return [] }
        return text.split(separator: "\n").dropFirst().compactMap { line in
            let f = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            guard f.count == 5 else { return nil }
            return Row(
                line: f[0], lang: f[1], quantities: f[2].split(separator: "|").compactMap { Double($0) },
                unit: f[3], name: f[4])
        }
    }()

    /// What is wrong with the reading of `row`, or nil when it is right.
    static func mistake(_ row: Row) -> String? {
        let parsed = IngredientLineParser.parse(row.line)
        let facts = IngredientLineFacts(raw: row.line, parsed: parsed)
        func same(_ a: Double, _ b: Double) -> Bool { abs(a - b) <= 0.01 * max(abs(b), 0.01) }
        if let qty = parsed.qty {
            guard row.quantities.contains(where: { same(qty, $0) }) else { return "quantity \(qty)" }
            // The table has no key for a sachet; it labels one a pack.
            let unit = parsed.unit == "sachet" ? "pack" : parsed.unit
            if let first = row.quantities.first, same(qty, first), unit != row.unit {
                return "unit '\(parsed.unit)' for '\(row.unit)'"
            }
        } else if !row.quantities.isEmpty {
            return "no quantity"
        }
        let ours = Set(FoodMatcher.foodWords(facts.matchName))
        let wanted = FoodMatcher.foodWords(row.name)
        if !wanted.allSatisfy(ours.contains) { return "name '\(facts.matchName)'" }
        return nil
    }

    @Test func theTableHoldsEnoughLinesInEveryLanguage() {
        #expect(Self.rows.count >= 300)
        #expect(Self.rows.filter { $0.lang != "en" }.count >= 90)
    }

    @Test(arguments: [true, false])
    func atLeast95PercentAreReadRight(english: Bool) {
        let rows = Self.rows.filter { ($0.lang == "en") == english }
        let wrong = rows.compactMap { row in Self.mistake(row).map { "\(row.line) → \($0)" } }
        let share = Double(rows.count - wrong.count) / Double(max(rows.count, 1))
        #expect(share >= 0.95, "\(wrong.count) of \(rows.count) read wrong:\n\(wrong.joined(separator: "\n"))")
    }
}
