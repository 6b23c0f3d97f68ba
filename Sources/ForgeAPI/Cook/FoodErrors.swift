import ForgeCook
import ForgeHTTP

/// The food domain's errors as the contract answers them (docs/contract.md §3.15, §3.18).
///
/// | error | status, detail |
/// |---|---|
/// | `MealLogError` | 400, its description (`unknown recipe`, `off-plan entries need label + kcal`) |
/// | `MealLogError.dayFull` | 422 `at most 200 meal logs per day` (an absurd volume, nothing written) |
/// | `MealLogError.notFound` | 404 `not found` (MCP `delete_food_log` says `log entry not found`, §4.24) |
/// | `MealPhotos.Failure` | 400, `photo N: <reason>` |
/// | `FoodWeekStore.SlotEditError.unknownRecipe` | 404 `unknown recipe` |
/// | `FoodWeekStore.SlotEditError.notADinner` | 400 |
/// | `FoodProposalStore.DecisionError.notFound` | 404 `proposal not found` |
/// | `FoodProposalStore.DecisionError.noLongerValid` | 409 |
/// | `RecipeImportError` | 400, its message |
/// | `RecipePageImportError.notHTTPURL` | 400 `url must be an http(s) URL` |
/// | `RecipePageImportError.refusedTarget` | 400, the fetch policy's reason |
/// | `RecipePageImportError.fetchFailed`, `.fetchStatus` | 502 `could not fetch the page: …` |
/// | `RecipePageImportError.noRecipe`, `.invalid` | 422, the parser's reason or the broken rule |
/// | `RecipeLineEdit.Failure.unknownRecipe`, `.noSuchLine` | 404 `unknown recipe`, `no such line: the recipe has M ingredient lines, numbered from 1` |
/// | `RecipeLineEdit.Failure.seedRecipe` | 409 `seed recipes are curated and not edited` |
/// | `RecipeLineEdit.Failure.unknownFood`, `.needsGrams` | 422, naming the food |
/// | `CookModeError` | 404 `unknown recipe` / `cook session not found`, 409 `cook session is <state>`, 422 §1.4 item on `body.step` |
/// | `ShoppingError` | 404 `item not on the list` / `not found` |
/// | `RecipeLibraryError.unknownRecipe` | 404 `unknown recipe` |
/// | `MealMediaError.notFound` | 404 `not found` |
/// | `HouseholdIngredientError` | 404 `unknown ingredient: <name>`, 422 `name required` (MCP says the same as a tool error) |
extension MealLogError: HTTPMappedError {
    var status: Int {
        switch self {
        case .unknownRecipe, .offPlanNeedsLabelAndKcal: 400
        case .dayFull: 422
        case .notFound: 404
        }
    }
    var detail: String { description }
}

extension MealPhotos.Failure: HTTPMappedError {
    var status: Int { 400 }
    var detail: String { description }
}

extension FoodWeekStore.SlotEditError: HTTPMappedError {
    var status: Int { self == .unknownRecipe ? 404 : 400 }
    var detail: String { description }
}

extension FoodProposalStore.DecisionError: HTTPMappedError {
    var status: Int { self == .notFound ? 404 : 409 }
    var detail: String { description }
}

extension RecipeImportError: HTTPMappedError {
    var status: Int { 400 }
    var detail: String { message }
}

extension RecipePageImportError: HTTPMappedError {
    var status: Int {
        switch self {
        case .notHTTPURL, .refusedTarget: 400
        case .fetchFailed, .fetchStatus: 502
        case .noRecipe, .invalid: 422
        }
    }

    var detail: String {
        switch self {
        case .notHTTPURL: "url must be an http(s) URL"
        case .refusedTarget(let why): why
        case .fetchFailed(let why): "could not fetch the page: \(why)"
        case .fetchStatus(let status): "could not fetch the page: HTTP \(status)"
        case .noRecipe(let why): why
        case .invalid(let error): error.message
        }
    }
}

extension RecipeLineEdit.Failure: HTTPMappedError {
    var status: Int {
        switch self {
        case .unknownRecipe, .noSuchLine: 404
        case .seedRecipe: 409
        case .unknownFood, .needsGrams, .countsItems: 422
        }
    }
    var detail: String {
        switch self {
        case .unknownRecipe: "unknown recipe"
        case .noSuchLine(let lines): "no such line: the recipe has \(lines) ingredient lines, numbered from 1"
        case .seedRecipe: "seed recipes are curated and not edited"
        case .unknownFood(let id): "unknown food \(id): search the foods (GET /api/food/foods, MCP search_foods)"
        case .needsGrams(let food): "the line's quantity cannot be weighed as \(food): give grams"
        case .countsItems(let food):
            "the household's \(food) counts items, not grams: choose a food weighed in grams (usda:…), or leave "
                + "grams out to count the line's items"
        }
    }
}

/// Cook mode: 404 `unknown recipe` / `cook session not found`, 409 `cook session is <state>`, and a step
/// past the method a §1.4 validation item on `body.step` (`less_than`).
extension CookModeError: HTTPMappedError {
    var status: Int {
        switch self {
        case .unknownRecipe, .notFound: 404
        case .notActive: 409
        case .stepOutOfRange: 422
        }
    }
    var detail: String {
        switch self {
        case .unknownRecipe: "unknown recipe"
        case .notFound: "cook session not found"
        case .notActive(let state): "cook session is \(state)"
        case .stepOutOfRange(let steps, _): "Input should be less than \(steps)"
        }
    }
    var httpError: HTTPError {
        guard case .stepOutOfRange(_, let step) = self else { return HTTPError(status, detail) }
        return ValidationFailure.error(loc: ["body", "step"], type: "less_than", msg: detail, input: .int(step))
    }
}

/// The shopping list: 404 `item not on the list` (a tick) and `not found` (removing a hand-added item).
extension ShoppingError: HTTPMappedError {
    var status: Int { 404 }
    var detail: String {
        switch self {
        case .notOnList: "item not on the list"
        case .notFound: "not found"
        }
    }
}

/// The recipe library: 404 `unknown recipe` (MCP `get_recipe` says `unknown recipe slug`, §4.24).
extension RecipeLibraryError: HTTPMappedError {
    var status: Int { 404 }
    var detail: String { "unknown recipe" }
}

/// Media: 404 `not found` (a missing blob and another member's photo answer alike).
extension MealMediaError: HTTPMappedError {
    var status: Int { 404 }
    var detail: String { "not found" }
}

/// The household ingredient reference: 404 `unknown ingredient: <name>`, 422 `name required`.
extension HouseholdIngredientError: HTTPMappedError {
    var status: Int {
        switch self {
        case .unknown: 404
        case .nameRequired: 422
        }
    }
    var detail: String { description }
}
