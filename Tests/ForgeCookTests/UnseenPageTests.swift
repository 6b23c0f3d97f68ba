import Foundation
import Testing

@testable import ForgeCook

/// Issue 28 items 13-20: the kinds of failure seen on recipe sites the importer was
/// not built against, one minimal page per kind (none copied from a real site).
@Suite struct UnseenPageTests {
    static let url = "https://cook.example.org/recipes/stew"

    static func page(_ recipe: String, head: String = "", body: String = "") -> String {
        "<html><head>\(head)<script type=\"application/ld+json\">\(recipe)</script></head><body>\(body)</body></html>"
    }

    static func read(_ recipe: String, head: String = "", body: String = "") throws -> PageRecipe {
        try JSONLDRecipeParser.parse(html: page(recipe, head: head, body: body), pageURL: url)
    }

    // 13. The Recipe lacks ingredients or steps that the page prints.
    @Test func missingIngredientsAreReadFromThePagesMarkedList() throws {
        let r = try Self.read(
            #"{"@type":"Recipe","name":"Stew","recipeInstructions":["Simmer everything until tender, about 1 hour."]}"#,
            body: #"<h1>Stew</h1><ul class="recipe-ingredients"><li>500 g beef</li><li>2 carrots</li></ul>"#)
        #expect(r.ingredients.map(\.text) == ["500 g beef", "2 carrots"])
        #expect(r.steps.map(\.text) == ["Simmer everything until tender, about 1 hour."])
        #expect(r.warnings.contains { $0.contains("lists no ingredients") && $0.contains("page's HTML") })
    }

    @Test func missingStepsAreReadFromThePagesMicrodata() throws {
        let r = try Self.read(
            #"{"@type":"Recipe","name":"Omelette","recipeIngredient":["3 eggs","10 g butter"]}"#,
            body: """
                <div itemscope itemtype="https://schema.org/Recipe"><h1 itemprop="name">Omelette</h1>
                <ol><li itemprop="recipeInstructions">Whisk the eggs until frothy.</li>
                <li itemprop="recipeInstructions">Cook in the butter until just set.</li></ol></div>
                """)
        #expect(r.ingredients.map(\.text) == ["3 eggs", "10 g butter"])
        #expect(r.steps.map(\.text) == ["Whisk the eggs until frothy.", "Cook in the butter until just set."])
        #expect(r.warnings.contains { $0.contains("gives no method") && $0.contains("page's HTML") })
    }

    // 14. Bytes are decoded once, by the right charset; text given as text is not decoded again.
    @Test func aPageIsDecodedOnceByTheHeaderThenTheMetaCharset() throws {
        let text =
            "<html><head><meta charset=\"iso-8859-1\"></head><body>2/3 cup\u{A0}orange juice, crème</body></html>"
        let latin1 = try #require(text.data(using: .isoLatin1))
        // No charset in the header: the meta charset applies.
        #expect(PageText.decode(latin1, contentType: "text/html") == text)
        // The header's charset wins over the page's meta.
        #expect(PageText.decode(Data(text.utf8), contentType: "text/html; charset=UTF-8") == text)
        #expect(PageText.decode(latin1, contentType: "text/html; charset=\"windows-1252\"") == text)
        // Neither: UTF-8.
        #expect(PageText.decode(Data("café".utf8), contentType: "") == "café")
        // An html body given as a JSON string is already text: its meta charset is not applied to it.
        let r = try Self.read(
            #"{"@type":"Recipe","name":"Juice","recipeIngredient":["2/3 cup\#u{A0}orange juice"]}"#,
            head: #"<meta charset="iso-8859-1">"#)
        #expect(r.ingredients.map(\.text) == ["2/3 cup orange juice"])
        #expect(!r.ingredients.map(\.text).joined().contains("Â"))
    }

    // 15. Numbered steps in one string.
    @Test func numberedStepsInOneStringAreSplitOnTheirNumbering() throws {
        let cjk = try Self.read(
            #"{"@type":"Recipe","name":"番茄炖土豆","recipeInstructions":"1.番茄切丁。2.土豆切块。3.一起炖二十分钟。"}"#)
        #expect(cjk.steps.map(\.text) == ["番茄切丁。", "土豆切块。", "一起炖二十分钟。"])
        let latin = try Self.read(
            #"{"@type":"Recipe","name":"Soup","recipeInstructions":["1. Heat the oil. 2. Add 1.5 kg onions and stir. 3. Simmer for 10 minutes."]}"#
        )
        #expect(latin.steps.map(\.text) == ["Heat the oil.", "Add 1.5 kg onions and stir.", "Simmer for 10 minutes."])
        // Not numbered in sequence from 1: one step, as written.
        #expect(StepNumbering.items("Bake for 2. Then 3. rest") == [])
        #expect(StepNumbering.items("1. Mix 3. Bake") == [])
        let listed = try Self.read(
            #"{"@type":"Recipe","name":"Soup","recipeInstructions":["1. Heat the oil.","2. Add the onion."]}"#)
        #expect(listed.steps.count == 2)
    }

    // 16. CJK lines keep the cook's text.
    @Test func cjkIngredientLinesKeepTheCooksText() {
        let spaced = IngredientLineParser.parse("150克 鸡胸肉")
        #expect(spaced.qty == 150 && spaced.unit == "g" && spaced.disp == "150克" && spaced.name == "鸡胸肉")
        #expect(spaced.rejoined == "150克 鸡胸肉")
        let joined = IngredientLineParser.parse("150克鸡胸肉")
        #expect(joined.disp == "150克" && joined.name == "鸡胸肉" && joined.unit == "g")
        let eggs = IngredientLineParser.parse("2个 鸡蛋")
        #expect(eggs.qty == 2 && eggs.disp == "2个" && eggs.name == "鸡蛋")
        let (line, _) = IngredientLineMatcher.line("  150克 鸡胸肉", reference: .seed, decimalComma: nil)
        #expect(line.raw == "150克 鸡胸肉" && line.name == "鸡胸肉")
        // Latin lines are unchanged: "2 cloves garlic" still reads its unit word only before a space.
        #expect(IngredientLineParser.parse("2 cloves garlic").disp == "2 cloves")
    }

    // 17. The hero image is the imported Recipe's own.
    @Test func theHeroIsNeverAnotherRecipesImage() throws {
        let more = """
            [{"@type":"Recipe","name":"Main Stew","recipeIngredient":["1 onion"],"recipeInstructions":["Cook it."]},
             {"@type":"ItemList","itemListElement":[{"@type":"Recipe","name":"Other Cake",
               "image":"https://cook.example.org/img/cake.jpg"}]}]
            """
        let r = try Self.read(
            more, head: #"<meta property="og:image" content="https://cook.example.org/img/cake.jpg">"#)
        #expect(r.title == "Main Stew" && r.images.isEmpty)
        // One recipe on the page: its page image is its own.
        let single = try Self.read(
            #"{"@type":"Recipe","name":"Main Stew","recipeIngredient":["1 onion"],"recipeInstructions":["Cook it."]}"#,
            head: #"<meta property="og:image" content="https://cook.example.org/img/stew.jpg">"#)
        #expect(single.images == ["https://cook.example.org/img/stew.jpg"])
    }

    // 18. Page metadata is not a method.
    @Test func timesAndLabelsAreNotAMethod() throws {
        let r = try Self.read(
            #"{"@type":"Recipe","name":"Arroz","recipeIngredient":["200 g arroz"]}"#,
            body: #"<ul class="recipe-steps"><li>35 m</li><li>Cocinado</li><li>Tiempo total</li></ul>"#)
        #expect(r.steps.isEmpty)
        #expect(MarkedListFallback.isMetadata(["35 m", "Cocinado", "Tiempo total"]))
        #expect(!MarkedListFallback.isMetadata(["Heat the oil in a pan.", "Serve."]))
        #expect(!MarkedListFallback.isMetadata(["番茄切丁后和土豆一起炖二十分钟"]))
    }

    // 19. A printed yield fills a Recipe that has none.
    @Test func aPrintedYieldFillsTheRecipesMissingOne() throws {
        let serves = try Self.read(
            #"{"@type":"Recipe","name":"Stew","recipeIngredient":["1 onion"],"recipeInstructions":["Cook it."]}"#,
            body: "<p>Serves 4</p>")
        #expect(serves.servings == 4 && serves.yield == "Serves 4")
        let cookies = try Self.read(
            #"{"@type":"Recipe","name":"Cookies","recipeYield":"servings","recipeIngredient":["1 egg"],"recipeInstructions":["Bake."]}"#,
            body: "<div><span>Yield: 16</span></div>")
        #expect(cookies.servings == 16)
        // The Recipe's own count wins.
        let own = try Self.read(
            #"{"@type":"Recipe","name":"Stew","recipeYield":"6","recipeIngredient":["1 onion"],"recipeInstructions":["Cook."]}"#,
            body: "<p>Serves 4</p>")
        #expect(own.servings == 6)
    }

    // 20. An address without a scheme is https.
    @Test func anAddressWithoutASchemeIsHTTPS() {
        #expect(PageAddress.withScheme("example.com/recipe") == "https://example.com/recipe")
        #expect(PageAddress.withScheme(" www.example.co.uk/r?id=3 ") == "https://www.example.co.uk/r?id=3")
        #expect(PageAddress.withScheme("//example.com/recipe") == "https://example.com/recipe")
        #expect(PageAddress.withScheme("localhost:8080/r") == "https://localhost:8080/r")
        #expect(PageAddress.withScheme("http://example.com/r") == "http://example.com/r")
        #expect(PageAddress.withScheme("ftp://example.com/r") == "ftp://example.com/r")
        #expect(PageAddress.withScheme("javascript:alert(1)") == "javascript:alert(1)")
        #expect(PageAddress.withScheme("mailto:cook@example.com") == "mailto:cook@example.com")
    }
}
