import ForgeCore

/// The document stored on a training plan revision (docs/contract.md §2
/// `PlanContent`): a weekday template plus optional `changes` and any extra
/// top-level members, which are kept verbatim so content round-trips.
package struct PlanContent: Codable, Sendable, Hashable {
    /// Plan days by weekday, Monday = 0 … Sunday = 6. A missing weekday is a
    /// rest day. On the wire the keys are the strings `"0"` … `"6"`.
    package var days: [Int: PlanDay]
    /// Present on coach proposals.
    package var changes: [PlanChange]?
    /// Top-level members this type does not model.
    package var extra: [String: JSONValue]

    package init(days: [Int: PlanDay], changes: [PlanChange]? = nil, extra: [String: JSONValue] = [:]) {
        self.days = days
        self.changes = changes
        self.extra = extra
    }

    /// The entry for `weekday` (0 = Monday), or nil for a rest day.
    package func day(_ weekday: Int) -> PlanDay? { days[weekday] }

    /// Planned weekdays in ascending order.
    package var weekdays: [Int] { days.keys.sorted() }

    static let keys: Set<String> = ["days", "changes"]

    /// Decodes `days` keyed `"0"`…`"6"` (a `null` day is a rest day); any
    /// other day key throws `DecodingError.dataCorrupted`.
    package init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: AnyKey.self)
        var days: [Int: PlanDay] = [:]
        if c.contains(AnyKey("days")), try !c.decodeNil(forKey: AnyKey("days")) {
            let raw = try c.required([String: PlanDay?].self, "days")
            for (key, day) in raw {
                guard key.count == 1, let weekday = Int(key), (0...6).contains(weekday) else {
                    throw DecodingError.dataCorrupted(
                        .init(
                            codingPath: c.codingPath + [AnyKey("days")],
                            debugDescription: "day keys must be \"0\"…\"6\""))
                }
                if let day { days[weekday] = day }
            }
        }
        self.days = days
        changes = try c.optional([PlanChange].self, "changes")
        extra = try c.extras(excluding: Self.keys)
    }

    package func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: AnyKey.self)
        var raw: [String: PlanDay] = [:]
        for (weekday, day) in days { raw[String(weekday)] = day }
        try c.put(raw, "days")
        try c.putIfPresent(changes, "changes")
        try c.encodeExtras(extra, excluding: Self.keys)
    }
}
