import ForgeCore
import Foundation

/// The food composition reference forged computes macros from when a recipe
/// line is not in the household's own ingredient reference: USDA's National
/// Nutrient Database for Standard Reference, Release 28 (SR28, public
/// domain; 8,789 foods with per-100 g values and 15,438 household portion
/// weights), plus the names cooks write for its foods (`aliases.tsv`).
///
/// The table is the embedded asset `food_reference.tsv`, made by
/// `tools/food-reference/generate.py` from the pinned USDA files. It is
/// decoded on first use (``usda``), so a server that never weighs a recipe
/// line never holds it in memory.
package final class FoodReference: Sendable {
    /// Foods in NDB order.
    package let foods: [Food]
    private let indexByID: [String: Int]
    /// A name's ``FoodMatcher/foodWords(_:)``, joined by one space → food index.
    private let aliases: [String: Int]
    /// A name's every word (``FoodText/key(_:)``, "chopped tomatoes", "2% milk") → food index.
    private let exactAliases: [String: Int]
    /// Folded, singular word of a description → indexes of the foods whose description holds it.
    private let byWord: [String: [Int]]

    /// Reads the table's text (see the generator for its shape).
    /// - Throws: ``SeedDataError/invalid(_:)`` naming the first malformed line.
    package init(text: String) throws {
        var foods: [Food] = []
        var indexByID: [String: Int] = [:]
        var aliases: [String: Int] = [:]
        var byWord: [String: [Int]] = [:]
        var exactKeys: Set<String> = []
        var exactAliases: [String: Int] = [:]
        for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: true).enumerated() {
            if line.hasPrefix("#") { continue }
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
            switch fields.first {
            case "F" where fields.count == 14:
                let values = fields[4..<12].map { Double($0) ?? 0 }
                let portions = fields[13].split(separator: "|").compactMap { entry -> Food.Portion? in
                    guard let eq = entry.lastIndex(of: "="), let space = entry.firstIndex(of: " "),
                        let amount = Double(entry[..<space]), let grams = Double(entry[entry.index(after: eq)...])
                    else { return nil }
                    return Food.Portion(
                        amount: amount, measure: String(entry[entry.index(after: space)..<eq]), grams: grams)
                }
                var food = Food(
                    id: "usda:" + fields[1], group: String(fields[2]), name: String(fields[3]),
                    per100g: Macros(values: values), portions: portions)
                food.refusePercent = min(max(Double(fields[12]) ?? 0, 0), 100)
                food.words = FoodText.words(food.name)
                food.headWords = FoodText.words(String(food.name.split(separator: ",").first ?? ""))
                indexByID[food.id] = foods.count
                for word in Set(food.words) { byWord[word, default: []].append(foods.count) }
                foods.append(food)
            case "A" where fields.count == 3:
                guard let index = indexByID["usda:" + fields[2]] else {
                    throw SeedDataError.invalid("food_reference.tsv line \(number + 1): no food \(fields[2])")
                }
                // The key drops descriptors as a line's name does ("huile d'olive" → "huile olive"); where two
                // names meet on one key, the name that is the key itself wins ("ginger" over "fresh ginger").
                exactAliases[FoodText.key(String(fields[1]))] = index
                let key = FoodMatcher.foodWords(String(fields[1])).joined(separator: " ")
                let exact = key == FoodText.key(String(fields[1]))
                if !key.isEmpty, exact || aliases[key] == nil || !exactKeys.contains(key) {
                    aliases[key] = index
                    if exact { exactKeys.insert(key) }
                }
            default:
                throw SeedDataError.invalid("food_reference.tsv line \(number + 1) is malformed")
            }
        }
        self.foods = foods
        self.indexByID = indexByID
        self.aliases = aliases
        self.exactAliases = exactAliases
        self.byWord = byWord
    }

    /// The food with `id` (`usda:01001`), or nil.
    package subscript(id id: String) -> Food? { indexByID[id].map { foods[$0] } }

    /// The food a cook's name means by the alias table: `key` is the name's
    /// ``FoodMatcher/foodWords(_:)`` joined by one space; nil when no alias has it.
    package func alias(_ key: String) -> Food? { aliases[key].map { foods[$0] } }

    /// The food an alias names with exactly these words (``FoodText/key(_:)``: "chopped tomato" is not
    /// "tomato"), or nil.
    package func exactAlias(_ key: String) -> Food? { exactAliases[key].map { foods[$0] } }

    /// Foods whose description holds every one of `words` (folded, singular), in NDB order.
    package func foods(holding words: [String]) -> [Food] {
        guard let first = words.min(by: { (byWord[$0]?.count ?? 0) < (byWord[$1]?.count ?? 0) }),
            let candidates = byWord[first]
        else { return [] }
        // Each word's foods are in ascending order: a binary search, not a set built per call.
        let rest = words.filter { $0 != first }.map { byWord[$0] ?? [] }
        return candidates.filter { index in rest.allSatisfy { Self.holds($0, index) } }.map { foods[$0] }
    }

    /// Whether the ascending `list` holds `index`.
    static func holds(_ list: [Int], _ index: Int) -> Bool {
        var (low, high) = (0, list.count)
        while low < high {
            let mid = (low + high) / 2
            if list[mid] < index { low = mid + 1 } else { high = mid }
        }
        return low < list.count && list[low] == index
    }

    /// The shipped table, decoded on first use.
    package static let usda: FoodReference = {
        do {
            guard let text = EmbeddedAssets.text(named: "food_reference.tsv") else {
                throw SeedDataError.missing("food_reference.tsv")
            }
            return try FoodReference(text: text)
        } catch {
            fatalError("embedded food_reference.tsv is invalid: \(error)")
        }
    }()
}
