import Testing

@testable import ForgeTrain

@Suite struct ExerciseLibraryTests {
    let library = ExerciseLibrary.seed

    @Test func has65UniqueSlugsInSeedOrder() {
        #expect(library.all.count == 65)
        #expect(Set(library.all.map(\.slug)).count == 65)
        #expect(library.all.first?.slug == "back-squat")
        #expect(library.all.last?.slug == "chest-doorway-stretch")
    }

    @Test func mobilityItemsHaveNoDontLine() {
        let mobility = library.all.filter { $0.kind == .mobility }
        #expect(
            mobility.map(\.slug) == [
                "quad-hip-flexor-stretch", "hamstring-stretch", "ninety-ninety-hip",
                "walk-easy", "chest-doorway-stretch",
            ])
        #expect(mobility.allSatisfy { $0.dont.isEmpty })
    }

    @Test func everyEntryHasCoachingProse() {
        for e in library.all {
            #expect((1...3).contains(e.cues.count), "\(e.slug) cues")
            #expect(e.cues.allSatisfy { !$0.isEmpty }, "\(e.slug) empty cue")
            #expect(!e.benefit.isEmpty, "\(e.slug) benefit")
            if e.kind != .mobility { #expect(!e.dont.isEmpty, "\(e.slug) dont") }
        }
    }

    @Test func rowsMatchTheContractTable() throws {
        let bss = try #require(library.exercise("bulgarian-split-squat"))
        #expect(bss.name == "Bulgarian Split Squat")
        #expect(bss.kind == .db)
        #expect(bss.primaryMuscles == ["Quads", "Glutes"])
        #expect(bss.secondaryMuscles.isEmpty)
        #expect(bss.equipment == ["Dumbbells", "Bench"])
        #expect(bss.patterns == ["lunge", "deep_lunge"])

        let row = try #require(library.exercise("barbell-row"))
        #expect(row.patterns == ["horizontal_pull", "hinge"])
        #expect(row.secondaryMuscles == ["Biceps", "Lower back"])

        let plank = try #require(library.exercise("plank"))
        #expect(plank.equipment.isEmpty && plank.patterns.isEmpty)

        #expect(library.exercise("landmine-press")?.hasImages == false)
        #expect(library.exercise("chest-doorway-stretch")?.hasImages == false)
        #expect(library.all.filter { !$0.hasImages }.count == 2)
        #expect(library.exercise("deadlift")?.primaryMuscles == ["Hamstrings", "Glutes", "Lower back"])
        #expect(library.exercise("quad-hip-flexor-stretch")?.name == "Quad & hip flexor stretch")
    }

    @Test func kindsAndPatternsUseTheVocabularies() {
        let patterns: Set = [
            "squat", "hinge", "lunge", "deep_lunge", "trunk_flexion", "horizontal_push",
            "incline_push", "overhead_press", "horizontal_pull", "vertical_pull",
        ]
        #expect(library.all.allSatisfy { Set($0.patterns).isSubset(of: patterns) })
        let counts = Dictionary(grouping: library.all, by: \.kind).mapValues(\.count)
        #expect(counts[.bb] == 16)
        #expect(counts[.mobility] == 5)
    }

    @Test func nameFallsBackToSlug() {
        #expect(library.name(for: "back-squat") == "Back Squat")
        #expect(library.name(for: "no-such-lift") == "no-such-lift")
        #expect(library.exercise("no-such-lift") == nil)
    }

    @Test func equipmentNamesExistInTheGymOrKettlebellProfile() {
        let items = Set(EquipmentProfileSeed.all.flatMap { $0.items.map(\.name) })
        for e in library.all {
            #expect(Set(e.equipment).isSubset(of: items), "\(e.slug)")
        }
    }
}
