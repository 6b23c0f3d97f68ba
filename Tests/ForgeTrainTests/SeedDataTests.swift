import Foundation
import Testing

@testable import ForgeTrain

@Suite struct SeedDataTests {
    @Test func starterLoadsAtFullScale() {
        let plan = StarterPlan.content(scale: StarterPlan.adminScale)
        #expect(plan.day(0)?.strength?.exercises.map(\.weight) == [60, 70, 20, 0])
        #expect(plan.day(4)?.strength?.exercises.map(\.weight) == [40, 60, 30, 20])
    }

    @Test func starterLoadsAtMemberScale() {
        let plan = StarterPlan.content(scale: StarterPlan.memberScale)
        #expect(plan.day(0)?.strength?.exercises.map(\.weight) == [35, 42.5, 12.5, 0])
        #expect(plan.day(4)?.strength?.exercises.map(\.weight) == [25, 35, 17.5, 12.5])
    }

    @Test func starterShape() throws {
        let plan = StarterPlan.content(scale: 1)
        #expect(plan.weekdays == [0, 2, 4, 5])
        #expect(plan.changes == nil)
        #expect(plan.extra.isEmpty)
        let lower = try #require(plan.day(0)?.strength)
        #expect(lower.name == "Lower A")
        #expect(lower.focus == ["Quads", "Hams", "Core"])
        #expect(lower.exercises.map(\.slug) == ["back-squat", "romanian-deadlift", "split-squat", "hanging-leg-raise"])
        #expect(lower.exercises.map(\.rest) == [120, 90, 75, 60])
        #expect(lower.exercises.map(\.priority) == [1, 2, 3, 4])
        #expect(lower.exercises.map(\.minSets) == [3, 2, 0, 0])
        #expect(lower.exercises.map(\.reps) == [5, 8, 10, 12])
        #expect(lower.cooldown.map(\.hold) == ["45 s each side", "45 s each side", "60 s slow", "2 min easy"])
        let upper = try #require(plan.day(4)?.strength)
        #expect(upper.exercises.map(\.reps) == [8, 10, 10, 15])
        #expect(
            upper.cooldown == [
                CooldownEntry(slug: "chest-doorway-stretch", hold: "45 s each side"),
                CooldownEntry(slug: "walk-easy", hold: "2 min easy"),
            ])
        let zone2 = try #require(plan.day(2)?.cardio)
        #expect(zone2.name == "Zone 2 run" && zone2.focus == ["Aerobic base"])
        #expect(zone2.cardio.type == "run" && zone2.cardio.minutes == 40)
        #expect(zone2.cardio.hrLow == 125 && zone2.cardio.hrHigh == 140)
        #expect(!(zone2.cardio.note ?? "").isEmpty)
        let intervals = try #require(plan.day(5)?.cardio)
        #expect(intervals.focus == ["VO₂max"])
        #expect(intervals.cardio.minutes == 32 && intervals.cardio.hrLow == 150 && intervals.cardio.hrHigh == 178)
        // Weekly Zone-2 target: only days with hr_high ≤ 150 count.
        let zone2Minutes = plan.days.values.compactMap(\.cardio).filter { $0.cardio.hrHigh <= 150 }
            .map(\.cardio.minutes).reduce(0, +)
        #expect(zone2Minutes == 40)
    }

    @Test func everyPlannedSlugIsInTheLibraryWithTheRightKind() {
        let plan = StarterPlan.content(scale: 1)
        for day in plan.days.values.compactMap(\.strength) {
            #expect(
                day.exercises.allSatisfy { ExerciseLibrary.seed.exercise($0.slug).map { $0.kind != .mobility } == true }
            )
            #expect(day.cooldown.allSatisfy { ExerciseLibrary.seed.exercise($0.slug)?.kind == .mobility })
            #expect(day.exercises.filter { $0.priority == 1 }.count == 1)
        }
    }

    @Test func goalAndRationaleAreWritten() {
        #expect(!StarterPlan.goal.isEmpty)
        let r = StarterPlan.rationale.trimmingCharacters(in: .whitespaces).lowercased()
        #expect(!r.isEmpty)
        #expect(!r.hasPrefix("next week") && !r.contains("next week's"))
    }

    @Test func equipmentProfiles() throws {
        let all = EquipmentProfileSeed.all
        #expect(all.map(\.name) == ["Gym", "Travel", "Home"])
        #expect(all.map(\.shared) == [false, false, true])
        let gym = all[0]
        #expect(gym.barKg == 20 && gym.dbMaxKg == 30)
        #expect(gym.platesKg == [25, 20, 15, 10, 5, 2.5, 1.25])
        #expect(gym.items.count == 15)
        #expect(gym.items.prefix(13).allSatisfy { $0.available })
        #expect(
            gym.items.suffix(2) == [
                EquipmentItem(name: "Kettlebells", available: false),
                EquipmentItem(name: "Rowing machine", available: false),
            ])
        #expect(all[1].items.map(\.name) == ["Resistance bands", "Bodyweight only"])
        #expect(all[1].platesKg.isEmpty && all[1].barKg == 0 && all[1].dbMaxKg == 0)
        #expect(all[2].items.map(\.name) == ["Dumbbells", "Bench", "Pull-up bar", "Resistance bands"])
        #expect(all[2].dbMaxKg == 24)
        #expect(EquipmentProfileSeed.perUser.map(\.name) == ["Gym", "Travel"])
        #expect(EquipmentProfileSeed.household.map(\.name) == ["Home"])
    }

    @Test func standingNiggle() {
        let n = NiggleSeed.standing
        #expect(n.bodyPart == "Left knee" && n.severity == "mild" && n.status == "active")
        #expect(n.avoidPatterns == ["deep_lunge"])
        #expect(n.mobilitySlug == "quad-hip-flexor-stretch")
        #expect(!n.note.isEmpty)
        #expect(n.info.isActive)
    }
}
