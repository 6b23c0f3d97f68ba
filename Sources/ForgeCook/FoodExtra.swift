/// A log that no planned slot claimed, in the wire shape of docs/contract.md §3.15
/// `FoodExtra`: the eight macros beside `id, slot, label, estimated, venue,
/// cost, currency, note, photos`.
package struct FoodExtra: Encodable, Sendable, Equatable {
    package var entry: MealLogEntry

    package init(_ entry: MealLogEntry) { self.entry = entry }

    enum CodingKeys: String, CodingKey { case id, slot, label, estimated, venue, cost, currency, note, photos }

    package func encode(to encoder: Encoder) throws {
        try entry.macros.encodeFlat(to: encoder)
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(entry.id, forKey: .id)
        try c.encode(entry.slot, forKey: .slot)
        try c.encode(entry.label, forKey: .label)
        try c.encode(entry.estimated, forKey: .estimated)
        try c.encode(entry.venue, forKey: .venue)
        try c.encode(entry.cost, forKey: .cost)
        try c.encode(entry.currency, forKey: .currency)
        try c.encode(entry.note, forKey: .note)
        try c.encode(entry.photos, forKey: .photos)
    }
}
