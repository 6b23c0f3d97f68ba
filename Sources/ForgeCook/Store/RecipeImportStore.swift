import ForgeCore
import ForgeStore
import Foundation

/// What an import did (the MCP `import_recipe` result, docs/contract.md §4.24).
package struct RecipeImportOutcome: Sendable, Equatable {
    package let recipe: Recipe
    /// True when an existing recipe was updated in place.
    package let updated: Bool
    /// Reference rows created from lines that carried `kcal_100`.
    package let ingredientsAdded: [String]
    /// Why the recipe is parked (empty when complete), in rule order.
    package let parkedBecause: [RecipeParking.Reason]
}

/// The one store path of every import (MCP `import_recipe` and
/// `POST /api/food/recipes/import`).
package enum RecipeImportStore {
    /// Creates or updates the imported recipe, inside the caller's write
    /// transaction.
    ///
    /// Identity: the recipe with the same non-empty `source_url` (keeping its
    /// slug), else the one with the same slug, else a new one. Seed recipes
    /// are never overwritten. Lines unknown to the reference that carry
    /// `kcal_100` add a reference row (only the supplied fields set). Parked
    /// by ``RecipeParking`` (a line that cannot be weighed, unknown foods over
    /// 5 % of the weight, difficulty `hard`, `kcal` 0). Images replace
    /// the stored ones only when new ones were stored as blobs (or the
    /// recipe had none); `platefig`, `created_at` are kept.
    /// - Throws: ``RecipeImportError`` `cannot overwrite seed recipe <slug>`;
    ///   database errors.
    package static func upsertImported(
        _ input: RecipeImportInput, now: Date,
        in db: Connection
    ) throws -> RecipeImportOutcome {
        var existing: Recipe? = nil
        if !input.sourceURL.isEmpty {
            existing = try db.queryOne(
                "SELECT * FROM recipes WHERE source_url = ? ORDER BY created_at, slug LIMIT 1",
                [input.sourceURL]
            ).map(RecipeStore.recipe)
        }
        if existing == nil { existing = try RecipeStore.find(input.slug, in: db) }
        if let existing, existing.source == "seed" {
            throw RecipeImportError("cannot overwrite seed recipe \(existing.slug)")
        }

        var reference = try IngredientStore.reference(in: db)
        var added: [String] = []
        for line in input.lines
        where reference[line.line.referenceName] == nil && line.carriesKcal
            && !added.contains(line.line.referenceName)
        {
            try addReferenceRow(line, in: db)
            added.append(line.line.referenceName)
        }
        if !added.isEmpty { reference = try IngredientStore.reference(in: db) }
        var input = input
        input.lines = weighed(input.lines, reference: reference)

        let parked = parkReasons(input, reference: reference)

        var images = input.images
        if let existing, input.imagesStored == 0, !existing.images.isEmpty { images = existing.images }
        var recipe = Recipe(
            slug: existing?.slug ?? input.slug, name: String(input.name.prefix(120)), kind: input.kind,
            minutes: max(input.minutes, 0), difficulty: input.difficulty, serves: input.serves, batch: input.batch,
            why: input.why, steps: input.steps, ingredients: input.lines.map(\.line), tags: input.tags,
            platefig: existing?.platefig ?? "plate", source: input.source, sourceURL: input.sourceURL,
            images: images, rating: input.rating, ratingCount: input.ratingCount, complete: parked.isEmpty,
            macros: input.macros, yield: String(input.yield.prefix(80)), notes: input.notes,
            macrosSource: input.macrosSource)
        recipe.parkReason = input.parkReason ?? ""
        if let existing {
            let createdAt: String =
                try db.scalar(
                    "SELECT created_at FROM recipes WHERE slug = ?",
                    [existing.slug]) ?? Instant.storage(now)
            try db.execute("DELETE FROM recipes WHERE slug = ?", [existing.slug])
            try RecipeStore.insert(recipe, orIgnore: false, now: now, in: db)
            try db.execute("UPDATE recipes SET created_at = ? WHERE slug = ?", [createdAt, recipe.slug])
        } else {
            try RecipeStore.insert(recipe, orIgnore: false, now: now, in: db)
        }
        return RecipeImportOutcome(
            recipe: recipe, updated: existing != nil, ingredientsAdded: added,
            parkedBecause: parked)
    }

    /// Why `input` is parked (``RecipeParking``: each line that cannot be weighed, unknown foods over 5 % of
    /// the weight, `difficulty hard`, `kcal missing`, then the caller's own reason). Empty for a complete recipe.
    package static func parkReasons(
        _ input: RecipeImportInput, reference: IngredientReference
    ) -> [RecipeParking.Reason] {
        let lines = input.lines.map(\.line)
        let computation = RecipeMacros.compute(ingredients: lines, reference: reference, serves: input.serves)
        return RecipeParking.reasons(
            lines: lines, computation: computation, difficulty: input.difficulty, kcal: input.macros.kcal,
            extra: input.parkReason)
    }

    /// `lines` with each line the household's reference does not hold (and that brought no per-100 g
    /// values, nor a food of its own) weighed as a page's line is: an agent's `{name: "gruyère", qty: 50,
    /// unit: "g"}` gets USDA's gruyère and 50 g, keeping its own name, quantity, unit and words and gaining
    /// `food_id`, `food`, `grams`, `kcal` and the flags; a line that finds a household row by a looser name
    /// ("red onion" for the row "red onions") takes the row's link (`ref`, quantity in the row's unit).
    static func weighed(_ lines: [RecipeImportInput.Line], reference: IngredientReference) -> [RecipeImportInput.Line] {
        lines.map { item in
            let line = item.line
            guard reference[line.referenceName] == nil, !item.carriesKcal, line.foodID == nil, line.raw == nil else {
                return item
            }
            let amount =
                line.disp.isEmpty ? [line.qty.map { "\($0)" } ?? "", line.unit].joined(separator: " ") : line.disp
            let text =
                [amount, line.name].filter { !$0.isEmpty }.joined(separator: " ")
                + (line.note.map { ", " + $0 } ?? "")
            let (read, _) = IngredientLineMatcher.line(text, reference: reference)
            var out = item
            if read.ref != nil {
                // A household row by a looser name ("red onion" for "red onions"): the whole link, the
                // agent's name kept.
                out.line = read
                out.line.name = line.name
                out.line.raw = nil
                return out
            }
            out.line.foodID = read.foodID
            out.line.food = read.food
            out.line.grams = read.grams
            out.line.kcal = read.kcal
            out.line.estimate = read.estimate
            out.line.negligible = read.negligible
            if read.foodID != nil { out.line.refConfidence = read.refConfidence }
            return out
        }
    }

    private static func addReferenceRow(_ line: RecipeImportInput.Line, in db: Connection) throws {
        let aisles: Set<String> = ["produce", "protein", "dairy", "cupboard", "frozen"]
        let units: Set<String> = ["g", "ml", "x"]
        let aisle = line.aisle.flatMap { aisles.contains($0) ? $0 : nil } ?? "cupboard"
        let unit = units.contains(line.line.unit) ? line.line.unit : "g"
        let v = line.values.map { Rounding.round1($0 ?? 0) }
        try db.execute(
            """
            INSERT INTO ingredients (name, aisle, unit, kcal_100, protein_100, carbs_100, sugar_100, fiber_100,
              fat_100, satfat_100, sodium_100, pantry) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """,
            [
                String(line.line.referenceName.prefix(80)), aisle, unit, v[0], v[1], v[2], v[3], v[4], v[5], v[6], v[7],
                line.pantry ?? false,
            ])
    }
}
