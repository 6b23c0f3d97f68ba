import ForgeCore

/// The starter training plan every user gets (docs/contract.md §5.3), from the
/// embedded `starter_plan.json`, which holds the base loads.
package enum StarterPlan {
    /// Load scale for the oldest (admin) user.
    package static let adminScale = 1.0
    /// Load scale for everyone else, including users added later.
    package static let memberScale = 0.6

    private static let base: (goal: String, rationale: String, content: PlanContent) = {
        var content = SeedAsset.decode(PlanContent.self, "starter_plan.json")
        let goal = content.extra.removeValue(forKey: "goal")?.stringValue ?? ""
        let rationale = content.extra.removeValue(forKey: "rationale")?.stringValue ?? ""
        return (goal, rationale, content)
    }()

    /// The plan's one-sentence goal.
    package static var goal: String { base.goal }

    /// Revision 1's hand-written rationale.
    package static var rationale: String { base.rationale }

    /// The starter content with every strength load scaled:
    /// `2.5 × round_half_even(base × scale / 2.5)` kg. Scale 1.0 gives Lower A
    /// 60/70/20/0 and Upper A 40/60/30/20; scale 0.6 gives 35/42.5/12.5/0 and
    /// 25/35/17.5/12.5.
    package static func content(scale: Double) -> PlanContent {
        var content = base.content
        for (weekday, day) in content.days {
            guard case .strength(var strength) = day else { continue }
            for i in strength.exercises.indices {
                strength.exercises[i].weight = scaledLoad(strength.exercises[i].weight, scale: scale)
            }
            content.days[weekday] = .strength(strength)
        }
        return content
    }

    /// `2.5 × round_half_even(base × scale / 2.5)`, kilograms.
    package static func scaledLoad(_ base: Double, scale: Double) -> Double {
        2.5 * Rounding.halfEven(base * scale / 2.5)
    }
}
