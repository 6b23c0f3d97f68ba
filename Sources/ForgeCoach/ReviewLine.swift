/// One lift in the weekly review's summary, worded two ways: while the
/// proposal waits for approval the new target is *proposed* and the current
/// one is what the plan keeps; once it is in force (auto-approve) the new target applies
/// from now on. A lift whose target does not change reads the same either way.
package struct ReviewLine: Sendable, Equatable {
    /// The line while the proposal waits: "Bench Press 8/8/8 twice at 40 kg: every set met, so I
    /// propose 42.5 kg (your plan keeps 40 kg until you approve)".
    package let pending: String
    /// The line once the proposal is in force: "… every set met, so 42.5 kg from now on".
    package let applied: String

    /// A line that reads the same whether or not the proposal is approved.
    init(_ text: String) {
        pending = text
        applied = text
    }

    /// `head`, then the change: proposed against what stands, or in force.
    /// - Parameters:
    ///   - head: the lift and what was logged, with why ("Bench Press 8/8/8 twice at 40 kg: every set met").
    ///   - new: the new target ("42.5 kg", "14 reps", "a deload to 55 kg").
    ///   - current: the target in force now ("40 kg", "12 reps").
    init(_ head: String, new: String, current: String) {
        pending = "\(head), so I propose \(new) (your plan keeps \(current) until you approve)"
        applied = "\(head), so \(new) from now on"
    }

    /// The line as the review says it.
    package func text(inForce: Bool) -> String { inForce ? applied : pending }
}
