import ForgeCore

/// Whether a plan day is lifting or cardio (the `kind` member).
package enum PlanDayKind: String, Codable, Sendable {
    case strength, cardio
}

/// A strength day of a plan (docs/contract.md §2 `StrengthDay`).
package struct StrengthDay: Sendable, Hashable {
    package var name: String
    package var focus: [String]
    /// The coach's note for this day, if any.
    package var why: String?
    package var exercises: [PlanExercise]
    /// Mobility items, in order.
    package var cooldown: [CooldownEntry]
    /// Members this type does not model, kept verbatim.
    package var extra: [String: JSONValue]

    package init(
        name: String, focus: [String], why: String? = nil, exercises: [PlanExercise],
        cooldown: [CooldownEntry], extra: [String: JSONValue] = [:]
    ) {
        self.name = name
        self.focus = focus
        self.why = why
        self.exercises = exercises
        self.cooldown = cooldown
        self.extra = extra
    }
}

/// A cardio day of a plan (docs/contract.md §2 `CardioDay`).
package struct CardioDay: Sendable, Hashable {
    package var name: String
    package var focus: [String]
    package var why: String?
    package var cardio: CardioPrescription
    /// Members this type does not model, kept verbatim.
    package var extra: [String: JSONValue]

    package init(
        name: String, focus: [String], why: String? = nil, cardio: CardioPrescription,
        extra: [String: JSONValue] = [:]
    ) {
        self.name = name
        self.focus = focus
        self.why = why
        self.cardio = cardio
        self.extra = extra
    }
}

/// One weekday entry of a plan: `{ name, kind, focus, why?, … }` where
/// `kind` selects the strength or cardio members (docs/contract.md §2 `PlanDay`).
///
/// Decoding: `kind: "cardio"` needs a `cardio` object; `kind: "strength"`
/// reads `exercises` and `cooldown` (absent = empty); a missing `kind` means
/// cardio when a `cardio` object is present, else strength; any other kind
/// throws `DecodingError.dataCorrupted`.
package enum PlanDay: Codable, Sendable, Hashable {
    case strength(StrengthDay)
    case cardio(CardioDay)

    package var kind: PlanDayKind {
        switch self {
        case .strength: .strength
        case .cardio: .cardio
        }
    }

    package var name: String {
        switch self {
        case .strength(let d): d.name
        case .cardio(let d): d.name
        }
    }

    package var focus: [String] {
        switch self {
        case .strength(let d): d.focus
        case .cardio(let d): d.focus
        }
    }

    package var why: String? {
        switch self {
        case .strength(let d): d.why
        case .cardio(let d): d.why
        }
    }

    /// The strength members, or nil for a cardio day.
    package var strength: StrengthDay? {
        if case .strength(let d) = self { return d }
        return nil
    }

    /// The cardio members, or nil for a strength day.
    package var cardio: CardioDay? {
        if case .cardio(let d) = self { return d }
        return nil
    }

    static let strengthKeys: Set<String> = ["name", "kind", "focus", "why", "exercises", "cooldown"]
    static let cardioKeys: Set<String> = ["name", "kind", "focus", "why", "cardio"]

    package init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: AnyKey.self)
        let name = try c.string("name") ?? ""
        let focus = try c.optional([String].self, "focus") ?? []
        let why = try c.string("why")
        let kindText = try c.string("kind") ?? (c.contains(AnyKey("cardio")) ? "cardio" : "strength")
        switch kindText {
        case "strength":
            self = .strength(
                StrengthDay(
                    name: name, focus: focus, why: why,
                    exercises: try c.optional([PlanExercise].self, "exercises") ?? [],
                    cooldown: try c.optional([CooldownEntry].self, "cooldown") ?? [],
                    extra: try c.extras(excluding: Self.strengthKeys)))
        case "cardio":
            self = .cardio(
                CardioDay(
                    name: name, focus: focus, why: why,
                    cardio: try c.required(CardioPrescription.self, "cardio"),
                    extra: try c.extras(excluding: Self.cardioKeys)))
        default:
            throw DecodingError.dataCorrupted(
                .init(
                    codingPath: c.codingPath,
                    debugDescription: "kind must be strength or cardio"))
        }
    }

    package func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: AnyKey.self)
        switch self {
        case .strength(let d):
            try c.put(d.name, "name")
            try c.put("strength", "kind")
            try c.put(d.focus, "focus")
            try c.putIfPresent(d.why, "why")
            try c.put(d.exercises, "exercises")
            try c.put(d.cooldown, "cooldown")
            try c.encodeExtras(d.extra, excluding: Self.strengthKeys)
        case .cardio(let d):
            try c.put(d.name, "name")
            try c.put("cardio", "kind")
            try c.put(d.focus, "focus")
            try c.putIfPresent(d.why, "why")
            try c.put(d.cardio, "cardio")
            try c.encodeExtras(d.extra, excluding: Self.cardioKeys)
        }
    }
}
