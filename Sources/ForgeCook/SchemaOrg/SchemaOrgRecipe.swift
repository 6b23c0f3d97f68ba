import Foundation

/// One schema.org `Recipe` node (decoded JSON, or microdata built into the same shape) read into the
/// fields forged keeps: the one reading of schema.org's properties, for a recipe page's markup
/// (``JSONLDRecipeParser``, after it found the node) and for an app's recipe JSON (Nextcloud Cookbook,
/// Mealie: ``LibraryRecipe/init(schemaOrg:origin:)``, after it put the app's own names into schema.org's).
///
/// Property names are matched in any case (``SchemaOrgValue/field(_:_:)``); text is plain (HTML fragments
/// and character references undone); a missing or mistyped property leaves its field empty, never an error.
struct SchemaOrgRecipe {
    /// Who wrote the node's text, which decides how a method written as text splits into steps.
    enum Source: Sendable {
        /// A recipe page's markup: in a list of several method strings each string is one step (its line
        /// breaks and paragraphs inside it); a single string splits at line breaks and block tags.
        case page
        /// An app's recipe JSON, its method typed by a cook: every line of a method string is a step, and a
        /// heading line among them ("To serve:", ``LibraryText/steps(_:section:)``) is the section of the
        /// steps after it.
        case app
    }

    /// `name`, else `headline`; "" when neither is there.
    var title: String
    /// `recipeIngredient` (else `ingredients`) lines, each with the heading it sat under
    /// (``SchemaOrgIngredients``).
    var ingredients: [LibraryRecipe.Line]
    /// `recipeInstructions` flattened (``InstructionFlattener``), a step that numbers its own items split
    /// on them (``StepNumbering``).
    var steps: [PageRecipe.Step]
    /// `prepTime`, `cookTime` (else `performTime`) and `totalTime`, whole minutes; nil when not given or
    /// not read (``duration(_:)``).
    var prepMinutes: Int?
    var cookMinutes: Int?
    var totalMinutes: Int?
    /// The yield as written (``RecipeYield/text(_:)`` of `recipeYield`, else `yield`, else
    /// `recipeServings`); "" for none.
    var yield: String
    /// The whole serving count the yield gives (``RecipeYield/servings(_:)``, else a number word in the
    /// yield's text, ``LibraryText/servings(_:)``); nil when none.
    var servings: Int?
    /// `nutrition` per serving (``NutritionText``): energy in kcal, sodium in mg, the rest in grams.
    var nutrition: PageNutrition
    /// `description`; "" for none.
    var description: String
    /// `inLanguage` as written ("de-DE"); "" for none.
    var language: String
    /// `recipeCategory` values (strings, or objects by their `name`), as written.
    var categories: [String]
    /// `keywords` split at commas, as written, empties dropped.
    var keywords: [String]

    /// Reads `node` by the rules above.
    /// - Parameter source: who wrote the node's text (``Source``).
    init(_ node: [String: Any], source: Source) {
        let field = { (key: String) in SchemaOrgValue.field(node, key) }
        title = SchemaOrgValue.firstText(field("name")) ?? SchemaOrgValue.firstText(field("headline")) ?? ""
        ingredients = SchemaOrgIngredients.lines(field("recipeIngredient") ?? field("ingredients"))
        steps = StepNumbering.split(InstructionFlattener.steps(field("recipeInstructions"), source: source))
        prepMinutes = Self.duration(field("prepTime"))
        cookMinutes = Self.duration(field("cookTime")) ?? Self.duration(field("performTime"))
        totalMinutes = Self.duration(field("totalTime"))
        let yieldValue = field("recipeYield") ?? field("yield") ?? field("recipeServings")
        yield = RecipeYield.text(yieldValue)
        servings = RecipeYield.servings(yieldValue) ?? LibraryText.servings(yield)
        nutrition = NutritionText.read(field("nutrition"))
        description = SchemaOrgValue.firstText(field("description")) ?? ""
        language = SchemaOrgValue.firstText(field("inLanguage")) ?? ""
        categories = Self.labels(field("recipeCategory"))
        keywords = SchemaOrgValue.texts(field("keywords")).flatMap { $0.split(separator: ",") }
            .map { HTMLText.collapse(String($0)) }.filter { !$0.isEmpty }
    }

    /// The minutes the recipe takes (``minutes(total:prep:cook:)``).
    var minutes: Int? { Self.minutes(total: totalMinutes, prep: prepMinutes, cook: cookMinutes) }

    /// The minutes a recipe takes: its total when given, else the sum of the known ones of its prep and
    /// cook times; nil when none is known.
    static func minutes(total: Int?, prep: Int?, cook: Int?) -> Int? {
        if let total { return total }
        if prep == nil && cook == nil { return nil }
        return (prep ?? 0) + (cook ?? 0)
    }

    /// Minutes of a schema.org duration: an ISO 8601 duration (``ISODuration``), a time in words (not
    /// one that starts like an ISO duration, "P…"; ``WrittenDuration/minutes(inField:)``), a number
    /// (minutes), a `QuantitativeValue` (`value`, else the range's `minValue`, else `maxValue`), or a list
    /// (its first that reads). Nil when none reads.
    static func duration(_ value: Any?) -> Int? {
        switch value {
        case let s as String:
            let text = HTMLText.plain(s)
            return ISODuration.minutes(text)
                ?? (text.uppercased().hasPrefix("P") ? nil : WrittenDuration.minutes(inField: text))
        case let n as NSNumber:
            let d = n.doubleValue
            return d.isFinite && d >= 1 && d < 1e6 ? Int(d.rounded()) : nil
        case let o as [String: Any]:
            return duration(o["value"]) ?? duration(o["minValue"]) ?? duration(o["maxValue"])
        case let a as [Any]:
            return a.lazy.compactMap { duration($0) }.first
        default:
            return nil
        }
    }

    /// Plain texts of a string, a number, an object's `name` (`{"name": "Soup"}`, as apps write a
    /// category), or a list of them; empties dropped.
    static func labels(_ value: Any?) -> [String] {
        if let list = value as? [Any] { return list.flatMap(labels) }
        if let object = value as? [String: Any] { return SchemaOrgValue.texts(SchemaOrgValue.field(object, "name")) }
        return SchemaOrgValue.texts(value)
    }
}
