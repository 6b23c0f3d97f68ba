import Foundation
import Testing

@testable import ForgeCook

/// schema.org as pages write it, and pages without JSON-LD (issue 16): one
/// minimal page per failure kind.
@Suite struct PageReadingTests {
    static let url = "https://cook.example.org/recipes/soup"

    static func page(_ recipe: String) -> String {
        #"<html><head><script type="application/ld+json">"# + recipe + "</script></head><body></body></html>"
    }

    static func read(_ recipe: String) throws -> PageRecipe {
        try JSONLDRecipeParser.parse(html: page(recipe), pageURL: url)
    }

    @Test func aQuantitativeValueRangeTakesItsLowerBound() throws {
        let r = try Self.read(
            #"{"@type":"Recipe","name":"S","totalTime":{"@type":"QuantitativeValue","minValue":"PT20M","maxValue":"PT30M"}}"#
        )
        #expect(r.totalMinutes == 20)
    }

    @Test func prepPlusCookWhenTotalIsMissingAndNumbersAreMinutes() throws {
        #expect(
            try Self.read(#"{"@type":"Recipe","name":"S","prepTime":"PT10M","cookTime":"PT1H5M"}"#).totalMinutes == 75)
        #expect(try Self.read(#"{"@type":"Recipe","name":"S","totalTime":45}"#).totalMinutes == 45)
        #expect(try Self.read(#"{"@type":"Recipe","name":"S","totalTime":"1 hour 30 mins"}"#).totalMinutes == 90)
    }

    @Test(arguments: [("PTH30M", 30), ("PT0D1H0M", 60), ("P1DT30M", 1470), ("PT90S", 2), ("PT0.5H", 30)])
    func isoDurationsAsPagesWriteThem(_ text: String, _ minutes: Int) {
        #expect(ISODuration.minutes(text) == minutes)
    }

    @Test func overADayWithoutStepsSayingSoImportsWithAWarning() throws {
        let short = try Self.read(
            #"{"@type":"Recipe","name":"S","prepTime":"PT10H","cookTime":"PT30H","recipeInstructions":["Fry the onion for 10 minutes.","Simmer 30 minutes."]}"#
        )
        #expect(short.totalMinutes == 2400)
        #expect(short.warnings.count == 1 && short.warnings[0].contains("2400 minutes"))
        let cured = try Self.read(
            #"{"@type":"Recipe","name":"S","totalTime":"PT30H","recipeInstructions":["Cure overnight in the fridge."]}"#
        )
        #expect(cured.totalMinutes == 1800 && cured.warnings.isEmpty)
    }

    @Test func yieldsFromNumbersTextListsAndQuantitativeValues() throws {
        let cookies = try Self.read(#"{"@type":"Recipe","name":"S","recipeYield":["24","24 cookies"]}"#)
        #expect(cookies.servings == 24 && cookies.yield == "24 cookies")
        #expect(try Self.read(#"{"@type":"Recipe","name":"S","recipeYield":"Serves 4.0"}"#).servings == 4)
        #expect(try Self.read(#"{"@type":"Recipe","name":"S","recipeYield":"8-10"}"#).servings == 8)
        #expect(try Self.read(#"{"@type":"Recipe","name":"S","recipeYield":["4","6 people"]}"#).servings == 6)
        #expect(
            try Self.read(#"{"@type":"Recipe","name":"S","recipeYield":{"@type":"QuantitativeValue","value":6}}"#)
                .servings == 6)
        #expect(try Self.read(#"{"@type":"Recipe","name":"S","recipeYield":6}"#).servings == 6)
    }

    /// Servings are portions (issue 37): whole bakes are cut up, dozens counted, a dozen small bakes kept.
    @Test(arguments: [
        ("Makes 2 loaves", 20), ("1 cake", 12), ("1 (9-inch) pie", 8), ("2 dozen cookies", 24), ("12 tarts", 12),
        ("16 pies", 16), ("Serves 6", 6),
    ])
    func yieldsOfWholeBakesArePortions(_ c: (String, Int)) throws {
        let page = try Self.read(#"{"@type":"Recipe","name":"S","recipeYield":"\#(c.0)"}"#)
        #expect(page.servings == c.1 && page.yield == c.0)
    }

    @Test func imagesFromObjectsListsRelativeURLsAndGraphReferences() throws {
        let r = try Self.read(
            #"{"@type":"Recipe","name":"S","image":[{"@type":"ImageObject","url":"/img/a.jpg"},"b.jpg"]}"#)
        #expect(r.images == ["https://cook.example.org/img/a.jpg", "https://cook.example.org/recipes/b.jpg"])
        let graph = try Self.read(
            #"{"@graph":[{"@type":"ImageObject","@id":"https://cook.example.org/#hero","url":"https://cdn.example.org/hero.jpg"},{"@type":["Recipe","NewsArticle"],"name":"S","image":{"@id":"https://cook.example.org/#hero"}}]}"#
        )
        #expect(graph.image == "https://cdn.example.org/hero.jpg")
    }

    @Test func sectionsAndStepNamesAreKeptBesideTheSteps() throws {
        let r = try Self.read(
            #"{"@type":"Recipe","name":"S","recipeInstructions":[{"@type":"HowToSection","name":"Dough","ItemListElement":[{"@type":"HowToStep","name":"Mix","text":"Stir flour and water."},{"@type":"HowToStep","name":"Knead the dough...","text":"Knead the dough until smooth."}]},{"@type":"HowToStep","text":"<p>Bake.</p>"}]}"#
        )
        #expect(r.steps.map(\.text) == ["Stir flour and water.", "Knead the dough until smooth.", "Bake."])
        #expect(r.steps.map(\.section) == ["Dough", "Dough", ""])
        #expect(r.steps.map(\.name) == ["Mix", "", ""])
        let escaped = try Self.read(#"{"@type":"Recipe","name":"S","recipeInstructions":"Mix.\\r\\nBake."}"#)
        #expect(escaped.steps.map(\.text) == ["Mix.", "Bake."])
        let crlf = try Self.read(#"{"@type":"Recipe","name":"S","recipeInstructions":"Mix.\r\nBake.\r\n"}"#)
        #expect(crlf.steps.map(\.text) == ["Mix.", "Bake."])
        let paragraphs = try Self.read(
            #"{"@type":"Recipe","name":"S","recipeInstructions":["Make the crust:\nMix the oats.","<p>Bake.</p><p>Cool.</p>","Serve.\\nEnjoy!"]}"#
        )
        #expect(
            paragraphs.steps.map(\.text) == ["Make the crust: Mix the oats.", "Bake. Cool.", "Serve. Enjoy!"],
            "in a list of several, each string is one step")
        let nested = try Self.read(
            #"{"@type":"Recipe","name":"S","recipeInstructions":["<ol><li>Mix.</li><li>Bake.</li></ol>","Serve."]}"#)
        #expect(nested.steps.map(\.text) == ["Mix.", "Bake.", "Serve."])
        let twice = try Self.read(
            #"{"@type":"Recipe","name":"S","recipeInstructions":["Mix.","Bake.","Mix.","Bake."]}"#)
        #expect(twice.steps.map(\.text) == ["Mix.", "Bake."])
    }

    /// Property names in another case ("Name", "RecipeYield") are read when the exact one is missing.
    @Test func propertyNamesInAnotherCaseAreRead() throws {
        let r = try Self.read(
            #"{"@type":"Recipe","Name":"Crêpe","RecipeYield":"6","recipeInstructions":[{"@type":"HowToSection","Name":"Pour la pâte","itemListElement":[{"@type":"HowToStep","Text":"Mélanger."}]}]}"#
        )
        #expect(r.title == "Crêpe" && r.servings == 6)
        #expect(r.steps == [PageRecipe.Step(text: "Mélanger.", section: "Pour la pâte")])
        // The exact name wins over another spelling.
        let both = try Self.read(#"{"@type":"Recipe","name":"Soup","NAME":"Other"}"#)
        #expect(both.title == "Soup")
        // Two other spellings: the smallest in code-point order, whichever the page wrote first.
        let two = try Self.read(#"{"@type":"Recipe","Name":"Crêpe","NAME":"CRÊPE"}"#)
        #expect(two.title == "CRÊPE")
    }

    /// Which spelling `field` reads, whatever order the keys were written in
    /// (each key's value is the key itself): the exact key, else the
    /// smallest matching key in code-point order.
    @Test(
        arguments: [
            (["Name", "NAME"], "NAME"),
            (["NAME", "Name"], "NAME"),
            (["nAME", "Name", "NAME"], "NAME"),
            (["Name", "nAme", "naMe"], "Name"),
            (["NAME", "name", "Name"], "name"),
            (["Name", "NAME", "name"], "name"),
            (["title", "Title"], nil),
        ] as [([String], String?)])
    func aPropertyWrittenInSeveralCasesIsReadTheSameWay(_ keys: [String], _ expected: String?) {
        // Built at several capacities so the dictionary's iteration order varies.
        for capacity in [0, 4, 64, 1024] {
            var object: [String: Any] = [:]
            object.reserveCapacity(capacity)
            for key in keys { object[key] = key }
            #expect(SchemaOrgValue.field(object, "name") as? String == expected, "capacity \(capacity)")
        }
    }

    /// The page's language: the Recipe's `inLanguage`, else `<html lang>`, else `og:locale`.
    @Test func thePagesLanguage() throws {
        let declared = try JSONLDRecipeParser.parse(
            html:
                #"<html lang="en"><head><script type="application/ld+json">{"@type":"Recipe","name":"S","inLanguage":"de-DE"}</script></head></html>"#,
            pageURL: Self.url)
        #expect(declared.language == "de-DE")
        let fromHTML = try JSONLDRecipeParser.parse(
            html: #"<html lang="fr-FR">"# + Self.page(#"{"@type":"Recipe","name":"S"}"#).dropFirst(6),
            pageURL: Self.url)
        #expect(fromHTML.language == "fr-FR")
        #expect(
            PageLanguage.tag(
                declared: nil, html: #"<html><head><meta property="og:locale" content="nl_NL"></head><body lang="en">"#)
                == "nl_NL")
        #expect(try Self.read(#"{"@type":"Recipe","name":"S"}"#).language == "")
        #expect(PageLanguage.tag(declared: "not a <tag>", html: "<html>") == "")
    }

    /// The decimal separator is the locale's (CLDR): Mexican Spanish and
    /// Swiss German write a point; no tag or an unknown one gives nil.
    @Test(
        arguments: [
            ("de-DE", true), ("fr", true), ("nl_NL", true), ("es-ES", true), ("pl", true),
            ("en-US", false), ("en", false), ("es-MX", false), ("de-CH", false),
            ("", nil), ("xx", nil),
        ] as [(String, Bool?)])
    func theDecimalSeparatorIsTheLocales(_ tag: String, _ comma: Bool?) {
        #expect(PageLanguage.decimalComma(tag) == comma)
    }

    @Test func severalBlocksDoubleEscapedEntitiesAndBrokenJSON() throws {
        let html =
            #"<script type="application/ld+json">{"@type":"WebSite","name":"Site"}</script>"#
            + #"<script type="application/ld+json">// <![CDATA["# + "\n"
            + "{\"@type\":\"Recipe\",\"name\":\"Mac &amp;amp; Cheese\",\"recipeIngredient\":[\"200 g pasta\",],\n"
            + "\"recipeInstructions\":\"Boil.\nDrain.\",}\n// ]]></script>"
        let r = try JSONLDRecipeParser.parse(html: html, pageURL: Self.url)
        #expect(r.title == "Mac & Cheese")
        #expect(r.ingredients.map(\.text) == ["200 g pasta"])
        #expect(r.steps.map(\.text) == ["Boil.", "Drain."])
    }

    @Test func aRecipeInsideAnItemListIsFound() throws {
        let r = try Self.read(
            #"{"@type":"ItemList","itemListElement":[{"@type":"ListItem","item":{"@type":"Recipe","name":"Listed"}}]}"#)
        #expect(r.title == "Listed")
    }

    @Test func microdataRecipe() throws {
        let html = """
            <html><body><div itemscope itemtype="http://schema.org/Recipe">
            <h1 itemprop="name">Tomato &amp; Egg</h1><img itemprop="image" src="/t.jpg">
            <meta itemprop="totalTime" content="PT25M"><span itemprop="recipeYield">4 servings</span>
            <ul><li itemprop="recipeIngredient">4 eggs</li><li itemprop="recipeIngredient">2 tomatoes, diced</li></ul>
            <div itemprop="author" itemscope itemtype="http://schema.org/Person"><span itemprop="name">Ann</span></div>
            <ol itemprop="recipeInstructions"><li>Beat the eggs.<li>Fry with the tomatoes.</ol>
            </div></body></html>
            """
        let r = try JSONLDRecipeParser.parse(html: html, pageURL: Self.url)
        #expect(r.title == "Tomato & Egg")
        #expect(r.ingredients.map(\.text) == ["4 eggs", "2 tomatoes, diced"])
        #expect(r.steps.map(\.text) == ["Beat the eggs.", "Fry with the tomatoes."])
        #expect(r.totalMinutes == 25 && r.servings == 4 && r.image == "https://cook.example.org/t.jpg")
        #expect(!r.fromFallback && r.warnings.isEmpty)
    }

    @Test func rdfaRecipe() throws {
        let html = """
            <div vocab="http://schema.org/" typeof="Recipe"><h1 property="name">Dal</h1>
            <span property="recipeIngredient">200 g lentils</span><span property="recipeIngredient">1 onion</span>
            <p property="recipeInstructions">Simmer the lentils.</p></div>
            """
        let r = try JSONLDRecipeParser.parse(html: html, pageURL: Self.url)
        #expect(
            r.title == "Dal" && r.ingredients.map(\.text) == ["200 g lentils", "1 onion"]
                && r.steps.map(\.text) == ["Simmer the lentils."])
    }

    @Test func markedListsAndOpenGraphImportWithAWarning() throws {
        let html = """
            <html><head><meta property="og:title" content="Pea Soup"><meta property="og:image" content="https://cdn.example.org/p.jpg">
            </head><body><p>My grandmother's soup.</p>
            <div class="recipe-ingredients"><h3>Ingredients</h3><ul><li>500 g peas</li><li>1 l stock</li></ul></div>
            <div class="recipe-method"><ol><li>Boil the stock.</li><li>Add the peas and blend.</li></ol></div></body></html>
            """
        let r = try JSONLDRecipeParser.parse(html: html, pageURL: Self.url)
        #expect(r.title == "Pea Soup" && r.image == "https://cdn.example.org/p.jpg")
        #expect(r.ingredients.map(\.text) == ["500 g peas", "1 l stock"])
        #expect(r.steps.map(\.text) == ["Boil the stock.", "Add the peas and blend."])
        #expect(r.fromFallback && r.warnings.count == 1)
    }

    @Test func headedListsAndTheSiteNameLeftOffTheTitle() throws {
        let html = """
            <html><head><title>Pea Soup | Cook Example</title></head><body>
            <h2>Ingredients:</h2><p>For 4</p><ul><li>500 g peas</li><li>1 l stock</li><li>500 g peas</li><li>1 l stock</li></ul>
            <h3>Method</h3><ol><li>Boil the stock.</li><li>Add the peas.</li></ol></body></html>
            """
        let r = try JSONLDRecipeParser.parse(html: html, pageURL: Self.url)
        #expect(r.title == "Pea Soup")
        #expect(r.ingredients.map(\.text) == ["500 g peas", "1 l stock"], "a list printed twice counts once")
        #expect(r.steps.map(\.text) == ["Boil the stock.", "Add the peas."])
    }

    @Test func anAbsoluteImageURLIsKeptAsWrittenAndSchemeRelativeOnesTakeThePagesScheme() throws {
        // "Jalapen\u{0303}o": a decomposed ñ, as a page wrote it; not percent-encoded nor recomposed.
        let r = try Self.read(
            #"{"@type":"Recipe","name":"S","image":["https://cdn.example.org/Jalapen\u0303o.jpg","//cdn.example.org/b.jpg"]}"#
        )
        #expect(r.images == ["https://cdn.example.org/Jalapen\u{0303}o.jpg", "https://cdn.example.org/b.jpg"])
        #expect(r.images[0].unicodeScalars.count == "https://cdn.example.org/Jalapen".count + 6)
    }

    @Test func aRecipeWithoutAnImageTakesTheOpenGraphImage() throws {
        let html =
            #"<html><head><meta property="og:image" content="/media/hero.png"></head><body>"#
            + #"<script type="application/ld+json">{"@type":"Recipe","name":"S","image":""}</script></body></html>"#
        let r = try JSONLDRecipeParser.parse(html: html, pageURL: Self.url)
        #expect(r.images == ["https://cook.example.org/media/hero.png"])
        let own =
            #"<meta property="og:image" content="https://cdn.example.org/og.jpg">"#
            + Self.page(#"{"@type":"Recipe","name":"S","image":"https://cdn.example.org/own.jpg"}"#)
        #expect(
            try JSONLDRecipeParser.parse(html: own, pageURL: Self.url).images == ["https://cdn.example.org/own.jpg"])
    }

    @Test func aYieldAndTimeTheRecipeCardPrintsFillWhatTheMarkupLeavesOut() throws {
        let card = """
            <div class="recipe-details"><div class="label">Total Time:</div><div class="value">1 hr 5 mins</div>
            <div class="label">Yield:</div><div class="value">20 to 22 </div></div>
            """
        let html = card + Self.page(#"{"@type":"Recipe","name":"S"}"#)
        let r = try JSONLDRecipeParser.parse(html: html, pageURL: Self.url)
        #expect(r.totalMinutes == 65 && r.servings == 20 && r.yield == "20 to 22")
        let heading = #"<h4>Ingredients for 5 (small) servings</h4><p>Calories 306 per serving</p>"#
        let told = try JSONLDRecipeParser.parse(
            html: heading + Self.page(#"{"@type":"Recipe","name":"S"}"#), pageURL: Self.url)
        #expect(told.servings == 5 && told.yield == "Ingredients for 5 (small) servings")
        // What the Recipe says wins over the card.
        let own = try JSONLDRecipeParser.parse(
            html: card + Self.page(#"{"@type":"Recipe","name":"S","recipeYield":"4","totalTime":"PT30M"}"#),
            pageURL: Self.url)
        #expect(own.servings == 4 && own.totalMinutes == 30)
        // A plugin's or an icon's class marks the yield.
        for card in [
            #"<span class="wprm-recipe-servings">6</span>"#,
            #"<div><span class="gbcicon gbcicon-serves"></span><span> 6 </span></div>"#,
            #"<div class="recipe-table-label" data-attr-icon="recipeServings"></div><div>6</div>"#,
            #"<select><option class="yield">1</option><option class="yield" selected>6</option></select>"#,
        ] {
            #expect(
                try JSONLDRecipeParser.parse(
                    html: card + Self.page(#"{"@type":"Recipe","name":"S"}"#), pageURL: Self.url
                ).servings == 6)
        }
        // A label with no number near it gives nothing.
        let none = try JSONLDRecipeParser.parse(
            html: "<p>Serves</p><p>a crowd</p>" + Self.page(#"{"@type":"Recipe","name":"S"}"#), pageURL: Self.url)
        #expect(none.servings == nil && none.yield.isEmpty)
        // A label before a servings selector: only the selected option is printed.
        let selector =
            #"<small>Pour <select><option value="1">1</option><option value="2">2</option>"#
            + #"<option value="6" selected="selected">6</option><option value="7">7</option></select> personnes</small>"#
        let selected = try JSONLDRecipeParser.parse(
            html: selector + Self.page(#"{"@type":"Recipe","name":"S"}"#), pageURL: Self.url)
        #expect(selected.servings == 6 && selected.yield == "6")
        // A count of persons marks the yield ("8 os." = 8 osób); an author's `person` or a "personal" note does not.
        let people = #"<div class="recipe-stat"><img alt="ilość porcji"><div class="person-count">8 os.</div></div>"#
        #expect(
            try JSONLDRecipeParser.parse(html: people + Self.page(#"{"@type":"Recipe","name":"S"}"#), pageURL: Self.url)
                .servings == 8)
        let personal = #"<div class="personal-note">3 of us loved it</div>"#
        #expect(
            try JSONLDRecipeParser.parse(
                html: personal + Self.page(#"{"@type":"Recipe","name":"S"}"#), pageURL: Self.url
            ).servings == nil)
        let author = #"<span class="author-person person-name">Ana</span><time>12 March 2024</time>"#
        #expect(
            try JSONLDRecipeParser.parse(html: author + Self.page(#"{"@type":"Recipe","name":"S"}"#), pageURL: Self.url)
                .servings == nil)
        let personnes = #"<span class="nb-personnes">4</span>"#
        #expect(
            try JSONLDRecipeParser.parse(
                html: personnes + Self.page(#"{"@type":"Recipe","name":"S"}"#), pageURL: Self.url
            ).servings == 4)
        // An ingredient line that counts slices is not a yield; a run that ends in the count is.
        let bacon = "<ul><li>3 slices bacon, chopped</li><li>2 cups rice</li></ul>"
        #expect(
            try JSONLDRecipeParser.parse(html: bacon + Self.page(#"{"@type":"Recipe","name":"S"}"#), pageURL: Self.url)
                .servings == nil)
        let slices = "<p>Makes about 12 slices (1 loaf)</p>"
        #expect(
            try JSONLDRecipeParser.parse(html: slices + Self.page(#"{"@type":"Recipe","name":"S"}"#), pageURL: Self.url)
                .servings == 12)
    }

    @Test func aRecipeWithIngredientsButNoMethodTakesThePagesMarkedMethod() throws {
        let html =
            #"<div class="recipe-steps"><ul><li><p>1. Preheat the oven.</p><p>2. Bake 20 minutes.</p></li></ul>"#
            + #"<p>Photo credit: © Example</p></div>"#
            + Self.page(#"{"@type":"Recipe","name":"S","recipeIngredient":["2 eggs"]}"#)
        let r = try JSONLDRecipeParser.parse(html: html, pageURL: Self.url)
        #expect(r.steps.map(\.text) == ["1. Preheat the oven.", "2. Bake 20 minutes."])
        #expect(r.ingredients.map(\.text) == ["2 eggs"] && !r.fromFallback)
        #expect(r.warnings == ["the Recipe gives no method: it was read from the page's HTML (its marked method)"])
        // Without ingredients either, nothing is taken from the page's lists.
        let bare = try JSONLDRecipeParser.parse(
            html: html.replacingOccurrences(of: #""recipeIngredient":["2 eggs"]"#, with: #""x":1"#),
            pageURL: Self.url)
        #expect(bare.steps.isEmpty && bare.ingredients.isEmpty)
    }

    @Test func groupHeadingsLeftAtTheMarginOfAnIndentedIngredientStringAreSections() throws {
        let r = try Self.read(
            #"{"@type":"Recipe","name":"S","recipeIngredient":"Skewers\n\n\t1 kg lamb\n\tolive oil\n\n<br>\nSalsa\n\t2 gherkins\n"}"#
        )
        #expect(r.ingredients.map(\.text) == ["1 kg lamb", "olive oil", "2 gherkins"])
        #expect(r.ingredients.map(\.section) == ["Skewers", "Skewers", "Salsa"])
        let flat = try Self.read(#"{"@type":"Recipe","name":"S","recipeIngredient":"Salt\n1 kg lamb\n\t2 gherkins"}"#)
        #expect(flat.ingredients.map(\.text) == ["Salt", "1 kg lamb", "2 gherkins"], "one indented line says nothing")
    }

    /// Issue 38 item 13: a heading among a page's ingredient lines ("For the pork:", "FOR THE SAUCE") is the
    /// section of the lines after it, by the rule the library readers use, and is no line; a short
    /// title-cased line ("Salt") stays a line, as does a heading with nothing under it; a line that only
    /// names the list ("Ingredients:") is neither.
    @Test func headingsAmongAPagesIngredientLinesAreSections() throws {
        let r = try Self.read(
            #"{"@type":"Recipe","name":"S","recipeIngredient":["Ingredients:","Salt","For the pork:","1 kg pork shoulder","2 tsp paprika","FOR THE SAUCE","200 ml cider","**To serve**","Rice","Garnish:"]}"#
        )
        #expect(
            r.ingredients.map(\.text) == [
                "Salt", "1 kg pork shoulder", "2 tsp paprika", "200 ml cider", "Rice", "Garnish:",
            ])
        #expect(
            r.ingredients.map(\.section) == [
                nil, "For the pork", "For the pork", "FOR THE SAUCE", "To serve", "To serve",
            ])
        // A HowToSection of ingredients: its name is the section of its lines.
        let grouped = try Self.read(
            #"{"@type":"Recipe","name":"S","recipeIngredient":[{"@type":"HowToSection","name":"Dough","itemListElement":["500 g flour","300 ml water"]},{"@type":"HowToSection","name":"Topping:","itemListElement":[{"@type":"HowToSupply","name":"2 tbsp oil"}]}]}"#
        )
        #expect(grouped.ingredients.map(\.text) == ["500 g flour", "300 ml water", "2 tbsp oil"])
        #expect(grouped.ingredients.map(\.section) == ["Dough", "Dough", "Topping"])
    }

    /// A plugin's flat `recipeIngredient` takes the groups the page prints over its list (WP Recipe Maker's
    /// group names, Tasty Recipes' bold paragraphs), matched line by line in order though the printing adds
    /// a checkbox mark and a metric weight; a card's own "Ingredients 1x2x3x" title is no group.
    @Test func aPluginsPrintedGroupsAreTheSectionsOfItsFlatLines() throws {
        let jsonLD = Self.page(
            #"{"@type":"Recipe","name":"Coffee Cake","recipeIngredient":["1/3 cup granulated sugar","1/8 teaspoon ground nutmeg","1 3/4 cup all-purpose flour","1/8 teaspoon ground nutmeg","1 cup pumpkin puree"]}"#
        )
        func item(_ text: String) -> String {
            #"<li class="wprm-recipe-ingredient"><span class="wprm-checkbox-container">▢ </span>\#(text)</li>"#
        }
        let wprm = """
            <div class="wprm-recipe-ingredients-container"><h3 class="wprm-recipe-header">Ingredients <button>1x</button><button>2x</button></h3>
            <div class="wprm-recipe-ingredient-group"><h4 class="wprm-recipe-group-name">Streusel:</h4><ul class="wprm-recipe-ingredients">
            \(item("⅓ cup (67 g) granulated sugar"))\(item("⅛ teaspoon ground nutmeg"))</ul></div>
            <div class="wprm-recipe-ingredient-group"><h4 class="wprm-recipe-group-name">Cake</h4><ul class="wprm-recipe-ingredients">
            \(item("1 ¾ cup (219 g) all-purpose flour"))\(item("⅛ teaspoon ground nutmeg"))\(item("1 cup pumpkin puree"))</ul></div></div>
            """
        let r = try JSONLDRecipeParser.parse(
            html: jsonLD.replacingOccurrences(of: "<body>", with: "<body>" + wprm), pageURL: Self.url)
        #expect(r.ingredients.map(\.text)[0] == "1/3 cup granulated sugar", "the Recipe's own lines")
        #expect(r.ingredients.map(\.section) == ["Streusel", "Streusel", "Cake", "Cake", "Cake"])
        // Tasty Recipes: a bold paragraph between the lists.
        let tasty = """
            <div class="tasty-recipes-ingredients"><h3>Ingredients</h3><div><p><strong>For the streusel</strong></p>
            <ul><li>1/3 cup granulated sugar</li><li>1/8 teaspoon ground nutmeg</li></ul><p><strong>For the cake:</strong></p>
            <ul><li>1 3/4 cup all-purpose flour</li><li>1/8 teaspoon ground nutmeg</li><li>1 cup pumpkin puree</li></ul></div></div>
            """
        let t = try JSONLDRecipeParser.parse(
            html: jsonLD.replacingOccurrences(of: "<body>", with: "<body>" + tasty), pageURL: Self.url)
        #expect(
            t.ingredients.map(\.section) == [
                "For the streusel", "For the streusel", "For the cake", "For the cake", "For the cake",
            ])
        // Only a card's title over all the lines, or a printed list of another recipe: no sections.
        let titled = """
            <div class="wprm-recipe-ingredients-container"><h3>Ingredients 1x2x3x</h3><ul><li>1/3 cup granulated sugar</li>
            <li>1/8 teaspoon ground nutmeg</li><li>1 3/4 cup all-purpose flour</li><li>1/8 teaspoon ground nutmeg</li><li>1 cup pumpkin puree</li></ul></div>
            """
        let plain = try JSONLDRecipeParser.parse(
            html: jsonLD.replacingOccurrences(of: "<body>", with: "<body>" + titled), pageURL: Self.url)
        #expect(plain.ingredients.allSatisfy { $0.section == nil })
        let other = """
            <div class="ingredients"><h4>Dressing</h4><ul><li>3 tbsp olive oil</li><li>1 lemon</li></ul>
            <h4>Salad</h4><ul><li>1 cos lettuce</li><li>2 tomatoes</li></ul></div>
            """
        let unrelated = try JSONLDRecipeParser.parse(
            html: jsonLD.replacingOccurrences(of: "<body>", with: "<body>" + other), pageURL: Self.url)
        #expect(unrelated.ingredients.allSatisfy { $0.section == nil })
    }

    @Test func aMethodWrittenAsParagraphsUnderAHeading() throws {
        let html = """
            <html><head><title>Pancakes</title></head><body><p>Recept voor 12 pancakes</p>
            <p>Benodigdheden:</p><ul><li>2 eieren</li><li>250 ml melk</li></ul>
            <p><strong>Bereidingswijze:<br/> </strong>Splits de eieren.<br/>Klop het eiwit stijf.</p>
            <p>Bak de pancakes.</p><p>Volg ons op Instagram!</p><p>Ook lekker: <a href="/x">wafels met room en aardbeien</a></p>
            </div><div class="comments"><p>Lekker!</p></div></body></html>
            """
        let r = try JSONLDRecipeParser.parse(html: html, pageURL: Self.url)
        #expect(r.ingredients.map(\.text) == ["2 eieren", "250 ml melk"])
        #expect(r.steps.map(\.text) == ["Splits de eieren.", "Klop het eiwit stijf.", "Bak de pancakes."])
        #expect(r.fromFallback)
        let icon = """
            <html><head><meta property="og:title" content="Slice"></head><body><ul class="ingredients"><li>2 zucchini</li></ul>
            <h4><i class="fa fa-list"></i> Method</h4></div><div class="text"><p><strong>STEP 1 </strong>| Preheat the oven.</p>
            <p><strong>STEP 2 </strong>| Bake.</p></div><div class="text"><p><strong>NOTE </strong>| Keeps a week.</p></div></body></html>
            """
        let s = try JSONLDRecipeParser.parse(html: icon, pageURL: Self.url)
        #expect(s.steps.map(\.text) == ["STEP 1 | Preheat the oven.", "STEP 2 | Bake."])
    }

    /// A heading led by an emoji written with references ("👩&zwj;🍳") and
    /// longer than 40 characters with it; ingredients written as bullets
    /// broken by `<br>` under their heading.
    @Test func emojiLedHeadingsAndBulletLinesUnderAHeading() throws {
        let emoji = """
            <html><head><meta property="og:title" content="Brisket Chili"></head><body>
            <h2>&#128722; What You&rsquo;ll Need</h2><ul><li>2 lbs beef brisket</li><li>1 onion, diced</li></ul>
            <h2>&#128105;&zwj;&#127859; How to Make Slow Cooker Brisket Chili</h2>
            <h3><strong>Step 1: Prep your ingredients</strong></h3><p>Dice the onion.</p>
            <h3><strong>Step 2: Cook</strong></h3><p>Cook on low for 8 hours.</p></body></html>
            """
        let chili = try JSONLDRecipeParser.parse(html: emoji, pageURL: Self.url)
        #expect(chili.ingredients.map(\.text) == ["2 lbs beef brisket", "1 onion, diced"])
        #expect(chili.steps.map(\.text).joined(separator: " ").contains("Dice the onion.") && chili.steps.count >= 2)
        #expect(HTMLText.decodeEntities("&#128105;&zwj;&#127859;") == "👩‍🍳")
        let bullets = """
            <html><head><meta property="og:title" content="Butter Chicken"></head><body>
            <h4>Ingredients</h4><h5>• 2 tablespoons olive oil<br /> • 50g <em>unsalted</em> butter<br /> • salt</h5></div>
            <h4>Method</h4><p><strong>1.</strong> Brown the chicken.</p><p><strong>2.</strong> Simmer 10 minutes.</p></body></html>
            """
        let chicken = try JSONLDRecipeParser.parse(html: bullets, pageURL: Self.url)
        #expect(chicken.ingredients.map(\.text) == ["2 tablespoons olive oil", "50g unsalted butter", "salt"])
        #expect(
            chicken.steps.map(\.text) == ["1. Brown the chicken.", "2. Simmer 10 minutes."] && chicken.fromFallback)
    }

    /// Every bullet character marks a `<br>` list and is left off its lines.
    @Test(arguments: ["•", "·", "▪", "◦", "‣", "∙"] as [Character])
    func eachBulletCharacterMarksALineBrokenList(_ bullet: Character) throws {
        #expect(MarkedListFallback.bullets.contains(bullet))
        let html = """
            <html><head><meta property="og:title" content="Butter Chicken"></head><body>
            <h4>Ingredients</h4><p>\(bullet) 2 tablespoons olive oil<br>\(bullet) 50g butter</p>
            <h4>Method</h4><p>Brown the chicken.</p></body></html>
            """
        let r = try JSONLDRecipeParser.parse(html: html, pageURL: Self.url)
        #expect(r.ingredients.map(\.text) == ["2 tablespoons olive oil", "50g butter"])
        #expect(MarkedListFallback.withoutBullet("\(bullet) 130 g mel") == "130 g mel")
    }

    /// `*` is left off a list line but does not make `<br>` lines a list: a
    /// text starting with it is as often a footnote.
    @Test func anAsteriskIsABulletOnlyInsideAList() throws {
        #expect(MarkedListFallback.bullets.count == 6 && !MarkedListFallback.bullets.contains("*"))
        #expect(MarkedListFallback.withoutBullet("* 130 g mel") == "130 g mel")
        let listed = """
            <html><head><meta property="og:title" content="Pannenkoeken"></head><body>
            <h4>Ingrediënten</h4><ul><li>* 130 g mel</li><li>* 2 eieren</li></ul>
            <h4>Bereiding</h4><p>Meng alles.</p></body></html>
            """
        #expect(
            try JSONLDRecipeParser.parse(html: listed, pageURL: Self.url).ingredients.map(\.text) == [
                "130 g mel", "2 eieren",
            ])
        let notes = """
            <html><head><meta property="og:title" content="Pannenkoeken"></head><body>
            <h4>Ingrediënten</h4><p>* optional<br>* see the note below</p>
            <h4>Bereiding</h4><p>Meng alles.</p></body></html>
            """
        // No ingredient list is read, so the page gives no recipe (the same lines with "•" would: see above).
        #expect(MarkedListFallback.node(html: notes) == nil)
        #expect(
            MarkedListFallback.node(html: notes.replacingOccurrences(of: "*", with: "•"))?["recipeIngredient"]
                as? [String]
                == ["optional", "see the note below"])
    }

    @Test func microdataIngredientsInBlocksAreOneLineEachUnderTheirGroupHeadings() throws {
        let html = """
            <div itemscope itemtype="https://schema.org/Recipe"><h1 itemprop="name">Sliders</h1>
            <div itemprop="recipeIngredient"><p><strong>Caramelized Onions:</strong></p></div>
            <div itemprop="recipeIngredient"><div class="qty">2</div><div class="name">sweet onions</div></div>
            <div itemprop="recipeIngredient"><div>4 tbsp</div><div>butter</div></div>
            <div itemprop="recipeInstructions"><p>Fry the onions.</p></div></div>
            """
        let r = try JSONLDRecipeParser.parse(html: html, pageURL: Self.url)
        #expect(r.ingredients.map(\.text) == ["2 sweet onions", "4 tbsp butter"])
        #expect(r.ingredients.map(\.section) == ["Caramelized Onions", "Caramelized Onions"])
    }

    @Test func markedListsTakeGroupHeadingsAsSectionsAndLeaveOutBulletsAndAHeadingOnlyElement() throws {
        let html = """
            <html><head><meta property="og:title" content="Bread Lasagna Recipe"></head><body>
            <h2 class="ingredients-title">Ingredients</h2>
            <div class="box-ingredients"><ul><li>Whipped cream, for serving</li><li class="category">For the Fruit Layer</li>
            <li>1 lb peaches</li><li><strong>Custard</strong></li><li>• 3 eggs</li><li>For the top:</li><li>2 tbsp sugar</li></ul></div>
            <div class="method"><ol><li>Layer the fruit.</li><li>Bake.</li></ol></div></body></html>
            """
        let r = try JSONLDRecipeParser.parse(html: html, pageURL: Self.url)
        #expect(r.title == "Bread Lasagna Recipe", "the page's title as written")
        #expect(r.ingredients.map(\.text) == ["Whipped cream, for serving", "1 lb peaches", "3 eggs", "2 tbsp sugar"])
        #expect(r.ingredients.map(\.section) == [nil, "For the Fruit Layer", "Custard", "For the top"])
    }

    @Test func listsUnderSubHeadingsAreOneListAndHiddenCopiesAreSkipped() throws {
        let html = """
            <html><head><title>Stroganoff</title></head><body><h3>Ingredients</h3>
            <select><option>Metric</option><option>Cups</option></select>
            <h4>Pickle</h4><ul><li>50 g cucumber</li></ul><ul class="u-visuallyhidden"><li>1.8 oz cucumber</li></ul>
            <h4>Stroganoff</h4><ul><li>250 g beef</li><li>1 onion</li></ul>
            <h3>Method</h3><ol><li>Pickle the cucumber.</li><li>Fry the beef.</li></ol></body></html>
            """
        let r = try JSONLDRecipeParser.parse(html: html, pageURL: Self.url)
        #expect(r.ingredients.map(\.text) == ["50 g cucumber", "250 g beef", "1 onion"])
        #expect(r.ingredients.map(\.section) == ["Pickle", "Stroganoff", "Stroganoff"])
        #expect(r.steps.map(\.text) == ["Pickle the cucumber.", "Fry the beef."])
    }

    @Test func aMarkedListBeatsAMarkedWidgetAndMicrodataSectionNamesAreNotSteps() throws {
        let html = """
            <html><head><meta property="og:title" content="Tacos"></head><body>
            <div class="recipe-steps__scale"><fieldset><legend>Makes 6 servings</legend><button>1/2x</button></fieldset></div>
            <span id="preparation-time">25 min</span>
            <ul class="ingredients"><li>6 tortillas</li></ul>
            <div class="recipe-steps"><ol><li>Warm the tortillas.</li><li>Fill them.</li></ol></div></body></html>
            """
        let r = try JSONLDRecipeParser.parse(html: html, pageURL: Self.url)
        #expect(r.steps.map(\.text) == ["Warm the tortillas.", "Fill them."])
        let sections = """
            <div itemscope itemtype="https://schema.org/Recipe"><h1 itemprop="name">Pie</h1>
            <span itemprop="recipeIngredient">1 kg potatoes</span>
            <ol itemprop="recipeInstructions" itemscope itemtype="https://schema.org/HowToSection"><h5 itemprop="name">Filling</h5>
            <li itemprop="itemListElement" itemscope itemtype="https://schema.org/HowToStep"><span itemprop="text">Fry the meat.</span></li>
            </ol></div>
            """
        let pie = try JSONLDRecipeParser.parse(html: sections, pageURL: Self.url)
        #expect(pie.steps.map(\.text) == ["Fry the meat."])
    }

    @Test func aBlogMethodUnderAHowToHeadingWithStepHeadings() throws {
        let html = """
            <html><head><title>Easy Clam Chowder</title></head><body>
            <h2>🛒 What You’ll Need</h2><ul><li>4 slices bacon</li><li>1 onion</li></ul>
            <h2>Make Ahead Tips</h2><p>Dice the potatoes a day ahead.</p>
            <h2>How to Make Easy Clam Chowder</h2>
            <h3>Step 1: Cook the bacon</h3><p>Cook the bacon until crispy.</p><figure><img src="/a.jpg"></figure>
            <h3><strong>2. Soften the onion</strong></h3><p>Add the onion to the fat.</p>
            <h2>FAQ</h2><p>Can I freeze it?</p></body></html>
            """
        let r = try JSONLDRecipeParser.parse(html: html, pageURL: Self.url)
        #expect(r.ingredients.map(\.text) == ["4 slices bacon", "1 onion"])
        #expect(r.steps.map(\.text) == ["Cook the bacon until crispy.", "Add the onion to the fat."])
    }

    @Test func aHeadedListMustFollowItsHeading() throws {
        let html = """
            <html><head><title>Pancakes</title></head><body><h3>Ingredients</h3><ul><li>2 eggs</li></ul>
            <p><strong>Method:</strong> Beat the eggs with the milk and fry small pancakes in butter until golden on both sides.</p>
            <aside><ul><li>Breakfast</li><li>Lunch</li></ul></aside></body></html>
            """
        let r = try JSONLDRecipeParser.parse(html: html, pageURL: Self.url)
        #expect(
            r.steps.map(\.text) == [
                "Beat the eggs with the milk and fry small pancakes in butter until golden on both sides."
            ],
            "a list far from the heading (a sidebar) is not the method")
    }

    @Test func aPageWithNothingUsableSaysWhatWasLookedFor() {
        let html =
            #"<html><head><meta property="og:title" content="Blog"></head><body><p>Soup is nice.</p></body></html>"#
        #expect(throws: JSONLDRecipeParser.Failure.noRecipe) {
            try JSONLDRecipeParser.parse(html: html, pageURL: Self.url)
        }
        #expect(JSONLDRecipeParser.Failure.noRecipe.description.contains("microdata and RDFa"))
    }
}
