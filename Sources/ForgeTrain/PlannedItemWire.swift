import ForgeCore

/// docs/contract.md §3.2 `PlannedItem`: a pencil mark on a calendar date.
package struct PlannedItemWire: Codable, Sendable {
    package let id: String
    /// `YYYY-MM-DD`.
    package let date: String
    /// `workout` or `meal`.
    package let kind: String
    package let title: String
    package let notes: String
    /// The plan weekday key `"0"`…`"6"` a workout was pencilled from; null otherwise.
    @Nullable package var planDay: String?

    package init(_ item: PlannedItem) {
        id = item.id
        date = item.date
        kind = item.kind
        title = item.title
        notes = item.notes
        planDay = item.plan_day
    }
}
