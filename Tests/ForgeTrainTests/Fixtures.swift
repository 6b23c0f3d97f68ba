@testable import ForgeTrain

/// Seeded plan days at full scale.
enum Fixtures {
    static let plan = StarterPlan.content(scale: 1.0)
    static var lowerA: [PlanExercise] { plan.day(0)!.strength!.exercises }
    static var upperA: [PlanExercise] { plan.day(4)!.strength!.exercises }
    static var lowerACooldown: [CooldownEntry] { plan.day(0)!.strength!.cooldown }
    static var upperACooldown: [CooldownEntry] { plan.day(4)!.strength!.cooldown }
}
