/// A schema.org Recipe read from a web page and normalised: plain text,
/// flat step list, minutes and servings as integers, absolute image URLs.
/// Produced by ``JSONLDRecipeParser``; turned into an import by
/// ``PageRecipeImport``.
package struct PageRecipe: Sendable, Equatable {
    /// One method step: its text, its own name (a `HowToStep` `name` that
    /// is not just the start of its text; `""` for none) and the name of the
    /// `HowToSection` it sat in (`""` for none).
    package struct Step: Sendable, Equatable {
        package var text: String
        package var section: String
        package var name: String
        package init(text: String, section: String = "", name: String = "") {
            self.text = text
            self.section = section
            self.name = name
        }
    }

    /// `name` (entities decoded, whitespace collapsed); may be empty.
    package var title: String
    /// `recipeIngredient` lines as plain text, empties dropped, each with the heading it sat under: a
    /// heading line among them ("For the pork:", ``LibraryText/ingredientLines(listed:)``), a group the
    /// page names (a `HowToSection`, a plugin's ingredient group, ``IngredientGroups``). Headings are not lines.
    package var ingredients: [LibraryRecipe.Line]
    /// Flattened `recipeInstructions`, in order; section names are not steps.
    package var steps: [Step]
    /// `totalTime`, else `prepTime + cookTime` (whichever are known), minutes; nil when unknown.
    package var totalMinutes: Int?
    /// A whole serving count from `recipeYield`, nil when the yield is not one.
    package var servings: Int?
    /// What the yield counts, as the page writes it ("12 cookies"); `""` for none.
    package var yield: String = ""
    /// The page's language tag (``PageLanguage``), `""` when it gives none;
    /// it says whether "1,250 kg" is 1.25 kg.
    package var language: String = ""
    /// What the reader found doubtful on the page (kept, but said).
    package var warnings: [String] = []
    /// Read by ``MarkedListFallback`` rather than from schema.org markup: imported parked.
    package var fromFallback = false
    /// Every image URL found, absolute, first = hero.
    package var images: [String]
    /// Per-serving nutrition from `nutrition`, only the fields the page gave.
    package var nutrition: PageNutrition
    /// `description` as plain text.
    package var description: String
    /// `recipeCategory` values, lower-cased plain text.
    package var categories: [String]
    /// `keywords` split at commas, lower-cased plain text.
    package var keywords: [String]

    /// The hero: first of `images`.
    package var image: String? { images.first }

    package init(
        title: String = "", ingredients: [LibraryRecipe.Line] = [], steps: [Step] = [], totalMinutes: Int? = nil,
        servings: Int? = nil, images: [String] = [], nutrition: PageNutrition = PageNutrition(),
        description: String = "", categories: [String] = [], keywords: [String] = []
    ) {
        self.title = title
        self.ingredients = ingredients
        self.steps = steps
        self.totalMinutes = totalMinutes
        self.servings = servings
        self.images = images
        self.nutrition = nutrition
        self.description = description
        self.categories = categories
        self.keywords = keywords
    }
}

/// schema.org `NutritionInformation`, per serving, each field nil when the
/// page did not give it. Energy in kcal (`calories` in kJ is converted at
/// 4.184 kJ/kcal), sodium in mg, everything else in grams.
package struct PageNutrition: Sendable, Equatable {
    package var kcal: Double?
    package var proteinG: Double?
    package var carbsG: Double?
    package var sugarG: Double?
    package var fiberG: Double?
    package var fatG: Double?
    package var satfatG: Double?
    package var sodiumMg: Double?
    package init() {}

    /// True when no field is set.
    package var isEmpty: Bool {
        [kcal, proteinG, carbsG, sugarG, fiberG, fatG, satfatG, sodiumMg].allSatisfy { $0 == nil }
    }
}
