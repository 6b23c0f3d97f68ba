import Testing

@testable import ForgeCook

@Suite struct CueExtractorTests {
    @Test(arguments: [
        // The cue ends at the end of the sentence.
        ("Chop the onion. Done when everything is cut.", "Done when everything is cut"),
        // An em dash starts timing, not cue.
        (
            "Steam the broccoli. Done when a knife slides in with a little resistance — about 4 minutes.",
            "Done when a knife slides in with a little resistance"
        ),
        ("Done when golden—about 4 minutes", "Done when golden"),
        // A spaced hyphen or en dash is a dash too; a hyphenated word is not.
        ("Sear. Done when skin-side is crisp - 3 minutes.", "Done when skin-side is crisp"),
        ("Sear. Done when crisp – 3 minutes.", "Done when crisp"),
        // A semicolon starts the next instruction.
        (
            "Fry. Done when they are soft with charred edges; tip them out.",
            "Done when they are soft with charred edges"
        ),
        // Decimals do not end the sentence; commas without timing do not end the clause.
        (
            "Roll. Done when the sheet is 1.5 mm thick, even and smooth.",
            "Done when the sheet is 1.5 mm thick, even and smooth"
        ),
        // A comma before timing does.
        ("Simmer until the sauce coats a spoon, about 10 minutes.", "until the sauce coats a spoon"),
        ("Bake until risen, 20 to 25 minutes.", "until risen"),
        // Imported prose keeps its own cues (issue 37): a skewer, a thermometer's reading.
        ("Bake for 40 minutes, until a skewer comes out clean.", "until a skewer comes out clean"),
        ("Roast the chicken to an internal temperature of 74 °C. Rest it.", "internal temperature of 74 °C"),
        ("Cook the pork until a thermometer registers 63 °C; slice it.", "until a thermometer registers 63 °C"),
        // "Done when" wins over an earlier "ready when" or "until".
        ("Check it is ready when tender. Stir until glossy. Done when the pan is clean!", "Done when the pan is clean"),
        ("Check the rice: it is ready when the grains are tender. Serve.", "ready when the grains are tender"),
        // Case-insensitive, whole words only.
        ("DONE WHEN HOT", "DONE WHEN HOT"),
        ("Whisk until? Done when frothy?", "Done when frothy"),
    ])
    func extractsTheCue(text: String, expected: String) {
        #expect(CueExtractor.cue(in: text) == expected)
    }

    @Test(arguments: [
        "Heat the oven to 220 °C (200 °C fan).",  // a prep step
        "Preheat the grill and line a tray with foil.",
        "Abandon the undone whenever you like.",  // "done when" only inside other words
        "Done when.",  // opener with nothing after it
        "Stir untiltoday.",
        "",
    ])
    func prepStepsHaveNoCue(text: String) {
        #expect(CueExtractor.cue(in: text) == nil)
    }

    @Test func everySeedStepHasACueWithoutTiming() {
        for recipe in Fixture.recipes {
            for step in recipe.steps {
                let cue = CueExtractor.cue(in: step.detail)
                #expect(cue?.hasPrefix("Done when") == true, "\(recipe.slug): \(step.detail)")
                #expect(cue.map { step.detail.contains($0) } == true)
                #expect(cue?.contains("minutes") == false, "\(recipe.slug): \(cue ?? "")")
            }
        }
    }
}
