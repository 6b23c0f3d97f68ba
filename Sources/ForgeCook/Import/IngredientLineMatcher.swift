import ForgeCore
import Foundation

/// Turns a printed ingredient line ("¾ cup unsalted butter, softened") into
/// a recipe line weighed against a food, keeping the cook's words.
///
/// The line is read by ``IngredientLineParser`` and ``IngredientLineFacts``;
/// `raw` keeps the line as printed, `disp`/`name`/`note` are its pieces. Then:
///
/// 1. The household's own reference row, when one matches the name with at
///    least ``minimumConfidence`` (``match(_:in:)``), as surely as the food
///    reference does or at 0.85 and above (its name, plural or not, with
///    descriptors dropped), and the line's unit converts to the row's unit:
///    `ref` names the row and `qty`/`unit` are in the row's unit (g rows take
///    any weighable unit, ml rows volumes, per-item `x` rows counts).
/// 2. Else the food reference (``FoodMatcher``, USDA SR28) with at least
///    ``minimumConfidence``: `food_id` and `food` name the food, `qty` and
///    `unit` stay as the cook wrote them, and ``FoodWeigher`` gives `grams`.
/// 3. Else, for a mass or volume, the grams are known but the food is not
///    (`food` nil): such lines may make up under 5 % of a recipe's weight.
///
/// Every weighed line carries `grams` and `kcal` (the whole line's). A line
/// that is negligible (to taste, garnish, optional, …; a seasoning with no
/// quantity) says so and weighs nothing; a line with no quantity that is not
/// negligible counts one typical portion of its food, marked `estimate`.
package enum IngredientLineMatcher {
    /// The least confidence a link needs, 0 (nothing in common) to 1 (the
    /// row's or food's exact name). Below it the line links to nothing
    /// rather than borrowing the macros of a food that only shares a word
    /// with it. A match of exactly 0.5 links.
    package static let minimumConfidence = 0.5

    /// The recipe line for `text`, under the heading `section`: a section of extras (``isExtras(_:)``:
    /// "Alternate:", "Variations", "To serve", "Garnish", "Optional") makes its lines negligible, linked to
    /// their food but weighing nothing, as "to serve" does on a line.
    /// - Parameters:
    ///   - section: the heading the line sits under (kept as its `section`), nil for none.
    ///   - reference: the household's ingredient reference (its rows win over the food reference).
    ///   - foods: the food reference.
    ///   - decimalComma: whether the page writes decimals with a comma
    ///     (``IngredientLineParser/parse(_:decimalComma:)``); nil when unknown.
    /// - Returns: the line, and whether it is accounted for (weighed against a food, or negligible).
    package static func line(
        _ text: String, section: String? = nil, reference: IngredientReference, foods: FoodReference = .usda,
        decimalComma: Bool? = nil
    ) -> (RecipeIngredient, matched: Bool) {
        var (line, matched) = read(text, reference: reference, foods: foods, decimalComma: decimalComma)
        line.section = section
        if let section, isExtras(section), !line.negligible {
            line.negligible = true
            line.grams = nil
            line.kcal = nil
            line.estimate = false
            matched = true
        }
        return (line, matched)
    }

    /// Words of a heading whose lines the recipe does not count: alternatives to the main list, optional
    /// extras, garnish and what the dish is served with, as ``FoodText/words(_:)`` reads them. ("For the
    /// topping" is no such heading: a crumble's topping is part of it.)
    static let extrasPhrases: [[String]] = [
        "alternate", "alternative", "alternatively", "variation", "substitution", "substitute", "optional",
        "garnish", "to serve", "for serving", "serving suggestion",
    ].map(FoodText.words)

    /// Whether the heading `section` names extras (``extrasPhrases``).
    static func isExtras(_ section: String) -> Bool {
        let words = FoodText.words(section)
        return extrasPhrases.contains { IngredientLineFacts.holds(words, $0) }
    }

    /// ``line(_:section:reference:foods:decimalComma:)`` before its section is weighed in.
    static func read(
        _ text: String, reference: IngredientReference, foods: FoodReference, decimalComma: Bool?
    ) -> (RecipeIngredient, matched: Bool) {
        let raw = HTMLText.collapse(HTMLText.decodeEntities(text))
        let p = IngredientLineParser.parse(raw, decimalComma: decimalComma)
        let facts = IngredientLineFacts(raw: raw, parsed: p, foods: foods)
        var name = p.name.isEmpty ? (p.note ?? raw) : p.name
        var note = p.name.isEmpty ? nil : p.note
        var (qty, disp) = (p.qty, p.disp)
        // "1 cup plus 2 tablespoons sugar": one amount (1.125 cup) of sugar, as the shopping list sums it.
        if let (added, rest) = IngredientLineFacts.plusMeasure(p), let first = p.qty, p.name.hasSuffix(rest.name) {
            qty = first + added
            disp = (p.disp + " " + p.name.dropLast(rest.name.count)).trimmedSpaces
            name = rest.name
            note = rest.note ?? p.note
        }
        var line = RecipeIngredient(name: name, qty: qty, unit: p.unit, disp: disp, note: note, raw: raw)
        let usda = FoodMatcher.match(facts.matchName, in: foods).flatMap {
            $0.confidence >= minimumConfidence ? poured($0, facts, in: foods) : nil
        }
        // The household's row wins unless it is a weaker match than the food reference's for more of the
        // name ("cooked white rice" is not the household's dry "white rice").
        if let (row, confidence) = match(facts.matchName, in: reference, line: raw), confidence >= minimumConfidence,
            confidence >= 0.85 || confidence >= (usda?.confidence ?? 0),
            let linked = household(line, row, confidence, facts, usda?.food)
        {
            return (linked, true)
        }
        if facts.negligible {
            line.negligible = true
            if let usda { link(&line, usda) }
            return (line, true)
        }
        guard let usda else {
            // No food: a stated mass or volume still weighs (the recipe may hold up to 5 % of such weight).
            if let qty = facts.qty,
                let weight = FoodWeigher.weigh(qty, unit: facts.unit, food: nil, packGrams: facts.packGrams),
                IngredientUnits.sizes[facts.unit] != nil || facts.packGrams != nil
            {
                line.grams = round1(weight.grams)
            }
            return (line, false)
        }
        link(&line, usda)
        guard let weight = weight(facts, of: usda.food) else { return (line, false) }
        line.grams = round1(weight.grams)
        line.estimate = weight.estimate
        line.kcal = round1(usda.food.macros(grams: weight.grams).kcal)
        return (line, true)
    }

    /// `match`, unless it is a dry broth (a cube, a powder) measured as a liquid of a quarter cup or more:
    /// "500 ml bouillon" is broth ready to serve (beef, vegetable or chicken, as the dry one was).
    static func poured(_ match: FoodMatcher.Match, _ facts: IngredientLineFacts, in foods: FoodReference)
        -> FoodMatcher.Match
    {
        let words = match.food.words
        guard match.food.group == "0600", words.contains("dry"), words.contains("broth") || words.contains("bouillon"),
            let qty = facts.qty, let ml = IngredientUnits.convert(qty, unit: facts.unit, to: "ml"), ml >= 60
        else { return match }
        let kind = ["beef", "vegetable"].first(where: words.contains) ?? "chicken"
        guard let broth = foods.alias(kind + " broth") else { return match }
        return FoodMatcher.Match(food: broth, confidence: match.confidence, covered: match.covered)
    }

    /// What the line `facts` read weighs as `food`: its quantity by ``FoodWeigher`` (size, the line's own
    /// words, a can's stated size, refuse off a weight as bought: nuts and seeds are bought shelled unless the
    /// line says they are in their shells), or one typical portion when it states none. The one weighing of imports, recomputes and a member's choice of food.
    package static func weight(_ facts: IngredientLineFacts, of food: Food) -> FoodWeigher.Weight? {
        guard let qty = facts.qty else { return FoodWeigher.typicalPortion(of: food) }
        return FoodWeigher.weigh(
            qty, unit: facts.unit, food: food, size: facts.size, packGrams: facts.packGrams,
            names: facts.matchWords, forms: facts.forms,
            asBought: !facts.edibleWeight && (food.group != FoodWeigher.nutGroup || facts.inShell))
    }

    /// `line` linked to the USDA food of `match`.
    static func link(_ line: inout RecipeIngredient, _ match: FoodMatcher.Match) {
        line.foodID = match.food.id
        line.food = match.food.name
        line.refConfidence = (match.confidence * 100).rounded() / 100
    }

    /// `line` linked to the household row `row`, or nil when its quantity does not convert to the row's unit.
    static func household(
        _ line: RecipeIngredient, _ row: Ingredient, _ confidence: Double, _ facts: IngredientLineFacts, _ food: Food?
    ) -> RecipeIngredient? {
        var linked = line
        linked.ref = row.name
        linked.food = row.name
        linked.refConfidence = confidence
        linked.unit = row.unit
        guard let qty = facts.qty else {
            linked.qty = nil
            if facts.negligible || facts.seasoning {
                linked.negligible = true
                return linked
            }
            // One typical portion: one item of a per-item row, else the food's typical portion.
            if row.isPerItem {
                linked.qty = 1
            } else if let food, let portion = FoodWeigher.typicalPortion(of: food) {
                linked.qty = round1(row.unit == "ml" ? portion.grams / FoodWeigher.density(of: food).0 : portion.grams)
                linked.grams = round1(portion.grams)
            } else {
                return nil
            }
            linked.estimate = true
            linked.kcal = round1(row.contribution(of: linked.qty ?? 0).kcal)
            return linked
        }
        if facts.negligible { linked.negligible = true }
        switch row.unit {
        case "x":
            guard let count = IngredientUnits.convert(qty, unit: facts.unit, to: "x") else { return nil }
            linked.qty = round1(count)
            // The weight, where the food reference knows one item of the food (for the share of unknown foods).
            if let food,
                let weight = FoodWeigher.weigh(
                    qty, unit: facts.unit, food: food, size: facts.size, names: facts.matchWords),
                !weight.estimate
            {
                linked.grams = round1(weight.grams)
            }
        case "ml":
            if let ml = IngredientUnits.convert(qty, unit: facts.unit, to: "ml") {
                linked.qty = round1(ml)
                linked.grams = round1(ml * FoodWeigher.density(of: food, preferring: facts.unit, forms: facts.forms).0)
            } else if let weight = FoodWeigher.weigh(qty, unit: facts.unit, food: food, size: facts.size) {
                linked.qty = round1(weight.grams / FoodWeigher.density(of: food).0)
                linked.grams = round1(weight.grams)
            } else {
                return nil
            }
        default:
            guard
                let weight = FoodWeigher.weigh(
                    qty, unit: facts.unit, food: food, size: facts.size, packGrams: facts.packGrams,
                    names: facts.matchWords, forms: facts.forms)
            else { return nil }
            linked.qty = round1(weight.grams)
            linked.grams = round1(weight.grams)
            linked.estimate = weight.estimate
        }
        if linked.negligible {
            linked.grams = nil
            linked.estimate = false
        } else {
            linked.kcal = round1(row.contribution(of: linked.qty ?? 0).kcal)
        }
        return linked
    }

    static func round1(_ value: Double) -> Double { (value * 10).rounded() / 10 }

    /// The household row `name` refers to and how sure that is: 1 for the
    /// row's exact name (any case), 0.9 for its name before a comma, 0.85
    /// when equal after dropping plurals, else the longest row name found in
    /// the name's food words (``FoodMatcher/foodWords(_:)``) as whole words,
    /// with confidence 0.8 × the share of those words it covers. A row that
    /// is a variant of its food (``IngredientReference/Key/variant``: "coconut
    /// milk, light") is at most ``variantConfidence`` unless the line says the
    /// variant outside brackets (`line`, the printed line; the name when nil):
    /// "coconut milk" is the food reference's full-fat one when that matches
    /// surely. Nil when nothing matches.
    static func match(_ name: String, in reference: IngredientReference, line: String? = nil)
        -> (Ingredient, Double)?
    {
        let key = FoodText.fold(name).trimmedSpaces
        guard !key.isEmpty else { return nil }
        let keys = reference.keys
        if let i = keys.firstIndex(where: { $0.name == key }) { return (reference.rows[i], 1) }
        // The line's words, read only when a variant row is in question.
        func sure(_ i: Int, _ confidence: Double) -> (Ingredient, Double) {
            guard !keys[i].variant.isEmpty else { return (reference.rows[i], confidence) }
            let said = Set(FoodText.words(line.map(IngredientLineFacts.withoutBrackets) ?? name))
            return (
                reference.rows[i], keys[i].variant.isSubset(of: said) ? confidence : min(confidence, variantConfidence)
            )
        }
        if let i = keys.firstIndex(where: { $0.head == key }) { return sure(i, 0.9) }
        let words = FoodMatcher.foodWords(name)
        guard !words.isEmpty else { return nil }
        let joined = words.joined(separator: " ")
        if let i = keys.firstIndex(where: { $0.headKey == joined }) { return sure(i, 0.85) }
        // Every run of the name's words, so each row is one lookup.
        var runs: Set<String> = []
        for start in words.indices {
            for end in start..<words.count { runs.insert(words[start...end].joined(separator: " ")) }
        }
        var best: Int? = nil
        for i in keys.indices where !keys[i].headWords.isEmpty && runs.contains(keys[i].headKey) {
            if best == nil || keys[i].head.count > keys[best!].head.count { best = i }
        }
        guard let best else { return nil }
        let covered = keys[best].headWords.count
        return sure(best, (0.8 * Double(min(covered, words.count)) / Double(words.count) * 100).rounded() / 100)
    }

    /// The most a household row that is a variant of its food gets for a name that does not say the variant:
    /// below a food reference alias (1) and below the household's sure matches (0.85).
    static let variantConfidence = 0.75
}
