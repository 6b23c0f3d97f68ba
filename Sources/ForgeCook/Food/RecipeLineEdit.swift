import ForgeCore
import ForgeStore
import Foundation

/// A member's fix of one ingredient line of a stored recipe: the food it is
/// weighed against, its grams, or both. The recipe's macros (unless they are
/// the recipe's own, `macros_source` `recipe`) and `complete` follow at once,
/// and the line is marked `fixed`, so a later recompute keeps it.
package enum RecipeLineEdit {
    /// What the member asks.
    package struct Change: Sendable, Equatable {
        /// `usda:NNNNN` (the food reference) or a household row's name; nil keeps the line's food.
        package var food: String?
        /// The line's weight, grams (0 counts the line as negligible); nil weighs the line's own quantity
        /// against the food.
        package var grams: Double?
        /// A change of `food`, `grams`, or both.
        package init(food: String? = nil, grams: Double? = nil) {
            self.food = food
            self.grams = grams
        }
    }

    /// Why a fix was refused; nothing was written.
    package enum Failure: Error, Equatable, Sendable {
        /// No recipe has the slug.
        case unknownRecipe
        /// Seed recipes are curated and not edited.
        case seedRecipe
        /// The recipe has no line at the index (1-based); carries its number of lines.
        case noSuchLine(lines: Int)
        /// No food has the id or name.
        case unknownFood(String)
        /// The line's quantity cannot be weighed against the food: the change needs `grams`.
        case needsGrams(String)
        /// Grams were given for a household row that counts items (unit `x`).
        case countsItems(String)
    }

    /// Checks that the recipe `slug` exists and may be edited, before its change is read (so a client
    /// naming no recipe hears 404 before any complaint about its body).
    /// - Throws: ``Failure/unknownRecipe``, ``Failure/seedRecipe``; `DatabaseError`.
    package static func requireEditable(slug: String, db: Database) throws {
        guard let source = try db.read({ try RecipeStore.source(of: slug, in: $0) }) else {
            throw Failure.unknownRecipe
        }
        guard source != "seed" else { throw Failure.seedRecipe }
    }

    /// Applies `change` to line `index` (1-based) of the recipe `slug`, in one write.
    /// - Returns: the recipe as stored, and the household reference it was weighed against.
    /// - Throws: ``Failure``; `DatabaseError`.
    package static func apply(
        _ change: Change, slug: String, index: Int, db: Database, foods: FoodReference = .usda
    ) throws -> (Recipe, IngredientReference) {
        try db.write { conn in
            guard var recipe = try RecipeStore.find(slug, in: conn) else { throw Failure.unknownRecipe }
            guard recipe.source != "seed" else { throw Failure.seedRecipe }
            guard (1...max(recipe.ingredients.count, 1)).contains(index), !recipe.ingredients.isEmpty else {
                throw Failure.noSuchLine(lines: recipe.ingredients.count)
            }
            let reference = try IngredientStore.reference(in: conn)
            recipe.ingredients[index - 1] = try changed(
                recipe.ingredients[index - 1], change, reference: reference, foods: foods)
            recipe = RecipeRecompute.withMacros(recipe, reference: reference, foods: foods)
            try RecipeStore.updateMacros(recipe, in: conn)
            return (recipe, reference)
        }
    }

    /// `line` with `change` applied, marked `fixed`.
    static func changed(
        _ line: RecipeIngredient, _ change: Change, reference: IngredientReference, foods: FoodReference
    ) throws -> RecipeIngredient {
        var out = line
        out.negligible = false
        out.estimate = false
        out.fixed = true
        if let id = change.food {
            if let food = foods[id: id] {
                out.foodID = food.id
                out.food = food.name
                out.ref = nil
            } else if let row = reference[id] {
                out.foodID = nil
                out.food = row.name
                out.ref = row.name
            } else {
                throw Failure.unknownFood(id)
            }
            out.refConfidence = 1
        }
        // The line as a page or an app wrote it, read as the import read it.
        let text = line.raw ?? [line.disp, line.name].filter { !$0.isEmpty }.joined(separator: " ")
        let facts = IngredientLineFacts(raw: text, parsed: IngredientLineParser.parse(text))
        if change.grams == 0 {
            // The member says the line counts nothing (an optional garnish read as an amount).
            out.negligible = true
            out.grams = nil
            out.kcal = nil
            return out
        }
        if let foodID = out.foodID, let food = foods[id: foodID] {
            if let grams = change.grams {
                out.grams = grams
            } else if change.food != nil {
                guard let weight = IngredientLineMatcher.weight(facts, of: food) else {
                    throw Failure.needsGrams(food.name)
                }
                out.grams = IngredientLineMatcher.round1(weight.grams)
                out.estimate = weight.estimate
            }
            out.kcal = out.grams.map { IngredientLineMatcher.round1(food.macros(grams: $0).kcal) }
        } else if let row = reference[out.referenceName] {
            if let grams = change.grams {
                // Grams of a per-item row say nothing of how many items; an ml row takes its food's density.
                guard row.unit != "x" else { throw Failure.countsItems(row.name) }
                let density = FoodWeigher.density(of: FoodMatcher.match(row.name, in: foods)?.food).0
                out.qty = IngredientLineMatcher.round1(row.unit == "ml" ? grams / density : grams)
                out.unit = row.unit
                out.grams = grams
            } else if change.food != nil {
                let usda = FoodMatcher.match(row.name, in: foods)?.food
                guard let linked = IngredientLineMatcher.household(out, row, 1, facts, usda), linked.qty != nil else {
                    throw Failure.needsGrams(row.name)
                }
                out = linked
                out.fixed = true
            }
            out.kcal = out.qty.map { IngredientLineMatcher.round1(row.contribution(of: $0).kcal) }
        } else if let grams = change.grams {
            out.grams = grams
            out.kcal = nil
        }
        return out
    }
}
