import ForgeCore

/// One food of the composition reference (USDA SR28, ``FoodReference``).
///
/// `per100g` holds the eight macros per 100 g of the edible portion (kcal,
/// grams, sodium in mg; a value USDA does not give is 0). `portions` are
/// USDA's household measures with their weight ("1 cup" = 227 g for
/// butter), in USDA's order.
package struct Food: Sendable, Equatable {
    /// The food's id on the wire: `usda:` and SR28's five-digit NDB number (`usda:01001`).
    package let id: String
    /// SR28's food group code (`0100` dairy and egg, `0200` spices and herbs, …).
    package let group: String
    /// SR28's long description, as USDA writes it ("Butter, without salt").
    package let name: String
    /// Macros per 100 g.
    package let per100g: Macros
    /// Household measures and their weights (edible portion).
    package let portions: [Portion]
    /// The percent of the food as bought that is not eaten (bone, peel, core; SR28's refuse), 0–100.
    package var refusePercent: Double = 0
    /// The description's words and its first part's words (before the first comma), as ``FoodText/words(_:)``
    /// reads them; filled by ``FoodReference`` when it loads the food.
    package var words: [String] = [], headWords: [String] = []

    /// One household measure: `amount` of `measure` weighs `grams`.
    package struct Portion: Sendable, Equatable {
        /// How many of the measure ("1", "0.5").
        package let amount: Double
        /// The measure as USDA writes it: `cup`, `tbsp`, `large`, `clove`, `cup, chopped`.
        package let measure: String
        /// The weight of `amount` of `measure`, grams.
        package let grams: Double

        /// The measure's first word, lower-cased and singular, spoons as their unit keys ("cup" of "cup,
        /// chopped"; "large" of "large (2-1/4\" dia)"; "cracker" of "crackers"; "tbsp" of "tablespoon").
        package let word: String
        /// The measure's preparation words after its first comma, brackets left out (`shredded` of "cup,
        /// shredded"; none of "cup, fluid (yields 2 cups whipped)" but `fluid`), as ``FoodText/words(_:)``.
        package let form: Set<String>
        /// The item size the measure names before its brackets: `small`, `medium`, `large` or `extra` (extra
        /// large), as in "Potato medium (2-1/4\" to 3-1/4\" dia)" or "large"; `""` for none.
        package let size: String

        /// A measure: `amount` of `measure` weighs `grams`.
        package init(amount: Double, measure: String, grams: Double) {
            self.amount = amount
            self.measure = measure
            self.grams = grams
            word = Self.word(of: measure)
            let afterComma = measure.split(separator: ",", maxSplits: 1).dropFirst().first ?? ""
            form = Set(FoodText.words(String(afterComma.prefix { $0 != "(" })))
            let words = Set(FoodText.words(String(measure.prefix { $0 != "(" })))
            size =
                words.isSuperset(of: ["extra", "large"])
                ? "extra" : ["small", "medium", "large"].first(where: words.contains) ?? ""
        }

        /// Grams of one `measure`.
        package var gramsEach: Double { grams / amount }

        static func word(of measure: String) -> String {
            let first = String(
                measure.lowercased().prefix { $0.isLetter || $0 == " " }.split(separator: " ").first ?? "")
            switch first {
            case "tablespoon", "tablespoons", "tbs": return "tbsp"
            case "teaspoon", "teaspoons": return "tsp"
            default: return FoodText.singular(first)
            }
        }
    }

    /// What `grams` of the food contribute.
    package func macros(grams: Double) -> Macros { per100g.scaled(by: grams / 100) }
}
