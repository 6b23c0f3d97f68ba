/// Finds the food a recipe line's name means in the ``FoodReference``.
///
/// The name is first stripped of what does not change the food (sizes,
/// preparation, "fresh", "of", in the six languages forged reads:
/// ``descriptors``), then looked up:
///
/// 1. In the alias table (what cooks write → the SR28 food): first a run of
///    the name's words as written where the alias itself holds a word the
///    strip drops ("chopped tomatoes" are canned, "2% milk"), then the
///    stripped name and its longest run of words, so "organic unsalted butter"
///    finds "unsalted butter". Confidence `0.5 + 0.5 × covered/total` words:
///    1 for the whole name.
///    A run that falls short of the name's head noun gives way to a
///    description of the dish the head names (``dish(_:run:in:)``: "cinnamon
///    rolls" are no cinnamon).
/// 2. Else one word by the other usual endings of Romance plurals and genders
///    and Dutch diminutives ("pomodori" → "pomodoro"); else a compound word by
///    its longest known end ("Cocktailtomate" → "tomate", 0.6) or start
///    (0.55), as German and Dutch build them.
/// 3. Else among SR28's descriptions holding every word of the name
///    (confidence 0.7), preferring a description that starts with the name's
///    head word, a raw food, fewer other words, and foods outside baby, fast,
///    restaurant and prepared-meal groups. A part of the name is no evidence
///    here ("powder" of "zqxv powder").
///
/// Nil when nothing holds any word of the name.
package enum FoodMatcher {
    /// A match: the food, how sure (0–1), and the words of the name it covered.
    package struct Match: Sendable, Equatable {
        package let food: Food
        package let confidence: Double
        package let covered: [String]
    }

    /// Words that describe how much or how prepared, not which food.
    package static let descriptors: Set<String> = [
        // English
        "large", "small", "medium", "big", "extra", "jumbo", "fresh", "freshly", "finely", "roughly",
        "coarsely", "thinly", "thickly", "chopped", "diced", "minced", "sliced", "grated", "shredded", "crushed",
        "peeled", "pitted", "seeded", "deseeded", "halved", "quartered", "cubed", "softened", "melted", "cold",
        "warm", "lukewarm", "room", "temperature", "packed", "lightly", "loosely", "firmly", "heaping", "heaped",
        "level", "rounded", "sifted", "divided", "beaten", "whisked", "trimmed", "rinsed", "drained", "organic",
        "good", "quality", "homemade", "store", "bought", "storebought", "plus", "more", "about", "approx",
        "approximately", "of", "a", "an", "the", "some", "few", "handful", "optional", "cut", "into", "inch",
        "cm", "piece", "chunk", "strip", "wedge", "ripe", "washed", "scrubbed", "torn", "julienned", "zested",
        "squeezed", "juiced", "mashed", "very", "nice", "best", "fine", "coarse", "thin", "thick",
        "free", "range", "free-range", "additional", "other", "your", "favorite", "favourite", "choice", "needed",
        "kosher-style", "to", "for", "and", "in", "or", "with", "x", "boneless", "skinless", "bone-in", "boned",
        "deboned", "skin-on", "bone", "shelled",
        // German
        "frisch", "frische", "frischer", "frisches", "gehackt", "gehackte", "fein", "feine", "grob", "gewürfelt",
        "gerieben", "geriebener", "geriebene", "klein", "kleine", "groß", "grosse", "große", "mittelgroße",
        "mittelgrosse", "zerlassen", "geschmolzen", "weich", "gewaschen", "geschält", "etwas", "ca", "von",
        // French
        "frais", "fraiche", "fraîche", "haché", "hache", "hachée", "finement", "coupé", "coupe", "émincé",
        "emince", "râpé", "rape", "petit", "petite", "petits", "gros", "grosse", "moyen", "moyenne", "fondu",
        "mou", "pelé", "de", "d", "du", "des", "la", "le", "les", "environ",
        // Spanish, Italian
        "fresco", "fresca", "frescos", "picado", "picada", "rallado", "rallada", "pequeño", "pequeña",
        "grande", "mediano", "mediana", "del", "el", "los", "las", "tritato", "tritata", "grattugiato",
        "piccolo", "piccola", "medio", "di", "della", "dello", "il", "lo", "gli", "circa",
        // Dutch
        "vers", "verse", "gehakt", "fijn", "fijngehakt", "geraspt", "klein", "kleine", "groot", "grote",
        "middelgrote", "gesneden", "van", "het", "een",
    ]

    /// Head nouns that make another thing of the food before them: "achiote paste" is no pasta and
    /// "everything bagel seasoning" no bagel, so a match must cover them.
    static let productNouns: Set<String> = [
        "paste", "seasoning", "powder", "sauce", "juice", "extract", "syrup", "mix", "dressing", "spread",
        "chip", "crisp", "stock", "broth", "soup", "gnocchi", "cracker", "cookie", "candy", "liqueur", "vinegar",
        "marinade", "rub", "glaze", "concentrate", "essence", "flavoring", "flavouring", "substitute", "oil",
    ]

    /// Words after which a name speaks of another food ("with", "from" in the six languages).
    static let accompanyingWords: Set<String> = ["with", "from", "mit", "avec", "con", "met", "aus", "van"]

    /// Parts of a fruit a line takes ("juice from 1 lime", "zest from an orange"), as ``FoodText/words(_:)``
    /// reads them.
    static let partWords: Set<String> = ["juice", "zest", "peel", "rind"]

    /// Words that name no food alone ("Side", "Topping"): a one-word name of these has no description match.
    package static let notFoodAlone: Set<String> = [
        "side", "top", "topping", "bottom", "base", "filling", "garnish", "crust", "dough", "batter", "assembly",
        "serving", "decoration", "end", "part", "style", "type", "brand", "plain", "regular", "dark", "light",
        "not", "included", "include", "note", "see", "below", "above",
    ]

    /// Food groups a cook's line rarely means: baby foods, fast foods,
    /// prepared meals, American Indian/Alaska Native foods, restaurant foods.
    static let unlikelyGroups: Set<String> = ["0300", "2100", "2200", "3500", "3600"]

    /// ``unlikelyGroups`` a dish is never taken from: all but SR28's "Meals, Entrees, and Side Dishes" (2200).
    static let notDishGroups = unlikelyGroups.subtracting(["2200"])

    /// The words of `name` that name the food (``FoodText/words(_:)`` less ``descriptors``).
    package static func foodWords(_ name: String) -> [String] {
        foodWords(of: FoodText.words(name))
    }

    /// `words` less ``descriptors`` and numbers.
    static func foodWords(of words: [String]) -> [String] {
        words.filter { !descriptors.contains($0) && !$0.allSatisfy(\.isNumber) }
    }

    /// The best match for `name` in `reference`, or nil.
    package static func match(_ name: String, in reference: FoodReference = .usda) -> Match? {
        var every = FoodText.words(name)
        // "Juice from 1/2 lime", "zest from an orange": the part of the fruit, as "juice of" says it.
        for i in every.indices.dropFirst() where every[i] == "from" && partWords.contains(every[i - 1]) {
            every[i] = "of"
        }
        // "Juice of 2 lemons", "peel of one orange, cut into strips": the fruit's own part, as "lemon juice".
        if let p = every.firstIndex(where: partWords.contains), p + 1 < every.count, every[p + 1] == "of" {
            let after = every[(p + 2)...].filter {
                // Counts before the fruit ("juice of one lemon") are the line's own number words.
                !descriptors.contains($0) && !$0.allSatisfy(\.isNumber) && $0 != "whole"
                    && IngredientLineParser.numberWords[$0] == nil
            }
            if let fruit = after.first, let food = reference.alias(fruit + " " + every[p]) {
                return Match(food: food, confidence: 1, covered: [every[p], fruit])
            }
        }
        let whole = match(words: every, in: reference)
        // What comes with the food or where it comes from is another food: "chipotle chiles with a little
        // extra sauce", "bread crumbs from the sauce"; unless a match of the whole name reaches across the word
        // ("chilli con carne seasoning", "harina con levadura", "tomaten aus der dose" are aliases) or the
        // words before it name nothing ("zest from a lemon").
        if let cut = every.firstIndex(where: accompanyingWords.contains), cut > 0 {
            let before = Set(every[..<cut])
            let after = Set(every[(cut + 1)...])
            let spans = whole.map { !before.isDisjoint(with: $0.covered) && !after.isDisjoint(with: $0.covered) }
            if spans != true, let first = match(words: Array(every[..<cut]), in: reference) { return first }
        }
        return whole
    }

    /// ``match(_:in:)`` of a name's words (``FoodText/words(_:)``), without the cut at "with"/"from".
    static func match(words every: [String], in reference: FoodReference) -> Match? {
        let words = foodWords(of: every)
        // An alias written with words the strip drops comes first: "chopped tomatoes" (canned), "2% milk",
        // "mashed potatoes", "gehakt".
        // It wins over the stripped name's alias when it covers at least as many of the food words.
        var exact: Match? = nil
        exactRuns: for length in stride(from: every.count, through: 1, by: -1) where length > 1 || words.isEmpty {
            for start in stride(from: every.count - length, through: 0, by: -1) {
                let run = Array(every[start..<start + length])
                guard run.contains(where: { descriptors.contains($0) || $0.allSatisfy(\.isNumber) }),
                    let food = reference.exactAlias(run.joined(separator: " "))
                else { continue }
                let covered = Set(run).intersection(words).count
                let share = words.isEmpty ? 1 : Double(max(covered, 1)) / Double(words.count)
                exact = Match(food: food, confidence: 0.5 + 0.5 * min(share, 1), covered: run)
                break exactRuns
            }
        }
        guard !words.isEmpty else { return exact }
        let total = Double(words.count)
        let head = words[words.count - 1]
        // Longest runs first; at one length, the run nearer the end (English puts the head noun last),
        // unless an earlier run is a kind of the head ("burrata cheese": burrata is a cheese). A head that
        // makes something else of its food ("achiote paste", "bagel seasoning", "potato gnocchi") must be
        // in the run.
        for length in stride(from: words.count, through: 1, by: -1) {
            var found: (Food, [String])? = nil
            for start in stride(from: words.count - length, through: 0, by: -1) {
                let run = Array(words[start..<start + length])
                let holdsHead = start + length == words.count
                if !holdsHead, productNouns.contains(head) { continue }
                guard let food = reference.alias(run.joined(separator: " ")) else { continue }
                if !holdsHead, found != nil, food.headWords.contains(head) {
                    found = (food, run)
                    break
                }
                if found == nil { found = (food, run) }
            }
            if let (food, run) = found {
                // A run short of the head noun names what the dish is made of ("cinnamon rolls", "beef and
                // cheese ravioli"): a description that holds the head and that run's word is the dish.
                if run.last != head, let dish = dish(words, run: run, in: reference) { return dish }
                let stripped = Match(food: food, confidence: 0.5 + 0.5 * Double(length) / total, covered: run)
                if let exact, exact.confidence >= stripped.confidence { return exact }
                return stripped
            }
        }
        if let exact { return exact }
        // Endings and compounds vary the head's food; a product noun ("paste") is no variant of one ("pasta").
        if productNouns.contains(head) { return describedBy(words, in: reference) }
        // A plural or a gender the English rules do not know ("fragole", "pomodori", "cebollas", "oignons",
        // "kerstomaatjes"): the same word with the other usual endings.
        for word in words.reversed() where word.count >= 5 {
            for variant in endingVariants(word) {
                if let food = reference.alias(variant) {
                    return Match(food: food, confidence: 0.5 + 0.5 * 1 / total, covered: [word])
                }
            }
        }
        // A compound word no alias has ("Cocktailtomate", "Limettensaft", "kerstomaatjes"): the longest known
        // end of it (the head of a German or Dutch compound), else the longest known start.
        for word in words.reversed() where word.count >= 7 {
            let chars = Array(word)
            for cut in 1...(chars.count - 4) {
                if let food = reference.alias(String(chars[cut...])) {
                    return Match(food: food, confidence: 0.6, covered: [word])
                }
            }
            for cut in stride(from: chars.count - 1, through: 4, by: -1) {
                if let food = reference.alias(String(chars[..<cut])) {
                    return Match(food: food, confidence: 0.55, covered: [word])
                }
            }
        }
        return describedBy(words, in: reference)
    }

    /// The SR28 description that best holds every one of `words` (``rank(_:run:)``), at 0.7; nil for a
    /// word that names no food alone. Only for the whole name: a part of it ("powder" of "zqxv powder")
    /// is no evidence.
    static func describedBy(_ words: [String], in reference: FoodReference) -> Match? {
        if words.allSatisfy(notFoodAlone.contains) { return nil }
        let best = reference.foods(holding: words).max { rank($0, run: words) < rank($1, run: words) }
        return best.map { Match(food: $0, confidence: 0.7, covered: words) }
    }

    /// The SR28 food a name is when its best alias `run` falls short of its head noun (the last of
    /// `words`): the description holding the longest end of the name that reaches back into the run, with
    /// the head ending its first part and every word of the run (``describedBy(_:in:)``): "cinnamon rolls"
    /// are sweet rolls, cinnamon; "beef and cheese ravioli" is ravioli, cheese-filled. Fast foods, restaurant
    /// and baby foods never (``notDishGroups``; SR28's meals and entrées may). At 0.7; nil when no
    /// description does, so "garlic cloves" and "basil leaves" stay garlic and basil, "peppers & onions" is
    /// no tomato sauce with onions and "apple pies" no pie filling.
    static func dish(_ words: [String], run: [String], in reference: FoodReference) -> Match? {
        guard let head = words.last else { return nil }
        let covered = Set(run)
        for start in words.indices.dropLast() where covered.contains(words[start]) {
            if let match = describedBy(Array(words[start...]), in: reference), match.food.headWords.last == head,
                covered.isSubset(of: match.food.words),
                !notDishGroups.contains(match.food.group)
            {
                return match
            }
        }
        return nil
    }

    /// Other forms of `word` by the usual endings of Romance plurals and genders and Dutch diminutives.
    static func endingVariants(_ word: String) -> [String] {
        var out: [String] = []
        let stem = String(word.dropLast())
        switch word.last {
        case "e": out += [stem + "a", stem + "o", stem]
        case "i": out += [stem + "o", stem + "e", stem + "a"]
        case "s", "x": out += [stem]
        case "a": out += [stem + "o", stem + "e"]
        case "o": out += [stem + "a", stem + "e"]
        default: break
        }
        for ending in ["tjes", "tje", "jes", "je", "en", "es"]
        where word.hasSuffix(ending) && word.count > ending.count + 3 {
            out.append(String(word.dropLast(ending.count)))
        }
        return out
    }

    /// How well `food` fits a name whose words are `run` (higher is better).
    static func rank(_ food: Food, run: [String]) -> Double {
        let descWords = food.words
        let headPart = food.headWords
        var score = 0.0
        if let head = run.last, headPart.contains(head) { score += 3 }
        if headPart == run { score += 2 }
        if descWords.contains("raw") { score += 1 }
        if unlikelyGroups.contains(food.group) { score -= 5 }
        score -= 0.15 * Double(descWords.count - run.count)
        return score
    }
}
