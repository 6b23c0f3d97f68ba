import Foundation

/// What a parsed ingredient line says beyond quantity, unit and name, as
/// the macros need it:
///
/// - `negligible`: the line's amount does not count: "to taste", garnish,
///   "optional", for serving or greasing, "as needed" (in the six
///   languages), or a heading ("For the sauce:").
/// - `measured`: the amount to weigh. A metric amount in brackets after the
///   unit wins over the cook's measure ("½ cup (120 ml) milk" weighs 120 ml);
///   a bracket before the unit is one item's size ("1 (14 oz) can": one can
///   of 14 oz, `packGrams`).
/// - `size`: the line's size word (`large`, `medium`, `small`), for counts.
/// - `matchName`: the name to look the food up by: the first of
///   alternatives ("butter or margarine" → "butter"), brackets dropped; for a
///   food left to the cook ("protein of choice (e.g. chicken)"), the first
///   example.
package struct IngredientLineFacts: Sendable, Equatable {
    /// The line's amount does not count (see the type's list).
    package var negligible = false
    /// The food seasons rather than feeds (salt, pepper, water, cooking spray): negligible with no quantity.
    package var seasoning = false
    /// The amount to weigh and its unit key (``IngredientUnits``), after brackets and stated weights.
    package var qty: Double?
    package var unit: String
    /// The weight of one can, pack or item the line states ("1 (14 oz) can"), grams; nil when none.
    package var packGrams: Double?
    /// The line's size word: `large`, `medium`, `small`, `extra` (extra large), or `""`.
    package var size = ""
    package var matchName = ""
    /// ``matchName``'s food words (``FoodMatcher/foodWords(_:)``).
    package var matchWords: [String] = []
    /// The line says its weight is of the edible part already (boneless, fillets, peeled, …), or weighs what
    /// a cup or spoon holds.
    package var edibleWeight = false
    /// The line says its nuts are in their shells ("unshelled", "in shell"): only then does a nut's stated
    /// weight lose SR28's refuse.
    package var inShell = false
    /// The line's preparation words that a USDA measure may name (``FoodWeigher/formWords``): "shredded".
    package var forms: Set<String> = []

    /// Phrases (folded) that make a line's amount negligible.
    static let negligiblePhrases = [
        "to taste", "for garnish", "to garnish", "garnish", "optional", "for serving", "to serve", "for greasing",
        "to grease", "as needed", "as required", "if needed", "for dusting", "for sprinkling", "for decoration",
        "to decorate", "for decorating", "for decoration", "for topping", "as desired", "if desired",
        "for frying", "deep frying", "deep-frying", "for the pan", "for the grill", "nach belieben", "nach geschmack",
        "zum garnieren", "zum servieren", "zum bestreuen",
        "zum einfetten", "zum braten", "au gout", "selon le gout", "pour servir", "pour decorer", "facultatif",
        "pour la cuisson", "al gusto", "a gusto", "opcional", "para servir", "para decorar", "q.b", "quanto basta",
        "a piacere", "facoltativo", "per servire", "per guarnire", "naar smaak", "optioneel", "om te serveren",
        "ter garnering", "om in te vetten", "a gosto", "q.b.", "izles szerint", "efter smak", "do smaku",
        "podle chuti", "少々", "適量", "お好みで", "少许", "适量",
    ]

    /// Words that say a stated weight is of the edible part: no bone, peel, stone or shell to take off.
    static let edibleWords: Set<String> = [
        "boneless", "fillet", "fillets", "filet", "filets", "peeled", "pitted", "cleaned", "trimmed", "flesh", "meat",
        "shelled", "deboned", "skinless", "edible", "stoned", "cored", "hulled",
    ]

    /// Words of things a recipe lists that are not eaten.
    static let notFood: Set<String> = [
        "skewer", "toothpick", "parchment", "foil", "twine", "string", "liner", "cocktail stick", "cheesecloth",
        "spiessen", "spiess", "spiesse", "brochette", "pique", "satestokje", "prikker",
    ]

    /// Foods that season or colour rather than feed: with no quantity they are negligible.
    static let seasonings: Set<String> = [
        "salt", "pepper", "black pepper", "white pepper", "sea salt", "kosher salt", "salt pepper", "salz",
        "pfeffer", "salz pfeffer", "sel", "poivre", "sel poivre", "sal", "pimienta", "sal pimienta", "sale",
        "pepe", "sale pepe", "zout", "peper", "zout peper", "cooking spray", "nonstick cooking spray", "spray",
        "oil spray", "ice", "water", "wasser", "eau", "agua", "acqua", "water ice", "food coloring", "food colouring",
        "gel food coloring", "colorant alimentaire", "lebensmittelfarbe", "kleurstof",
    ]

    /// Head words of a blend that seasons ("everything bagel seasoning", "Cajun spice mix" is no
    /// seasoning: its head is "mix"), as ``FoodText/words(_:)`` reads them.
    static let seasoningHeads: Set<String> = ["seasoning", "spice", "gewurz", "gewurzmischung", "assaisonnement"]

    /// Words that join alternatives inside a name.
    static let alternativeWords: Set<String> = [
        "or", "oder", "ou", "o", "oppure", "/", "vagy", "lub", "albo", "nebo", "eller",
    ]

    /// Words that describe a cut or a trim before a comma ("boneless, skinless chicken breasts"): the name
    /// goes on after the comma.
    static let cutWords: Set<String> = [
        "boneless", "skinless", "bone-in", "boned", "bone", "in", "skin-on", "skin", "on", "bubbly", "active", "crisp",
        "sweet", "tart", "ripe", "firm", "juicy", "fresh", "good", "hot", "cold", "dry", "large", "small", "medium",
        "peeled", "trimmed", "unpeeled", "organic", "lean", "thick", "thin", "soft", "cooked", "uncooked", "raw",
        "frozen", "thawed", "leftover", "chilled", "cooled", "warm", "day-old", "canned", "toasted", "roasted",
        "plain", "nonfat", "non-fat", "low-fat", "lowfat", "full-fat", "fat-free", "reduced-fat", "unsalted", "salted",
        "unsweetened", "sweetened", "light", "natural", "pure", "extra-virgin", "virgin", "dried",
    ]

    /// The facts of `parsed`, read from `raw` (the whole line as printed).
    /// - Parameter foods: the food reference that decides which of two readings of an "or" names a food.
    package init(raw: String, parsed given: IngredientLineParser.Parsed, foods: FoodReference = .usda) {
        // "1 cup plus 2 tablespoons sugar", "½ cup + 1 tbsp": a second measure of the same dimension adds to
        // the first, and the name follows it.
        var parsed = given
        var more: Double? = nil
        if let (added, rest) = Self.plusMeasure(given) {
            more = added
            parsed.name = rest.name
            parsed.note = rest.note ?? given.note
        }
        qty = parsed.qty
        unit = parsed.unit
        let trimmed = raw.trimmedSpaces
        if trimmed.hasSuffix(":") && parsed.qty == nil { negligible = true }
        let lineWords = FoodText.words(raw)
        // A line with an amount is negligible by a phrase outside brackets, unless it follows "plus",
        // "more", "extra" or "or" (about more of the food): "100g butter, plus extra for greasing" weighs its
        // 100 g; a bracket is a note ("(gluten free if needed)", "(Note: keep some for serving)") unless it
        // says the line is optional ("½ cup walnuts (optional)"). A line with no amount is negligible by any
        // of them, brackets included ("sprinkles (optional)", "salt, to taste").
        let stated = parsed.qty != nil
        let phrases = stated ? Self.negligibleWords : Self.negligibleWords + Self.unstatedNegligibleWords
        let outsideBrackets = FoodText.words(Self.withoutBrackets(raw))
        var considered = stated ? outsideBrackets : lineWords
        if stated, Self.bracketSaysOptional(raw) { considered.append("optional") }
        if phrases.contains(where: { Self.holds(considered, $0, unlessAfter: stated ? Self.moreWords : []) }) {
            negligible = true
        }
        if !stated, outsideBrackets.contains("see") { negligible = true }
        // "OR make Drop Biscuits": another way to the line before, which is the one weighed.
        if let first = lineWords.first, Self.alternativeWords.contains(first), first.count > 1 { negligible = true }
        let lowerWords = Set(lineWords)
        edibleWeight = !lowerWords.isDisjoint(with: Self.edibleWords)
        inShell =
            lowerWords.contains("unshelled") || Self.holds(lineWords, ["in", "shell"])
            || Self.holds(lineWords, ["in", "the", "shell"])
        forms = lowerWords.intersection(FoodWeigher.formWords)
        size = ["large", "medium", "small"].first { lowerWords.contains($0) } ?? ""
        if lowerWords.contains("extra"), size == "large" { size = "extra" }
        readBrackets(parsed)
        // "卵(60g 程度) 2個": written name first, a count's weight in the name is each item's.
        let nameFirst = parsed.qty != nil && !parsed.name.isEmpty && trimmed.hasPrefix(parsed.name)
        readStatedWeight(parsed, nameFirst: nameFirst)
        if let more, unit == given.unit, let first = qty { qty = first + more }
        var name = parsed.name.isEmpty ? (parsed.note ?? raw) : parsed.name
        var rest = parsed.name.isEmpty ? "" : (parsed.note ?? "")
        // "boneless, skinless chicken breasts": the words before the comma describe the cut.
        while !rest.isEmpty,
            FoodText.fold(name).split(whereSeparator: { $0 == " " || $0 == "," }).allSatisfy({
                Self.cutWords.contains(String($0))
            })
        {
            let next = rest.split(separator: ",", maxSplits: 1)
            name += " " + (next.first.map(String.init) ?? "")
            rest = next.count > 1 ? String(next[1]) : ""
        }
        // "walnuts in shell": the nut, not pasta shells.
        if inShell {
            name = name.replacingOccurrences(
                of: #"\s+in\s+(the\s+)?shells?\b"#, with: "", options: [.regularExpression, .caseInsensitive])
        }
        let bracketed = name
        name = Self.withoutBrackets(name)
        // "4 boneless (skinless chicken breasts, thinly sliced)": the food is inside the brackets.
        if FoodMatcher.foodWords(name).isEmpty {
            name = bracketed.map { "()[]".contains($0) ? " " : $0 }.reduce(into: "") { $0.append($1) }
        }
        // "250 g granen naar keuze (bijv. couscous, gerst)", "protein of choice (e.g. chicken)": a name left to
        // the cook's choice, or one the food reference does not know, gives way to the first example its
        // brackets give.
        if let example = Self.firstExample(bracketed),
            Self.leavesChoice(name) || !Self.matches(FoodMatcher.foodWords(name), in: foods),
            Self.matches(FoodMatcher.foodWords(example), in: foods)
        {
            name = example
        }
        // "butter or margarine": the first; "red or yellow onion", "chicken or vegetable stock": the first
        // choice of the shared noun.
        var nameWords = name.split(separator: " ").map(String.init)
        while let i = nameWords.indices.dropFirst().first(where: {
            Self.alternativeWords.contains(nameWords[$0].lowercased())
        }),
            !FoodMatcher.foodWords(nameWords[..<i].joined(separator: " ")).isEmpty
        {
            let second = nameWords[(i + 1)...]
            // One food word before the "or" and more after it: an adjective shares the words after the other's
            // first ("red or yellow onion" → red onion, "light or dark brown sugar" → light brown sugar), or only
            // its head noun when that alone names a food ("ranch or blue cheese dressing" → ranch dressing).
            let first = Array(nameWords[..<i])
            if FoodMatcher.foodWords(first.joined(separator: " ")).count == 1, second.count > 1 {
                let shared = first + second.dropFirst()
                let headOnly = first + second.suffix(1)
                nameWords = !Self.names(shared, in: foods) && Self.names(headOnly, in: foods) ? headOnly : shared
            } else if !Self.matches(first, in: foods) && Self.matches(second, in: foods) {
                // "crunchy wonton strips or crunchy chow mein noodles": the first the food reference knows.
                nameWords = Array(second)
            } else {
                nameWords = first
            }
        }
        name = nameWords.joined(separator: " ")
        matchName = name
        matchWords = FoodMatcher.foodWords(name)
        let key = matchWords.joined(separator: " ")
        // A heading with no amount ("Side", "Topping") is no food.
        if parsed.qty == nil, !matchWords.isEmpty, matchWords.allSatisfy(FoodMatcher.notFoodAlone.contains) {
            negligible = true
        }
        // Kitchen things that are no food (skewers, baking paper) and drops of colouring weigh nothing.
        if !Set(matchWords).isDisjoint(with: Self.notFood) || unit == "drop" { negligible = true }
        if Self.seasonings.contains(key) || (matchWords.last.map(Self.seasoningHeads.contains) ?? false) {
            seasoning = true
            if parsed.qty == nil { negligible = true }
        }
    }

    /// The second measure of a line whose name starts with "plus" or "+" and another amount of the first
    /// amount's dimension ("1 cup plus 2 tablespoons sugar"): that amount in the first one's unit, and the
    /// rest of the line read after it; nil otherwise.
    static func plusMeasure(_ parsed: IngredientLineParser.Parsed)
        -> (Double, IngredientLineParser.Parsed)?
    {
        guard parsed.qty != nil, let (dimension, size) = IngredientUnits.sizes[parsed.unit] else { return nil }
        let lower = parsed.name.lowercased()
        guard let marker = ["plus ", "+ ", "+"].first(where: lower.hasPrefix) else { return nil }
        let rest = IngredientLineParser.parse(String(parsed.name.dropFirst(marker.count)))
        guard let amount = rest.qty, let (restDimension, restSize) = IngredientUnits.sizes[rest.unit],
            restDimension == dimension, !rest.name.isEmpty
        else { return nil }
        return (amount * restSize / size, rest)
    }

    /// Words that open a list of examples inside brackets, lower-cased ("e.g.", "such as", "bijv.", "z.B.").
    static let exampleMarkers = [
        "e.g.", "e.g", "eg.", "such as", "for example", "bijv.", "bijvoorbeeld", "z.b.", "z. b.", "zum beispiel",
        "par ex.",
        "p. ex.", "par exemple", "por ejemplo", "p. ej.", "ad es.", "ad esempio",
    ]

    /// The first example `name` gives after an ``exampleMarkers`` word once it has a bracket, lower-cased,
    /// brackets inside it dropped ("granen (bijv. (parel)couscous, gerst)" → "couscous"); nil when there is
    /// none.
    static func firstExample(_ name: String) -> String? {
        // Bytes, not Foundation's range(of:): this runs on every line with a bracket.
        guard name.utf8.contains(UInt8(ascii: "(")) else { return nil }
        let bytes = Array(name.utf8).map { $0 >= 65 && $0 <= 90 ? $0 + 32 : $0 }
        guard let open = bytes.firstIndex(of: UInt8(ascii: "(")) else { return nil }
        for marker in exampleMarkerBytes {
            guard bytes.count - open > marker.count else { continue }
            for start in open..<(bytes.count - marker.count)
            where bytes[start + 1..<start + 1 + marker.count].elementsEqual(marker) {
                guard bytes[start] == UInt8(ascii: "(") || bytes[start] == UInt8(ascii: " ") else { continue }
                let after = withoutBrackets(String(decoding: bytes[(start + 1 + marker.count)...], as: UTF8.self))
                let first = after.split(whereSeparator: { ",;)".contains($0) }).first.map(String.init) ?? ""
                let example = first.components(separatedBy: " or ").first?.trimmedSpaces ?? ""
                return example.isEmpty ? nil : example
            }
        }
        return nil
    }

    /// ``exampleMarkers`` as UTF-8 bytes.
    static let exampleMarkerBytes = exampleMarkers.map { Array($0.utf8) }

    /// Phrases that leave the food to the cook ("protein of choice", "granen naar keuze"), as
    /// ``FoodText/words(_:)`` reads them.
    static let choicePhrases: [[String]] = [
        "of choice", "of your choice", "naar keuze", "nach wahl", "au choix", "a scelta", "a eleccion", "a escolha",
    ].map(FoodText.words)

    /// Whether `name` leaves its food to the cook's choice (``choicePhrases``).
    static func leavesChoice(_ name: String) -> Bool {
        let words = FoodText.words(name)
        return choicePhrases.contains { holds(words, $0) }
    }

    /// Whether `words`' food words are a name `foods` knows as a whole.
    static func names(_ words: [String], in foods: FoodReference) -> Bool {
        foods.alias(FoodMatcher.foodWords(words.joined(separator: " ")).joined(separator: " ")) != nil
    }

    /// Whether `words` name a food `foods` matches surely enough to link (``IngredientLineMatcher/minimumConfidence``).
    static func matches(_ words: some Collection<String>, in foods: FoodReference) -> Bool {
        guard let match = FoodMatcher.match(words.joined(separator: " "), in: foods) else { return false }
        return match.confidence >= IngredientLineMatcher.minimumConfidence
    }

    /// ``negligiblePhrases`` as words (``FoodText/words(_:)``).
    static let negligibleWords: [[String]] = negligiblePhrases.map(FoodText.words)

    /// Whether a bracket of `raw` starts by saying the line is optional ("(optional)", "(facultatif, …)").
    static func bracketSaysOptional(_ raw: String) -> Bool {
        raw.split(separator: "(").dropFirst().contains { part in
            let words = FoodText.words(String(part))
            return words.first.map(optionalWords.contains) ?? false
        }
    }

    /// "Optional" in the six languages, as ``FoodText/words(_:)`` reads it.
    static let optionalWords: Set<String> = [
        "optional", "facultatif", "opcional", "facoltativo", "optioneel", "optionnel",
    ]

    /// Words that make a line with no amount negligible: its toppings and decorations, as the cook likes them
    /// ("assorted sprinkles", "edible flowers"). So does "see" outside brackets: a pointer elsewhere ("For full
    /// ingredient list, see Nutrition").
    static let unstatedNegligibleWords: [[String]] = [
        "toppings", "desired", "of choice", "sprinkles", "nonpareils", "edible flowers", "decorations",
    ].map(FoodText.words)

    /// Words that, up to three words before a negligible phrase, make it about more of the food.
    static let moreWords: Set<String> = ["plus", "more", "extra", "additional", "or", "and", "oder", "ou", "o"]

    /// Whether `words` hold `phrase` as consecutive words, not within three words after one of `unlessAfter`.
    static func holds(_ words: [String], _ phrase: [String], unlessAfter: Set<String> = []) -> Bool {
        guard let first = phrase.first, words.count >= phrase.count else { return false }
        for start in 0...(words.count - phrase.count) where words[start] == first {
            guard Array(words[start..<start + phrase.count]) == phrase else { continue }
            if words[max(start - 3, 0)..<start].contains(where: unlessAfter.contains) { continue }
            return true
        }
        return false
    }

    /// `text` without its bracketed parts.
    static func withoutBrackets(_ text: String) -> String {
        var out = ""
        var depth = 0
        for ch in text {
            if ch == "(" || ch == "[" {
                depth += 1
            } else if ch == ")" || ch == "]" {
                depth = max(depth - 1, 0)
            } else if depth == 0 {
                out.append(ch)
            }
        }
        return out.split(separator: " ").joined(separator: " ")
    }

    /// A weight the rest of a count or volume line states ("4 salmon fillets (about 6 oz each)", "1 pork
    /// shoulder, about 4 lb (1.8 kg)", "3 cups penne (8 oz.)"): per item when "each" follows it, when it comes
    /// right after a count, or when a count follows the name it sits in (`nameFirst`: "卵(60g 程度) 2個"), else
    /// the line's whole weight. A volume line takes only a weight in brackets.
    private mutating func readStatedWeight(_ parsed: IngredientLineParser.Parsed, nameFirst: Bool) {
        guard packGrams == nil, IngredientUnits.sizes[unit]?.0 != "g" else { return }
        let isVolume = IngredientUnits.sizes[unit]?.0 == "ml"
        let rest = Array([parsed.name, parsed.note ?? ""].joined(separator: ", "))
        var depth = 0
        var i = 0
        // Whether the bracket we are in follows a can or a pack ("two boxes (8.5 oz)"): that is one container's
        // size, no weight of a cup or spoon line.
        var containerBracket = false
        while i < rest.count {
            if rest[i] == "(" {
                depth += 1
            }
            if rest[i] == "(", isVolume {
                let before = String(rest[..<i]).split(separator: " ").last.map { Array($0) } ?? []
                let key = before.isEmpty ? nil : IngredientUnits.unit(at: before, 0)
                containerBracket = key.map { ["can", "pack"].contains($0.0) && $0.1 == before.count } ?? false
            }
            if rest[i] == ")" { depth = max(depth - 1, 0) }
            if isVolume, depth > 0, containerBracket {
                i += 1
                continue
            }
            // A number starts at a digit, or at the point of one written without its leading zero (".50 grams").
            let startsNumber =
                rest[i].isASCIINumber
                || (rest[i] == "." && i + 1 < rest.count && rest[i + 1].isASCIINumber
                    && (i == 0 || !rest[i - 1].isASCIINumber))
            guard startsNumber, i == 0 || !rest[i - 1].isLetter, !isVolume || depth > 0 else {
                i += 1
                continue
            }
            var k = i
            guard let value = IngredientLineParser.number(rest, &k) else {
                i += 1
                continue
            }
            while k < rest.count, rest[k] == " " || rest[k] == "-" { k += 1 }
            if let (key, length) = IngredientUnits.unit(at: rest, k),
                let (dimension, size) = IngredientUnits.sizes[key],
                dimension == "g"
            {
                let after = FoodText.fold(String(rest[(k + length)...].prefix(25)))
                // "2 16 oz. mushrooms": a weight right after a count is each one's, as a can's size is.
                let afterCount =
                    (i == 0 || (nameFirst && depth > 0)) && ["", "piece"].contains(parsed.unit) && parsed.qty != nil
                let saysEach = ["each", "per ", "a piece", "chacun", "je ", "à", "ciascun", "cada"].contains {
                    after.contains($0)
                }
                if afterCount || (saysEach && !isVolume) {
                    packGrams = value * size
                } else {
                    qty = value
                    unit = key
                }
                return
            }
            i = k
        }
    }

    /// The bracket of the quantity as written: a metric amount after the unit replaces it; an amount
    /// right after the number is one can's or pack's size.
    private mutating func readBrackets(_ parsed: IngredientLineParser.Parsed) {
        let disp = Array(parsed.disp)
        guard let open = disp.firstIndex(of: "("), let close = disp[open...].firstIndex(of: ")") else {
            // "2 12.5 oz cans": a can's size written without brackets.
            if ["can", "pack"].contains(parsed.unit), let space = disp.firstIndex(of: " ") {
                let size = IngredientLineParser.parse(String(disp[(space + 1)...]) + " x")
                if let value = size.qty, let (dimension, grams) = IngredientUnits.sizes[size.unit],
                    dimension == "g" || dimension == "ml"
                {
                    packGrams = value * grams
                }
            }
            return
        }
        let inside = String(disp[(open + 1)..<close])
        let amount = IngredientLineParser.parse(inside)
        guard let value = amount.qty, let (dimension, size) = IngredientUnits.sizes[amount.unit] else { return }
        // Is the bracket before the unit word ("1 (14 oz) can") or after it ("½ cup (120 ml)")?
        let before = String(disp[..<open])
        let unitBefore = IngredientLineParser.parse(before + " x").unit == parsed.unit && !parsed.unit.isEmpty
        let total = FoodText.words(inside).contains("total")
        if unitBefore, ["can", "pack"].contains(parsed.unit), !total, dimension == "g" || dimension == "ml" {
            // After a can or a pack, the bracket is each one's size ("2 cans (14 oz) tomatoes" are 28 oz),
            // unless it says it is the total.
            packGrams = value * size
        } else if unitBefore {
            // After the unit: the metric figure wins; an imperial one only when the cook's unit has no size.
            let metric = ["g", "kg", "ml", "l", "cl", "dl", "mg"].contains(amount.unit)
            if metric || IngredientUnits.sizes[parsed.unit] == nil {
                // A spoon's or a cup's weight is of what goes in it: "1 cup (112g) walnuts" has no shells.
                if IngredientUnits.sizes[parsed.unit]?.0 == "ml", dimension == "g" { edibleWeight = true }
                qty = value
                unit = amount.unit
            }
        } else if dimension == "g" || dimension == "ml" {
            packGrams = value * size
        }
    }
}
