import Testing

@testable import ForgeTrain

@Suite struct FittingTests {
    @Test func contractExampleIs3150SecondsAnd52Minutes() {
        let day = [120, 90, 75, 60].enumerated().map { i, rest in
            PlanExercise(slug: "e\(i)", sets: 3, reps: 5, rest: rest)
        }
        #expect(Fitting.estimateSeconds(day) == 3150)
        #expect(Fitting.estimateMinutes(day) == 52)  // 52.5 rounds half-to-even
    }

    @Test func timeModelCountsShortCooldownAndSkipsZeroSetEntries() {
        let day = [PlanExercise(slug: "a", sets: 2, reps: 5, rest: 100), PlanExercise(slug: "b", sets: 0, reps: 5)]
        // 480 + 120 + (2×60 + 1×100 + 240)
        #expect(Fitting.estimateSeconds(day, cooldown: .short) == 1060)
        #expect(Fitting.estimateSeconds(day, sets: [0, 0], cooldown: .full) == 780)
    }

    @Test func seededStrengthDaysEstimate52Untrimmed() {
        for day in [Fixtures.lowerA, Fixtures.upperA] {
            let fit = Fitting.fit(day, budget: nil)
            #expect(fit.est == 52)
            #expect(fit.fullEst == 52)
            #expect(fit.trims.isEmpty)
            #expect(fit.cooldown == .full)
            #expect(fit.sets == [3, 3, 3, 3])
        }
    }

    struct Case: Sendable, CustomTestStringConvertible {
        let budget: Int?
        let sets: [Int]
        let cooldown: CooldownMode
        let est: Int
        let trims: [String]
        var testDescription: String { "budget \(budget.map(String.init) ?? "nil")" }
    }

    static let hlr = "hanging-leg-raise 3→2 sets"
    static let split = "split-squat 3→2 sets"
    static let rdl = "romanian-deadlift 3→2 sets"
    static let cd = "cool-down 5→2 min"

    static let lowerACases: [Case] = [
        Case(budget: nil, sets: [3, 3, 3, 3], cooldown: .full, est: 52, trims: []),
        Case(budget: 0, sets: [3, 3, 3, 3], cooldown: .full, est: 52, trims: []),
        Case(budget: 60, sets: [3, 3, 3, 3], cooldown: .full, est: 52, trims: []),
        Case(budget: 52, sets: [3, 3, 3, 3], cooldown: .full, est: 52, trims: []),
        // 3030 s = 50.5 min → 50 (half-even) fits a 50-minute budget.
        Case(budget: 50, sets: [3, 3, 3, 2], cooldown: .full, est: 50, trims: [hlr]),
        Case(budget: 48, sets: [3, 3, 2, 2], cooldown: .full, est: 48, trims: [hlr, split]),
        Case(budget: 45, sets: [3, 2, 2, 2], cooldown: .short, est: 43, trims: [hlr, split, rdl, cd]),
        Case(
            budget: 40, sets: [3, 2, 2, 0], cooldown: .short, est: 36,
            trims: [hlr, split, rdl, cd, "hanging-leg-raise dropped"]),
        Case(
            budget: 35, sets: [3, 2, 0, 0], cooldown: .short, est: 28,
            trims: [hlr, split, rdl, cd, "hanging-leg-raise dropped", "split-squat dropped"]),
        Case(
            budget: 30, sets: [3, 2, 0, 0], cooldown: .short, est: 28,
            trims: [hlr, split, rdl, cd, "hanging-leg-raise dropped", "split-squat dropped"]),
        // Ladder exhausted: 28 > 25 is returned anyway; RDL stays at min_sets 2.
        Case(
            budget: 25, sets: [3, 2, 0, 0], cooldown: .short, est: 28,
            trims: [hlr, split, rdl, cd, "hanging-leg-raise dropped", "split-squat dropped"]),
    ]

    @Test(arguments: lowerACases)
    func lowerAFitsBudget(_ c: Case) {
        let fit = Fitting.fit(Fixtures.lowerA, budget: c.budget)
        #expect(fit.sets == c.sets)
        #expect(fit.cooldown == c.cooldown)
        #expect(fit.est == c.est)
        #expect(fit.trims == c.trims)
        #expect(fit.fullEst == 52)
        #expect(fit.sets[0] == 3, "main lift is never trimmed")
    }

    @Test func upperAAt45TrimsFacePullFirst() {
        let fit = Fitting.fit(Fixtures.upperA, budget: 45)
        #expect(fit.trims == ["face-pull 3→2 sets", "landmine-press 3→2 sets", "seated-row 3→2 sets", Self.cd])
        #expect(fit.sets == [3, 2, 2, 2])
    }

    @Test func passTwoCutsToMinSetsAndNamesLabelTrims() {
        let day = [
            PlanExercise(slug: "main", sets: 3, reps: 5, rest: 90, priority: 1, minSets: 3),
            PlanExercise(slug: "row", sets: 5, reps: 10, rest: 60, priority: 2, minSets: 2, name: "Rows"),
        ]
        let fit = Fitting.fit(day, budget: 25)
        #expect(fit.trims == ["Rows 5→4 sets", "Rows 4→2 sets", "cool-down 5→2 min"])
        #expect(fit.sets == [3, 2])
        // 480 + 120 + (180 + 180 + 240) + (120 + 60 + 240) = 1620 s = 27 min, budget unmet.
        #expect(fit.est == 27)
    }

    @Test func tiesKeepPlanOrderAndLowPriorityIsProtected() {
        let day = [
            PlanExercise(slug: "warm", sets: 2, reps: 5, priority: 0),
            PlanExercise(slug: "a", sets: 2, reps: 5, priority: 3),
            PlanExercise(slug: "b", sets: 2, reps: 5, priority: 3),
            PlanExercise(slug: "c", sets: 2, reps: 5, priority: 5),
        ]
        let fit = Fitting.fit(day, budget: 1)
        #expect(
            fit.trims == [
                "c 2→1 sets", "a 2→1 sets", "b 2→1 sets", "cool-down 5→2 min",
                "c dropped", "a dropped", "b dropped",
            ])
        #expect(fit.sets == [2, 0, 0, 0])
        #expect(fit.cooldown == .short, "the cool-down is shortened, never removed")
        #expect(fit.est == Fitting.estimateMinutes(day, sets: [2, 0, 0, 0], cooldown: .short))
    }
}
