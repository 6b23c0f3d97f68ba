import Testing

@testable import ForgeTrain

@Suite struct MuscleSummaryTests {
    @Test func lowerAUntrimmed() {
        let m = MuscleSummary.of(exercises: Fixtures.lowerA.map { ($0.slug, $0.sets) }, library: .seed)
        #expect(m.primary == ["Quads", "Glutes", "Hamstrings", "Abs"])
        #expect(m.secondary == ["Core", "Lower back", "Hip flexors", "Grip"])
    }

    @Test func droppedEntriesDoNotCount() {
        let fit = Fitting.fit(Fixtures.lowerA, budget: 35)
        let m = MuscleSummary.of(exercises: zip(Fixtures.lowerA, fit.sets).map { ($0.slug, $1) }, library: .seed)
        #expect(m.primary == ["Quads", "Glutes", "Hamstrings"])
        #expect(m.secondary == ["Core", "Lower back"])
    }

    @Test func secondaryExcludesAnythingPrimary() {
        let m = MuscleSummary.of(exercises: Fixtures.upperA.map { ($0.slug, $0.sets) }, library: .seed)
        #expect(m.primary == ["Chest", "Back", "Shoulders", "Rear delts"])
        #expect(m.secondary == ["Triceps", "Front delts", "Biceps", "Upper back"])
    }

    @Test func unknownSlugsContributeNothing() {
        let m = MuscleSummary.of(exercises: [("nope", 3), ("plank", 2)], library: .seed)
        #expect(m.primary == ["Core"])
        #expect(m.secondary.isEmpty)
    }
}
