import ForgeCore
import Foundation

/// One cook timer on the wire (docs/contract.md, "Appliance additions"): the
/// one shape of a timer, answered by the timer and cook-state routes and,
/// through ``CookTimer/json(now:)``, sent on the live feed and the event socket.
package struct CookTimerView: Codable, Sendable, Equatable {
    package let id: String
    package let label: String
    /// Requested duration, seconds.
    package let seconds: Int
    @Nullable package var recipeSlug: String?
    /// Zero-based method step of the recipe.
    @Nullable package var step: Int?
    package let background: Bool
    /// `running`, `paused`, `fired`, `dismissed` or `cancelled`.
    package let state: String
    /// The deadline (ISO 8601); null while paused.
    @Nullable package var endsAt: String?
    /// Whole seconds left, rounded up.
    package let remainingS: Int
    /// When it rang (ISO 8601); null until fired.
    @Nullable package var firedAt: String?
    /// `fired_at − ends_at`, milliseconds; null until fired.
    @Nullable package var lateByMs: Int?
    /// ISO 8601.
    package let createdAt: String

    /// `t` as seen at `now` (`remaining_s` counts down from `now`).
    package init(_ t: CookTimer, now: Date) {
        id = t.id
        label = t.label
        seconds = t.seconds
        recipeSlug = t.recipeSlug
        step = t.step
        background = t.background
        state = t.state.rawValue
        endsAt = t.endsAt.map(Instant.wire)
        remainingS = (t.remainingMilliseconds(at: now) + 999) / 1000
        firedAt = t.firedAt.map(Instant.wire)
        lateByMs = t.lateByMs
        createdAt = Instant.wire(t.createdAt)
    }
}
