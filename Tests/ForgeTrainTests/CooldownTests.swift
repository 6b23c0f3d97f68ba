import Testing

@testable import ForgeTrain

@Suite struct CooldownTests {
    let library = ExerciseLibrary.seed
    let knee = NiggleSeed.standing.info
    let why = "targets your left knee niggle"

    @Test func seedNiggleAnnotatesLowerAStretch() {
        let items = Cooldown.build(plan: Fixtures.lowerACooldown, niggles: [knee], library: library)
        #expect(
            items == [
                CooldownItem(
                    slug: "quad-hip-flexor-stretch", hold: "45 s each side", name: "Quad & hip flexor stretch", why: why
                ),
                CooldownItem(slug: "hamstring-stretch", hold: "45 s each side", name: "Hamstring stretch"),
                CooldownItem(slug: "ninety-ninety-hip", hold: "60 s slow", name: "90/90 hip switch"),
                CooldownItem(slug: "walk-easy", hold: "2 min easy", name: "Walk it off"),
            ])
    }

    @Test func seedNiggleIsInsertedFirstOnUpperA() {
        let items = Cooldown.build(plan: Fixtures.upperACooldown, niggles: [knee], library: library)
        #expect(items.map(\.slug) == ["quad-hip-flexor-stretch", "chest-doorway-stretch", "walk-easy"])
        #expect(
            items[0]
                == CooldownItem(
                    slug: "quad-hip-flexor-stretch", hold: "45 s each side",
                    name: "Quad & hip flexor stretch", why: why))
        #expect(items[1].why == nil && items[1].name == "Doorway chest stretch")
    }

    @Test func inactiveOrSlugLessNigglesChangeNothing() {
        var watch = knee
        watch.status = "watch"
        let noSlug = NiggleInfo(bodyPart: "Neck", status: "active", mobilitySlug: "")
        let items = Cooldown.build(plan: Fixtures.upperACooldown, niggles: [watch, noSlug], library: library)
        #expect(items.map(\.slug) == ["chest-doorway-stretch", "walk-easy"])
        #expect(items.allSatisfy { $0.why == nil })
    }

    @Test func severalNigglesInsertInOrderAndUnknownSlugsKeepTheirSlugAsName() {
        let shoulder = NiggleInfo(bodyPart: "Right SHOULDER", status: "active", mobilitySlug: "mystery-stretch")
        let items = Cooldown.build(plan: Fixtures.upperACooldown, niggles: [knee, shoulder], library: library)
        #expect(
            items.map(\.slug) == ["mystery-stretch", "quad-hip-flexor-stretch", "chest-doorway-stretch", "walk-easy"])
        #expect(items[0].name == "mystery-stretch")
        #expect(items[0].why == "targets your right shoulder niggle")
    }
}
