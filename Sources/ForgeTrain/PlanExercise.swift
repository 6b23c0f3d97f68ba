import ForgeCore

/// One exercise entry of a strength day (docs/contract.md §2 `PlanExercise`). Absent
/// members take the contract defaults: `weight` 0 kg, `rest` 90 s,
/// `priority` 2, `min_sets` 0, `note` "". Unknown members are kept in
/// `extra` and written back, so stored content round-trips.
package struct PlanExercise: Codable, Sendable, Hashable {
    package var slug: String
    /// Working sets.
    package var sets: Int
    /// Repetitions per set.
    package var reps: Int
    /// Load in kilograms (0 = bodyweight / unloaded).
    package var weight: Double
    /// Rest between sets, seconds.
    package var rest: Int
    /// 1 = protected main lift; higher numbers are trimmed earlier (§4.1).
    package var priority: Int
    /// Trim floor; 0 means the entry may be dropped.
    package var minSets: Int
    package var note: String
    /// Optional display name, used only in trim labels.
    package var name: String?
    /// Members this type does not model, kept verbatim.
    package var extra: [String: JSONValue]

    package init(
        slug: String, sets: Int, reps: Int, weight: Double = 0, rest: Int = 90,
        priority: Int = 2, minSets: Int = 0, note: String = "", name: String? = nil,
        extra: [String: JSONValue] = [:]
    ) {
        self.slug = slug
        self.sets = sets
        self.reps = reps
        self.weight = weight
        self.rest = rest
        self.priority = priority
        self.minSets = minSets
        self.note = note
        self.name = name
        self.extra = extra
    }

    /// The label used in trim messages: `name` when present, else the slug.
    package var label: String { name ?? slug }

    static let keys: Set<String> = ["slug", "sets", "reps", "weight", "rest", "priority", "min_sets", "note", "name"]

    /// Decodes with lax numbers (`"3"`, `3.0`); `sets` and `reps` must be whole numbers.
    package init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: AnyKey.self)
        slug = try c.required(String.self, "slug")
        guard let sets = try c.laxInt("sets") else {
            throw DecodingError.keyNotFound(
                AnyKey("sets"), .init(codingPath: c.codingPath, debugDescription: "sets required"))
        }
        guard let reps = try c.laxInt("reps") else {
            throw DecodingError.keyNotFound(
                AnyKey("reps"), .init(codingPath: c.codingPath, debugDescription: "reps required"))
        }
        self.sets = sets
        self.reps = reps
        weight = try c.laxDouble("weight") ?? 0
        rest = try c.laxInt("rest") ?? 90
        priority = try c.laxInt("priority") ?? 2
        minSets = try c.laxInt("min_sets") ?? 0
        note = try c.string("note") ?? ""
        name = try c.string("name")
        extra = try c.extras(excluding: Self.keys)
    }

    /// Writes every modelled member (defaults included) plus `extra`.
    package func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: AnyKey.self)
        try c.put(slug, "slug")
        try c.put(sets, "sets")
        try c.put(reps, "reps")
        try c.put(weight, "weight")
        try c.put(rest, "rest")
        try c.put(priority, "priority")
        try c.put(minSets, "min_sets")
        try c.put(note, "note")
        try c.putIfPresent(name, "name")
        try c.encodeExtras(extra, excluding: Self.keys)
    }
}
