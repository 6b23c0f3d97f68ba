import ForgeCore
import Foundation
import Testing

@testable import ForgeCook

/// Every case of the shared JSON-LD quirk table (Tests/Fixtures/recipe-jsonld/cases.json,
/// a copy of ../shared/data/recipe-jsonld/cases.json) through the normaliser.
struct JSONLDCase: Sendable, CustomTestStringConvertible {
    let name: String
    let html: String
    let expect: [String: JSONValue]
    var testDescription: String { name }

    static let pageURL = "https://cook.example.org/r/1"

    /// Cases where the importer deliberately reads more than the table:
    /// real pages write durations as text ("20 mins"), and a careful reader
    /// takes the minutes (issue 16; README "Differences from the contract").
    static let readsMore: [String: Int] = ["not_iso": 20]

    static let all: [JSONLDCase] = {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/recipe-jsonld/cases.json")
        guard let data = try? Data(contentsOf: url),
            let root = try? JSONCoding.decode(JSONValue.self, from: data),
            let cases = root["cases"]?.arrayValue
        else { return [] }
        return cases.compactMap { c in
            guard let name = c["name"]?.stringValue, let html = c["html"]?.stringValue,
                let expect = c["expect"]?.objectValue
            else { return nil }
            return JSONLDCase(name: name, html: html, expect: expect)
        }
    }()
}

@Suite struct JSONLDCaseTests {
    @Test func theCaseTableIsLoaded() {
        #expect(JSONLDCase.all.count == 27)
    }

    @Test(arguments: JSONLDCase.all)
    func normalisesLikeTheTableSays(_ c: JSONLDCase) throws {
        if let error = c.expect["error"]?.stringValue {
            #expect(throws: JSONLDRecipeParser.Failure.noRecipe) {
                try JSONLDRecipeParser.parse(html: c.html, pageURL: JSONLDCase.pageURL)
            }
            #expect(error == JSONLDRecipeParser.Failure.noRecipe.code)
            return
        }
        let r = try JSONLDRecipeParser.parse(html: c.html, pageURL: JSONLDCase.pageURL)
        #expect(r.title == c.expect["title"]?.stringValue)
        #expect(r.ingredients.map(\.text) == c.expect["ingredients"]?.arrayValue?.compactMap(\.stringValue))
        #expect(r.steps.map(\.text) == c.expect["steps"]?.arrayValue?.compactMap(\.stringValue))
        #expect(r.totalMinutes == (JSONLDCase.readsMore[c.name] ?? c.expect["total_minutes"]?.intValue))
        #expect(r.servings == c.expect["servings"]?.intValue)
        #expect(r.image == c.expect["image"]?.stringValue)
        if let sections = c.expect["sections"]?.arrayValue {
            #expect(r.steps.map(\.section) == sections.compactMap(\.stringValue))
        }
        let nutrition = c.expect["nutrition_per_serving"]?.objectValue ?? [:]
        let n = r.nutrition
        let got: [String: Double?] = [
            "kcal": n.kcal, "protein_g": n.proteinG, "carbs_g": n.carbsG, "sugar_g": n.sugarG,
            "fiber_g": n.fiberG, "fat_g": n.fatG, "sat_fat_g": n.satfatG, "sodium_mg": n.sodiumMg,
        ]
        for (key, value) in got {
            #expect(value == nutrition[key]?.doubleValue, "nutrition \(key)")
        }
    }
}

@Suite struct JSONLDQuirkTests {
    @Test(arguments: [
        ("PT35M", 35), ("P0DT1H30M", 90), ("PT4200S", 70), ("PT1.5H", 90), ("P1DT2H", 1560),
        ("pt20m", 20),
    ])
    func isoDurations(_ text: String, _ minutes: Int) {
        #expect(ISODuration.minutes(text) == minutes)
    }

    @Test(arguments: ["PT0S", "PT0M", "20 mins", "P1M", "PT", "P", "PTM", "PT5M3H", ""])
    func durationsThatAreUnknown(_ text: String) {
        #expect(ISODuration.minutes(text) == nil)
    }

    @Test func scriptTypeWithParametersAndOddCaseIsFound() {
        let html =
            #"<SCRIPT data-x='1' TYPE="application/ld+json; charset=utf-8">{"a":1}</Script><script>{"b":2}</script>"#
        #expect(ScriptBlockScanner.jsonLDBlocks(in: html) == [#"{"a":1}"#])
    }

    @Test func scriptsInsideCommentsAreSkipped() {
        let html =
            #"<!-- <script type="application/ld+json">{"old":1}</script> --><script type=application/ld+json>{"new":1}</script>"#
        #expect(ScriptBlockScanner.jsonLDBlocks(in: html) == [#"{"new":1}"#])
    }

    @Test func jsonTextWithAngleBracketsAndAmpersandsSurvives() throws {
        let html =
            #"<script type="application/ld+json">{"@type":"Recipe","name":"Fish & chips <3","recipeIngredient":["a < b"]}</script>"#
        let r = try JSONLDRecipeParser.parse(html: html, pageURL: "https://x.example/")
        #expect(r.title == "Fish & chips <3")
        #expect(r.ingredients.map(\.text) == ["a < b"])
    }

    @Test func sodiumInGramsBecomesMilligramsAndKilojoulesBecomeKcal() throws {
        let html =
            #"<script type="application/ld+json">{"@type":"Recipe","name":"x","nutrition":{"calories":"1046 kJ","sodiumContent":"0.4 g"}}</script>"#
        let r = try JSONLDRecipeParser.parse(html: html, pageURL: "https://x.example/")
        #expect(r.nutrition.sodiumMg == 400)
        #expect(abs((r.nutrition.kcal ?? 0) - 250) < 0.1)
    }
}
