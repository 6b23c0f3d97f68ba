import ForgeCore

/// The prescription of a cardio day (docs/contract.md §2 `CardioDay.cardio`): activity
/// type (`"run"`), duration in minutes and a heart-rate band in bpm.
package struct CardioPrescription: Codable, Sendable, Hashable {
    package var type: String
    /// Prescribed duration, minutes.
    package var minutes: Int
    /// Lower bound of the target band, bpm.
    package var hrLow: Int
    /// Upper bound of the target band, bpm.
    package var hrHigh: Int
    package var note: String?
    /// Members this type does not model, kept verbatim.
    package var extra: [String: JSONValue]

    package init(
        type: String, minutes: Int, hrLow: Int, hrHigh: Int, note: String? = nil,
        extra: [String: JSONValue] = [:]
    ) {
        self.type = type
        self.minutes = minutes
        self.hrLow = hrLow
        self.hrHigh = hrHigh
        self.note = note
        self.extra = extra
    }

    static let keys: Set<String> = ["type", "minutes", "hr_low", "hr_high", "note"]

    package init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: AnyKey.self)
        type = try c.string("type") ?? ""
        minutes = try c.laxInt("minutes") ?? 0
        hrLow = try c.laxInt("hr_low") ?? 0
        hrHigh = try c.laxInt("hr_high") ?? 0
        note = try c.string("note")
        extra = try c.extras(excluding: Self.keys)
    }

    package func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: AnyKey.self)
        try c.put(type, "type")
        try c.put(minutes, "minutes")
        try c.put(hrLow, "hr_low")
        try c.put(hrHigh, "hr_high")
        try c.putIfPresent(note, "note")
        try c.encodeExtras(extra, excluding: Self.keys)
    }
}
