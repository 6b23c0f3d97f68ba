/// Turns a recipe line's quantity and unit into grams of its food.
///
/// In order: mass units convert exactly (oz 28.35 g, lb 453.6 g); volume
/// units by the food's own USDA portion weights (its `tbsp` for a tbsp
/// line, else its cup, tbsp, tsp or fl oz), else a density by kind of food
/// (``density(of:)``); counts and count words by the variety the line
/// names (``varietyItems``: a pickling cucumber), else the food's own portion
/// (`large`, `medium`, `clove`, `slice`, `stick`, …), else a typical item
/// weight (``typicalItemGrams``, or a lighter measure of the food in another
/// shape: ``otherItemGrams``). A weight that rests on a typical size
/// rather than the food's own measure is marked as an estimate.
///
/// A weight the cook states (a mass, or a can's or pack's size) is the food
/// as bought: the food's refuse (bone, peel, core; SR28's Refuse percent)
/// is taken off unless the line says the weight is edible already
/// (`asBought: false`: boneless, fillets, peeled, …). USDA's portion weights
/// are of the edible portion and are never reduced.
package enum FoodWeigher {
    /// Grams, and whether they are an estimate.
    package struct Weight: Sendable, Equatable {
        package let grams: Double
        package let estimate: Bool
    }

    /// Millilitres of one of each volume unit key (``IngredientUnits``).
    static func millilitres(_ unit: String) -> Double? {
        guard let (dimension, size) = IngredientUnits.sizes[unit], dimension == "ml" else { return nil }
        return size
    }

    /// Grams of one of each mass unit key.
    static func massGrams(_ unit: String) -> Double? {
        guard let (dimension, size) = IngredientUnits.sizes[unit], dimension == "g" else { return nil }
        return size
    }

    /// USDA measure words of a volume, with their millilitres.
    static let volumeMeasures: [String: Double] = [
        "cup": 240, "tbsp": 15, "tsp": 5, "fl": 29.57, "ml": 1, "quart": 946,
        "pint": 473, "liter": 1000, "l": 1000,
    ]

    /// Grams per millilitre of `food`: from its own volume portion (the
    /// `unit`'s first, then cup, tbsp, tsp, fl oz; of several, ``pick(_:forms:cheese:)``'s), else a density by its
    /// kind (a conversion, not an estimate); the flag is true only when there is no food at all (water's
    /// 1 g/ml is assumed).
    /// - Parameter forms: the line's preparation words (``formWords``): "1 cup shredded cheddar" weighs by
    ///   USDA's "1 cup, shredded" (113 g), not its "1 cup, diced" (132 g).
    package static func density(
        of food: Food?, preferring unit: String = "", forms: Set<String> = []
    ) -> (Double, estimate: Bool) {
        if let food {
            var forms = forms
            // Almond flour, hazelnut meal: nuts ground fine; a cup holds 95 g of ground almonds (SR28), not
            // 145 g of whole blanched kernels.
            let nutFlour = food.group == Self.nutGroup && !forms.isDisjoint(with: ["flour", "meal"])
            if nutFlour { forms.insert("ground") }
            let wanted = ["tbsp": "tbsp", "tsp": "tsp", "cup": "cup", "fl oz": "fl"][unit]
            let volumeOnes = food.portions.filter { volumeMeasures[$0.word] != nil }
            let cheese = food.group == Self.dairyGroup && food.name.hasPrefix("Cheese")
            let pick =
                pick(volumeOnes.filter { $0.word == wanted }, forms: forms, cheese: cheese)
                ?? pick(volumeOnes.filter { $0.word == "cup" }, forms: forms, cheese: cheese)
                ?? pick(volumeOnes, forms: forms, cheese: cheese)
            if nutFlour, pick?.form.contains("ground") != true { return (groundNutDensity, false) }
            if let pick, let ml = volumeMeasures[pick.word] { return (pick.gramsEach / ml, false) }
            // Grated or shredded, a cup holds air: about 100 g of grated cheese or 110 g of grated carrot.
            if !forms.isDisjoint(with: ["grated", "shredded"]) { return (0.45, false) }
            return (kindDensity[food.group] ?? 0.8, false)
        }
        return (1, true)
    }

    /// Grams per millilitre of ground nuts where the food has no ground measure of its own: SR28's almonds,
    /// "1 cup, ground = 95 g".
    static let groundNutDensity = 95 / volumeMeasures["cup"]!

    /// SR28's food groups "Nut and Seed Products" and "Dairy and Egg Products".
    static let nutGroup = "1200"
    static let dairyGroup = "0100"

    /// Preparation words a line and a USDA measure can share ("shredded", "whipped"), as
    /// ``FoodText/words(_:)`` reads them.
    package static let formWords: Set<String> = [
        "shredded", "grated", "chopped", "diced", "sliced", "cubed", "crumbled", "melted", "whipped", "packed",
        "unpacked", "sifted", "unsifted", "mashed", "pureed", "crushed", "ground", "minced", "half", "halved", "whole",
        "fluid", "cooked", "raw", "drained", "flaked", "powdered", "flour", "meal", "thawed", "unthawed",
    ]

    /// Forms that change what a cup holds and are never assumed where the line does not say them: a cup of
    /// cream is no cup of whipped cream (120 g against 238 g), a cup of frozen strawberries is measured frozen
    /// (149 g), not thawed (221 g).
    static let unassumedForms: Set<String> = [
        "whipped", "melted", "mashed", "pureed", "sifted", "unpacked", "thawed",
    ]

    /// Of `portions` (one measure word, USDA's order), the one whose form the line names (grated and
    /// shredded are one form: a cup holds as much of either), else a cheese's shredded one (how a cook
    /// measures cheese by the cup: "1 cup cheddar" is 113 g, not USDA's first, diced, 132 g), else the first
    /// whose form is no ``unassumedForms``, else the first; nil when there are none.
    static func pick(_ portions: [Food.Portion], forms: Set<String>, cheese: Bool = false) -> Food.Portion? {
        var named = forms
        if !named.isDisjoint(with: ["grated", "shredded"]) { named.formUnion(["grated", "shredded"]) }
        if named.isEmpty, cheese { named = ["shredded", "grated"] }
        return portions.first { !$0.form.isDisjoint(with: named) }
            ?? portions.first { $0.form.isDisjoint(with: unassumedForms) } ?? portions.first
    }

    /// Grams per millilitre by SR28 food group, for foods USDA gives no volume measure.
    static let kindDensity: [String: Double] = [
        "0100": 1.03, "0200": 0.5, "0400": 0.92, "0600": 1.0, "0900": 0.6, "1100": 0.5, "1200": 0.6,
        "1400": 1.0, "1600": 0.75, "1800": 0.4, "1900": 0.85, "2000": 0.6, "2500": 0.15,
    ]

    /// Typical weights of one item, grams, where the food has no count measure.
    package static let typicalItemGrams: [String: Double] = [
        "clove": 3, "slice": 25, "stick": 5, "stalk": 40, "head": 500, "sprig": 1, "bunch": 30, "handful": 30,
        "pinch": 0.35, "dash": 0.6, "can": 400, "pack": 250, "sachet": 10, "piece": 100, "": 100,
    ]

    /// Typical weights of one item of foods USDA gives no count measure for, by a word of the line's name
    /// (singular, as ``FoodText/words(_:)`` reads it), grams.
    static let typicalItemByName: [String: Double] = [
        "parsnip": 150, "broccoli": 350, "shallot": 30, "chile": 15, "chili": 15, "chilli": 15, "date": 7, "fig": 50,
        "bulb": 50, "cinnamon": 3, "anise": 1, "vanilla": 3, "tortilla": 40, "noodle": 20, "lasagna": 20,
        "lasagne": 20, "sheet": 20, "roll": 60, "bun": 60, "bagel": 100, "muffin": 60, "sausage": 60, "wurst": 60,
        "wurstchen": 50, "frankfurter": 50, "meatball": 30, "burrito": 220, "taco": 100, "enchilada": 150,
        "nugget": 18, "patty": 110, "dumpling": 25, "potsticker": 25, "wonton": 15, "slider": 60, "prawn": 15,
        "shrimp": 12, "scallop": 20, "clam": 15, "mussel": 10, "olive": 4, "cherry": 8, "strawberry": 12, "radish": 5,
        "mushroom": 18, "champignon": 18,
        "apricot": 35, "plum": 66, "kiwi": 75, "mango": 200, "pear": 180, "peach": 150, "nectarine": 140,
    ]

    /// Typical weights of one item of a variety smaller or larger than the one USDA measures, by the line's
    /// words for it (singular, consecutive, as ``FoodText/words(_:)`` reads them), grams: a pickling cucumber
    /// is no 301 g slicing cucumber, a head of baby bok choy no 840 g head of pak-choi.
    static let varietyItems: [([String], Double)] = [
        (["pickling", "cucumber"], 120), (["kirby", "cucumber"], 120), (["persian", "cucumber"], 100),
        (["mini", "cucumber"], 100), (["english", "cucumber"], 400), (["baby", "bok", "choy"], 100),
        (["baby", "pak", "choi"], 100), (["baby", "pak", "choy"], 100), (["baby", "carrot"], 10),
        (["baby", "potato"], 40), (["new", "potato"], 60), (["fingerling", "potato"], 40), (["baby", "corn"], 8),
        (["grape", "tomato"], 7), (["pearl", "onion"], 8), (["mini", "pepper"], 25), (["mini", "sweet", "pepper"], 25),
        (["quail", "egg"], 9), (["baby", "eggplant"], 60), (["baby", "aubergine"], 60),
    ]

    /// One item's weight of the variety `names` (the line's food words) speak of (``varietyItems``), or nil.
    static func varietyItemGrams(_ names: [String]) -> Double? {
        guard names.count > 1 else { return nil }
        for (words, grams) in varietyItems where words.count <= names.count {
            for start in 0...(names.count - words.count) where names[start..<start + words.count].elementsEqual(words) {
                return grams
            }
        }
        return nil
    }

    /// Measures that hold many items rather than being one: a count never weighs as one of them.
    static let containerWords: Set<String> = [
        "package", "packet", "pack", "container", "can", "jar", "bottle", "box", "bag", "carton", "tub", "oz", "lb",
        "g", "recipe", "batch", "serving",
    ]

    /// One item of `food` by a count measure of another shape than the line's ("20 pretzel rods" by USDA's
    /// "10 twists = 60 g"), grams; nil when the food has no count measure but containers.
    static func otherItemGrams(_ food: Food) -> Double? {
        food.portions.first { volumeMeasures[$0.word] == nil && !containerWords.contains($0.word) }?.gramsEach
    }

    /// Typical weight of one item where the food has no count measure, by SR28 food group: a spice counted
    /// whole (star anise), a sheet of pasta, a sweet, a dairy portion; other foods ``typicalItemGrams``.
    static let typicalItemByGroup: [String: Double] = [
        "0200": 2, "2000": 25, "1900": 10, "1800": 40, "0100": 30, "0400": 14, "0700": 50,
    ]

    /// How an item of each size weighs against a medium one, for a size USDA gives no measure of (its onions:
    /// small 70 g, medium 110 g, large 150 g; potatoes 170, 213 and 369 g).
    static let sizeFactors: [String: Double] = ["small": 0.7, "medium": 1, "large": 1.3, "extra": 1.5]

    /// How much `portion` weighs against one item of the line's `size` where USDA measures none of that size
    /// ("1 small sweet onion": 0.7 of its one onion); 1 when the line names no size.
    static func scale(_ portion: Food.Portion, to size: String) -> Double {
        guard !size.isEmpty, portion.size != size else { return 1 }
        return (sizeFactors[size] ?? 1) / (sizeFactors[portion.size] ?? 1)
    }

    /// A line's word and the word USDA's measure uses for the same thing ("8 Roma tomatoes" are plum tomatoes).
    static let measureSynonyms: [String: String] = [
        "roma": "plum", "jumbo": "extra", "cerise": "cherry", "ciliegino": "cherry", "ciliegini": "cherry",
    ]

    /// The count measures a bare count looks for, in order, after the line's own size word.
    static let countWords = [
        "medium", "large", "whole", "each", "item", "fruit", "egg", "small", "piece", "breast", "thigh", "fillet",
        "leaf", "clove", "slice", "sprig", "stalk", "bulb", "head", "link", "strip", "pepper", "onion", "ear",
        "potato", "serving",
    ]

    /// Grams of `qty` `unit` of `food` (unit `""` is a bare count).
    /// - Parameters:
    ///   - size: the line's size word (`large`, `medium`, `small`, `extra` for extra large), `""` for none.
    ///   - names: the line's food words, singular: a count of "crackers" looks for the food's `cracker`.
    ///   - packGrams: the weight of one can or pack when the line states it ("1 (14 oz) can").
    ///   - forms: the line's preparation words, for a volume (``density(of:preferring:forms:)``).
    /// - Returns: nil when the unit cannot be weighed.
    package static func weigh(
        _ qty: Double, unit: String, food: Food?, size: String = "", packGrams: Double? = nil, names: [String] = [],
        forms: Set<String> = [], asBought: Bool = false
    ) -> Weight? {
        let edible = asBought ? 1 - (food?.refusePercent ?? 0) / 100 : 1
        if let grams = massGrams(unit) { return Weight(grams: qty * grams * edible, estimate: false) }
        if let ml = millilitres(unit) {
            let (density, estimate) = density(of: food, preferring: unit, forms: forms)
            return Weight(grams: qty * ml * density, estimate: estimate)
        }
        if let packGrams, unit.isEmpty || IngredientUnits.sizes[unit] == nil {
            return Weight(grams: qty * packGrams * edible, estimate: false)
        }
        if ["", "piece", "head"].contains(unit), let each = varietyItemGrams(names) {
            return Weight(grams: qty * each * (sizeFactors[size] ?? 1), estimate: true)
        }
        // A count of something the food only goes into ("8 chicken meatballs", "2 chicken burritos") is no count
        // of the food: never the food's own measure of a whole chicken, but a typical item of what it names.
        let countsTheFood = names.last.map { head in food?.words.contains(head) ?? true } ?? true
        let wanted: [String]
        switch unit {
        case "":
            // The line's words from its head noun back, less those that name the food itself when the count is
            // of something else.
            let own = countsTheFood ? [] : Set(food?.headWords ?? [])
            let lineWords = names.reversed().enumerated().filter { $0.offset == 0 || !own.contains($0.element) }
            wanted =
                (size.isEmpty ? [] : [size]) + lineWords.map { measureSynonyms[$0.element] ?? $0.element }
                + countWords + (countsTheFood ? (food?.headWords ?? []) : [])
        case "piece": wanted = ["piece"] + (size.isEmpty ? [] : [size]) + countWords + (food?.headWords ?? [])
        case "can": wanted = ["can"]
        case "pack": wanted = ["package", "packet", "pack"]
        case "stick": wanted = ["stick", "stalk"]
        // A slice of a food USDA counts in pieces (pepperoni: "1 piece = 2 g") is one of those pieces.
        case "slice": wanted = ["slice", "piece"]
        case "stalk": wanted = ["stalk", "stick"]
        default: wanted = [unit]
        }
        if let food {
            for word in wanted {
                guard var portion = food.portions.first(where: { $0.word == word }) else { continue }
                // An item USDA measures in sizes: the size the line names, its medium one when the line names
                // none ("3 potatoes" weigh its "Potato medium", not its first measure, "Potato large"; "1 head
                // cauliflower" its medium head). A food USDA measures in one size only ("1 large" egg yolk) is
                // that size unless the line names another.
                let wantedSize = size.isEmpty ? "medium" : size
                if !portion.size.isEmpty,
                    let sized = food.portions.first(where: { $0.word == portion.word && $0.size == wantedSize })
                {
                    portion = sized
                }
                return Weight(grams: qty * portion.gramsEach * scale(portion, to: size), estimate: false)
            }
        }
        // A scoop of a powder (protein, a supplement), or of a food the reference does not know, is a measuring
        // scoop's 30 g; of a food SR28 describes otherwise (ice cream) a portion scoop's half cup.
        if unit == "scoop" {
            guard let food, !food.words.contains("powder") else { return Weight(grams: qty * 30, estimate: true) }
            return Weight(grams: qty * 120 * density(of: food).0, estimate: true)
        }
        if ["pinch", "dash"].contains(unit), let each = typicalItemGrams[unit] {
            return Weight(grams: qty * each, estimate: false)
        }
        guard food != nil || unit != "", var each = typicalItemGrams[unit] else { return nil }
        if ["", "piece", "head"].contains(unit) {
            if let group = food?.group, let byGroup = typicalItemByGroup[group] { each = byGroup }
            // A measure of another shape says the food comes in small pieces (twists, rods); a heavier one is a
            // whole cut or cake, no guide to one item of a count.
            if let other = food.flatMap(otherItemGrams), other < each { each = other }
            // By the head noun only: "2 date bars" are no 7 g dates.
            if let head = names.last, let byName = typicalItemByName[head] { each = byName }
            // A leaf or a sheet (bay, gelatine) weighs a gram or two.
            if names.contains(where: { ["leaf", "sheet", "blatt"].contains($0) }) { each = 2 }
        }
        return Weight(grams: qty * each, estimate: true)
    }

    /// One typical portion of `food`, for a line that names it with no quantity ("lettuce leaves"): its
    /// medium or whole item, a leaf, a slice, a tablespoon, else its first measure that is no cup and no
    /// weight (a squeeze of lemon juice is no cup of it), else a tablespoon's 15 g. Always an estimate.
    package static func typicalPortion(of food: Food) -> Weight? {
        // Spices, fats and oils, sauces: a spoonful.
        let spoonFirst = ["0200", "0400", "0600"].contains(food.group)
        let words =
            spoonFirst
            ? ["tsp", "tbsp", "medium", "whole", "each", "leaf", "clove", "slice", "sprig", "serving"]
            : ["medium", "whole", "large", "each", "leaf", "clove", "slice", "sprig", "tbsp", "serving"]
        for word in words {
            if let portion = food.portions.first(where: { $0.word == word }) {
                return Weight(grams: portion.gramsEach, estimate: true)
            }
        }
        let other = food.portions.first { !["cup", "oz", "lb", "g", "fl", "quart", "pint"].contains($0.word) }
        return Weight(grams: other?.gramsEach ?? 15, estimate: true)
    }
}
