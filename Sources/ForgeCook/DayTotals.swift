import ForgeCore

/// A day's logged totals and whether they are whole (issue 28).
///
/// `macros` is Σ of the day's logs, each field rounded half-to-even to 1 dp
/// (docs/contract.md §1.11). A log of a recipe that carries no energy data
/// (its per-serving `kcal` is 0, so the snapshot is 0 kcal) adds nothing it
/// could know: the totals are then `complete: false` and `unknown` names
/// each such log's label once, in logging order. Off-plan logs always carry
/// the kcal their writer gave, so they are never unknown.
///
/// Wire form: the eight ``Macros`` keys, then `complete` (bool) and
/// `unknown` (array of strings, empty when complete).
package struct DayTotals: Codable, Sendable, Equatable {
    package var macros: Macros
    package var complete: Bool
    package var unknown: [String]

    package init(macros: Macros, unknown: [String] = []) {
        self.macros = macros
        self.complete = unknown.isEmpty
        self.unknown = unknown
    }

    /// Totals of `logs`, one day's entries in logging order.
    package static func of(_ logs: [MealLogEntry]) -> DayTotals {
        var unknown: [String] = []
        for log in logs where log.kcalUnknown && !unknown.contains(log.label) { unknown.append(log.label) }
        return DayTotals(macros: logs.reduce(Macros.zero) { $0 + $1.macros }.rounded1(), unknown: unknown)
    }

    enum CodingKeys: String, CodingKey { case complete, unknown }

    /// Reads the flat form; `complete` defaults to whether `unknown` is empty.
    package init(from decoder: Decoder) throws {
        macros = try Macros(from: decoder)
        let c = try decoder.container(keyedBy: CodingKeys.self)
        unknown = try c.decodeIfPresent([String].self, forKey: .unknown) ?? []
        complete = try c.decodeIfPresent(Bool.self, forKey: .complete) ?? unknown.isEmpty
    }

    package func encode(to encoder: Encoder) throws {
        try macros.encodeFlat(to: encoder)
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(complete, forKey: .complete)
        try c.encode(unknown, forKey: .unknown)
    }
}

extension MealLogEntry {
    /// A log of a recipe with no energy data: its 0 kcal is not known to be 0.
    package var kcalUnknown: Bool { recipe != nil && macros.kcal == 0 }
}
