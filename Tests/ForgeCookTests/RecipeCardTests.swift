import ForgeCore
import Testing

@testable import ForgeCook

@Test func recipeCardHasExactlyTheContractKeys() throws {
    let recipe = try #require(Fixture.recipe("salmon-puy-lentils"))
    let object = try Fixture.object(RecipeCard(recipe))
    let expected: Set<String> = Set(Macros.keys).union([
        "slug", "name", "kind", "minutes", "difficulty", "serves",
        "batch", "platefig", "why", "image", "rating",
    ])
    #expect(Set(object.keys) == expected)
    #expect(object["image"] == .null)
    #expect(object["slug"] == .string("salmon-puy-lentils"))
    #expect(object["kind"] == .string("dinner"))
    #expect(object["platefig"] == .string("plate-salmon"))
    #expect(object["kcal"]?.doubleValue == recipe.macros.kcal)
}

@Test func recipeCardImageIsTheFirstImage() throws {
    var recipe = try #require(Fixture.recipe("oats-no1"))
    recipe.images = ["/api/food/media/abc", "https://example.org/b.jpg"]
    recipe.rating = 4.5
    let object = try Fixture.object(RecipeCard(recipe))
    #expect(object["image"] == .string("/api/food/media/abc"))
    #expect(object["rating"]?.doubleValue == 4.5)
}

@Test func recipeRoundTripsInTheFlatShape() throws {
    let recipe = try #require(Fixture.recipe("turkey-black-bean-chili"))
    let data = try JSONCoding.encode(recipe)
    let object = try JSONCoding.decode(JSONValue.self, from: data).objectValue ?? [:]
    #expect(object["source_url"] == .string("") && object["rating_count"] == .int(0))
    #expect(object["protein_g"]?.doubleValue == recipe.macros.proteinG)
    #expect(try JSONCoding.decode(Recipe.self, from: data) == recipe)
}

@Test func ingredientLineKeepsNullQtyAndOmitsMissingNote() throws {
    let object = try Fixture.object(RecipeIngredient(name: "salt", qty: nil, unit: "g", disp: "to taste"))
    #expect(object["qty"] == .null && object["note"] == nil)
    let step = try Fixture.object(RecipeStep(title: "Rest", detail: "Done when cool."))
    #expect(Set(step.keys) == ["title", "detail"])
}
