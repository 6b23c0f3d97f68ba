/// Where a cook timer is in its life. `running` and `paused` are pending;
/// `fired` rings until dismissed (or extended); `dismissed` and `cancelled`
/// are final.
package enum TimerState: String, Sendable, Codable, CaseIterable {
    case running, paused, fired, dismissed, cancelled

    /// True while the timer still shows on displays (running, paused, fired).
    package var isActive: Bool { self == .running || self == .paused || self == .fired }
}
