/// A schema.org Recipe read from a web page and normalised: plain text,
/// flat step list, minutes and servings as integers, absolute image URLs.
/// Produced by ``JSONLDRecipeParser``; turned into an import by
/// ``PageRecipeImport``.
public struct PageRecipe: Sendable, Equatable {
    /// One method step: its text, its own name (a `HowToStep` `name` that
    /// is not just the start of its text; `""` for none) and the name of the
    /// `HowToSection` it sat in (`""` for none).
    public struct Step: Sendable, Equatable {
        public var text: String
        public var section: String
        public var name: String
        public init(text: String, section: String = "", name: String = "") {
            self.text = text
            self.section = section
            self.name = name
        }
    }

    /// `name` (entities decoded, whitespace collapsed); may be empty.
    public var title: String
    /// `recipeIngredient` lines as plain text, empties dropped.
    public var ingredients: [String]
    /// Flattened `recipeInstructions`, in order; section names are not steps.
    public var steps: [Step]
    /// `totalTime`, else `prepTime + cookTime` (whichever are known), minutes; nil when unknown.
    public var totalMinutes: Int?
    /// A whole serving count from `recipeYield`, nil when the yield is not one.
    public var servings: Int?
    /// What the yield counts, as the page writes it ("12 cookies"); `""` for none.
    public var yield: String = ""
    /// The page's language tag (``PageLanguage``), `""` when it gives none;
    /// it says whether "1,250 kg" is 1.25 kg.
    public var language: String = ""
    /// What the reader found doubtful on the page (kept, but said).
    public var warnings: [String] = []
    /// Read by ``MarkedListFallback`` rather than from schema.org markup: imported parked.
    public var fromFallback = false
    /// Every image URL found, absolute, first = hero.
    public var images: [String]
    /// Per-serving nutrition from `nutrition`, only the fields the page gave.
    public var nutrition: PageNutrition
    /// `description` as plain text.
    public var description: String
    /// `recipeCategory` values, lower-cased plain text.
    public var categories: [String]
    /// `keywords` split at commas, lower-cased plain text.
    public var keywords: [String]

    /// The hero: first of `images`.
    public var image: String? { images.first }

    public init(
        title: String = "", ingredients: [String] = [], steps: [Step] = [], totalMinutes: Int? = nil,
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
public struct PageNutrition: Sendable, Equatable {
    public var kcal: Double?
    public var proteinG: Double?
    public var carbsG: Double?
    public var sugarG: Double?
    public var fiberG: Double?
    public var fatG: Double?
    public var satfatG: Double?
    public var sodiumMg: Double?
    public init() {}

    /// True when no field is set.
    public var isEmpty: Bool {
        [kcal, proteinG, carbsG, sugarG, fiberG, fatG, satfatG, sodiumMg].allSatisfy { $0 == nil }
    }
}
