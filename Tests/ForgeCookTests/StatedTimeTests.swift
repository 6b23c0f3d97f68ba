import Testing

@testable import ForgeCook

/// The time an imported step states offers its timer (issue 38 item 13).
@Suite struct StatedTimeTests {
    @Test(arguments: [
        // Minutes and hours as cooks write them.
        ("Simmer for 8 minutes.", 8),
        ("Simmer 8 mins, stirring.", 8),
        ("Sear 3 min. per side.", 3),
        ("Bake for 1 hour.", 60),
        ("Braise 1 hour 15 minutes.", 75),
        ("Braise 1 hour and 15 minutes.", 75),
        ("Roast 1½ hours, basting once.", 90),
        ("Roast 1 1/2 hours.", 90),
        ("Roast 1.5 hours.", 90),
        ("Leave to rise 2 hrs.", 120),
        // A range: its upper end (the timer is a done-by).
        ("Bake 8–10 minutes, until golden.", 10),
        ("Bake 8-10 minutes.", 10),
        ("Bake 8 to 10 minutes.", 10),
        ("Cook for 45 minutes to 1 hour.", 60),
        // Words.
        ("Rest for half an hour.", 30),
        ("Simmer for an hour and a half.", 90),
        ("Let it stand for a minute.", 1),
        ("Chill for ten minutes.", 10),
        // A repeat is no duration: the step's own time is the other one.
        ("Simmer for 1 hour, stirring every 10 minutes.", 60),
        // The same time twice counts once; a hyphenated time reads.
        ("Bake 20 minutes, turn, then bake 20 minutes more.", 20),
        ("Give it a 5-minute rest.", 5),
        // Seconds round to a whole minute (half a minute up).
        ("Microwave for 90 seconds.", 2),
        // German, French, Spanish, Italian, Dutch.
        ("8–10 Minuten köcheln lassen.", 10),
        ("Im Ofen 1 Std. 15 Min. garen.", 75),
        ("Eine halbe Stunde ruhen lassen.", 30),
        ("1,5 Stunden schmoren.", 90),
        ("Cuire 20 minutes à 180 °C.", 20),
        ("Laisser reposer 1 h 30.", 90),
        ("Cuire 1h15.", 75),
        ("Laisser mijoter une demi-heure.", 30),
        ("Compter 8 à 10 minutes.", 10),
        ("Hornear durante 25 minutos.", 25),
        ("Cocinar 1 hora y media.", 90),
        ("Cocinar de 8 a 10 minutos.", 10),
        ("Cuocere per 15 minuti.", 15),
        ("Lasciar riposare mezz'ora.", 30),
        ("Cuocere per un'ora.", 60),
        ("30 minuten in de oven.", 30),
        ("Laat een half uur rusten.", 30),
        ("Anderhalf uur garen.", 90),
    ])
    func aStepsOneTimeIsItsTimer(_ text: String, _ minutes: Int) {
        #expect(StatedTime.minutes(in: text) == minutes, "\(text)")
    }

    @Test(arguments: [
        // Under a minute: no timer.
        "Whisk for 45 seconds.",
        // Two different times: the cook must choose.
        "Rest 10 minutes, then bake 25 minutes.",
        "Marinate at least 30 minutes or up to 24 hours.",
        "Blanch 2 minutes, then fry 5 minutes.",
        // None at all, or none that is a duration.
        "Heat the oven to 200 °C.",
        "Add 2 tablespoons of oil and 3 cloves of garlic.",
        "Stir every 5 minutes.",
        "Keeps for 3 days in the fridge.",
        "Add the second egg.",
        // Past a day: no cook timer counts that long.
        "Cure for 48 hours.",
    ])
    func noOneTimeNoTimer(_ text: String) {
        #expect(StatedTime.minutes(in: text) == nil, "\(text)")
    }

    /// An imported step takes its stated time with a timer; one with minutes of its own keeps them.
    @Test func anImportedStepTakesItsStatedTime() {
        let step = RecipeStep.imported(title: "Step 2", detail: "Simmer the sauce for 8 minutes.", section: "Sauce")
        #expect(step.minutes == 8 && step.timer == true && step.section == "Sauce")
        let plain = RecipeStep.imported(title: "Step 1", detail: "Chop the onion.")
        #expect(plain.minutes == nil && plain.timer == nil)
        let own = RecipeStep(title: "Roast", detail: "Roast for 40 minutes.", minutes: 45).withStatedTime()
        #expect(own.minutes == 45 && own.timer == nil)
    }
}
