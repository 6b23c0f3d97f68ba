import ForgeCore

/// The nearest loads either side of a barbell target that the active
/// profile's bar and plates make (`loadable` on a fitted target), kg.
package struct Loadable: Codable, Sendable, Hashable {
    package var downKg: Double
    package var upKg: Double
    package init(downKg: Double, upKg: Double) {
        self.downKg = downKg
        self.upKg = upKg
    }
}

/// One fitted target (docs/contract.md §2 `Fitted.targets[]`): the plan entry with the
/// fitted set count, `loadable` for a loaded barbell lift, and — in answers
/// only, never stored — the member's `last` context (`null` when the lift
/// was never completed).
package struct FittedTarget: Codable, Sendable {
    package var entry: PlanExercise
    package var loadable: Loadable?
    /// nil = not answered (stored form); `.some(nil)` = `"last": null`.
    package var last: LastPerformance??

    package init(entry: PlanExercise, loadable: Loadable? = nil, last: LastPerformance?? = nil) {
        self.entry = entry
        self.loadable = loadable
        self.last = last
    }

    package init(from decoder: Decoder) throws {
        entry = try PlanExercise(from: decoder)
        let c = try decoder.container(keyedBy: AnyKey.self)
        loadable = try c.optional(Loadable.self, "loadable")
        let lastKey = AnyKey("last")
        if c.contains(lastKey) {
            last = .some(try c.decodeNil(forKey: lastKey) ? nil : try c.decode(LastPerformance.self, forKey: lastKey))
        } else {
            last = nil
        }
        entry.extra["loadable"] = nil
        entry.extra["last"] = nil
    }

    /// The plan entry's members, then `loadable`, then `last`.
    package func encode(to encoder: Encoder) throws {
        try entry.encode(to: encoder)
        var c = encoder.container(keyedBy: AnyKey.self)
        try c.putIfPresent(loadable, "loadable")
        if let last {
            if let last { try c.put(last, "last") } else { try c.encodeNil(forKey: AnyKey("last")) }
        }
    }
}

/// The `fitted` snapshot of a strength session (docs/contract.md §2 `Fitted`, first
/// form): `{name, budget, est, cd, targets, cooldown, cooldown_min?}` plus
/// any extra members, kept verbatim. `est` is minutes; `budget` minutes or
/// null.
package struct StrengthFitted: Codable, Sendable {
    package var name: String
    package var budget: Int?
    package var est: Int
    /// `full` or `short` cool-down.
    package var cd: String
    package var targets: [FittedTarget]
    package var cooldown: [CooldownItem]
    /// Added at completion, minutes.
    package var cooldownMin: Int?
    package var extra: [String: JSONValue]

    package init(
        name: String, budget: Int?, est: Int, cd: String, targets: [FittedTarget], cooldown: [CooldownItem],
        cooldownMin: Int? = nil, extra: [String: JSONValue] = [:]
    ) {
        self.name = name
        self.budget = budget
        self.est = est
        self.cd = cd
        self.targets = targets
        self.cooldown = cooldown
        self.cooldownMin = cooldownMin
        self.extra = extra
    }

    static let keys: Set<String> = ["name", "budget", "est", "cd", "targets", "cooldown", "cooldown_min"]

    package init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: AnyKey.self)
        name = try c.string("name") ?? "Session"
        budget = try c.laxInt("budget")
        est = try c.laxInt("est") ?? 0
        cd = try c.string("cd") ?? "full"
        targets = try c.optional([FittedTarget].self, "targets") ?? []
        cooldown = try c.optional([CooldownItem].self, "cooldown") ?? []
        cooldownMin = try c.laxInt("cooldown_min")
        extra = try c.extras(excluding: Self.keys)
    }

    package func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: AnyKey.self)
        try c.put(name, "name")
        if let budget { try c.put(budget, "budget") } else { try c.encodeNil(forKey: AnyKey("budget")) }
        try c.put(est, "est")
        try c.put(cd, "cd")
        try c.put(targets, "targets")
        try c.put(cooldown, "cooldown")
        try c.putIfPresent(cooldownMin, "cooldown_min")
        try c.encodeExtras(extra, excluding: Self.keys)
    }

    /// The slugs of the targets.
    package var targetSlugs: Set<String> { Set(targets.map(\.entry.slug)) }
    /// Σ `targets[].sets`.
    package var plannedSets: Int { targets.reduce(0) { $0 + $1.entry.sets } }

    /// The stored form as a JSON tree (for the `fitted` column).
    package var json: JSONValue { (try? WireEncoder.jsonValue(stored)) ?? .object([:]) }

    /// The stored form (no `last`).
    package var stored: StrengthFitted {
        var copy = self
        for i in copy.targets.indices { copy.targets[i].last = nil }
        return copy
    }
}

/// A session's `fitted` as stored: the strength snapshot when it has one,
/// else the document verbatim (an ingested run's `{source: "watch", …}`, a
/// generated demo session's `{name}`).
package enum FittedDocument: Codable, Sendable, WireSchemaDescribed {
    /// An object: docs/contract.md §2 `Fitted` (either form), extra members allowed.
    package static var wireSchema: JSONValue {
        [
            "type": "object",
            "description": "Fitted (docs/contract.md §2): the strength snapshot or an ingested run's {source, …}",
        ]
    }

    case strength(StrengthFitted)
    case other(JSONValue)

    package init(_ stored: JSONValue) {
        if stored["targets"] != nil, let s = try? WireDecoder.decode(StrengthFitted.self, from: stored) {
            self = .strength(s)
        } else {
            self = .other(stored)
        }
    }

    package init(from decoder: Decoder) throws { self.init(try JSONValue(from: decoder)) }

    package func encode(to encoder: Encoder) throws {
        switch self {
        case .strength(let s): try s.encode(to: encoder)
        case .other(let v): try v.encode(to: encoder)
        }
    }

    /// The strength snapshot, or nil.
    package var strengthFitted: StrengthFitted? {
        if case .strength(let s) = self { return s }
        return nil
    }
}

/// Strength completion statistics (docs/contract.md §2 `StrengthStats`, §4.5):
/// tonnage in tonnes (2 dp), set counts, `avg_rpe` (1 dp) and `duration_s`
/// (whole seconds), null when unknown.
package struct StrengthStats: Codable, Sendable, Equatable {
    /// The stored form as a JSON tree (for the `stats` column): the tree
    /// `WireEncoder.jsonValue(self)` gives (snake_case keys, `null` for an
    /// unknown `avg_rpe` or `duration_s`), built directly because an import
    /// writes one per workout (`CompletionStatsTests` compares the two).
    package var json: JSONValue {
        .object([
            "tonnage": .double(tonnage), "sets_done": .int(setsDone), "sets_planned": .int(setsPlanned),
            "partial": .bool(partial), "avg_rpe": avgRpe.map { .double($0) } ?? .null,
            "duration_s": durationS.map { .int($0) } ?? .null,
        ])
    }

    package var tonnage: Double
    package var setsDone: Int
    package var setsPlanned: Int
    package var partial: Bool
    @Nullable package var avgRpe: Double?
    @Nullable package var durationS: Int?

    static let keys: Set<String> = ["tonnage", "sets_done", "sets_planned", "partial", "avg_rpe", "duration_s"]

    package init(tonnage: Double, setsDone: Int, setsPlanned: Int, partial: Bool, avgRpe: Double?, durationS: Int?) {
        self.tonnage = tonnage
        self.setsDone = setsDone
        self.setsPlanned = setsPlanned
        self.partial = partial
        self.avgRpe = avgRpe
        self.durationS = durationS
    }
}

/// Cardio statistics (docs/contract.md §2 `CardioStats`), each member present when
/// known, in the contract's order (clients lay out tiles in key order):
/// seconds, km, bpm, kcal, minutes per km, sample count, minutes.
package struct CardioStatsDocument: Codable, Sendable, Equatable {
    /// The plan's cardio target a workout was matched to: its type, minutes and heart-rate
    /// range (bpm, `hr_low` inclusive to `hr_high`); each null when the plan does not say.
    package struct Target: Codable, Sendable, Equatable {
        @Nullable package var type: String?
        @Nullable package var minutes: Int?
        @Nullable package var hrLow: Int?
        @Nullable package var hrHigh: Int?
    }

    package init() {}
    package var durationS: Double?
    package var distance: Double?
    package var avgHr: Double?
    package var maxHr: Double?
    package var kcal: Double?
    package var paceMinKm: Double?
    package var hrSamples: Int?
    package var zone2Min: Double?
    package var target: Target?
    package var zoneMin: Double?
    package var pctInZone: Int?

    static let keys: Set<String> = [
        "duration_s", "distance", "avg_hr", "max_hr", "kcal", "pace_min_km", "hr_samples",
        "zone2_min", "target", "zone_min", "pct_in_zone",
    ]
}

/// A session's `stats` as stored: strength statistics when the session is
/// a strength one (or the document has `tonnage`), else cardio statistics
/// (an active session's `{}` included). Members neither form models are
/// kept in `extra` and written after the modelled ones, sorted.
package enum SessionStats: Codable, Sendable, Equatable, WireSchemaDescribed {
    case strength(StrengthStats, extra: [String: JSONValue])
    case cardio(CardioStatsDocument, extra: [String: JSONValue])

    /// An object: `StrengthStats` or `CardioStats` members, extra keys allowed.
    package static var wireSchema: JSONValue {
        var properties: [String: JSONValue] = [:]
        // duration_s: whole seconds (an integer) for strength, 3 dp for cardio.
        properties["duration_s"] = ["anyOf": [["type": "integer"], ["type": "number"], ["type": "null"]]]
        for key in [
            "tonnage", "avg_rpe", "distance", "avg_hr", "max_hr", "kcal", "pace_min_km", "zone2_min",
            "zone_min",
        ] {
            properties[key] = ["anyOf": [["type": "number"], ["type": "null"]]]
        }
        for key in ["sets_done", "sets_planned", "hr_samples", "pct_in_zone"] { properties[key] = ["type": "integer"] }
        properties["partial"] = ["type": "boolean"]
        let nullableString: JSONValue = ["anyOf": [["type": "string"], ["type": "null"]]]
        let nullableInteger: JSONValue = ["anyOf": [["type": "integer"], ["type": "null"]]]
        properties["target"] = [
            "type": "object",
            "properties": [
                "type": nullableString, "minutes": nullableInteger,
                "hr_low": nullableInteger, "hr_high": nullableInteger,
            ],
        ]
        return [
            "type": "object", "properties": .object(properties), "additionalProperties": true,
            "description": "StrengthStats or CardioStats (docs/contract.md §2); {} while a session is active",
        ]
    }

    /// Reads a stored document; `kind` `strength` (or a `tonnage` member)
    /// selects the strength form.
    package init(_ stored: JSONValue, kind: String = "") {
        let members = stored.objectValue ?? [:]
        if kind == "strength" || members["tonnage"] != nil,
            let s = try? WireDecoder.decode(StrengthStats.self, from: stored)
        {
            self = .strength(s, extra: members.filter { !StrengthStats.keys.contains($0.key) })
        } else {
            // Member by member: one that does not fit its type is kept verbatim, never dropped.
            var known: [String: JSONValue] = [:]
            var extra: [String: JSONValue] = [:]
            for (key, value) in members {
                if CardioStatsDocument.keys.contains(key),
                    (try? WireDecoder.decode(CardioStatsDocument.self, from: .object([key: value]))) != nil
                {
                    known[key] = value
                } else {
                    extra[key] = value
                }
            }
            let c = (try? WireDecoder.decode(CardioStatsDocument.self, from: .object(known))) ?? CardioStatsDocument()
            self = .cardio(c, extra: extra)
        }
    }

    package init(from decoder: Decoder) throws { self.init(try JSONValue(from: decoder)) }

    package func encode(to encoder: Encoder) throws {
        let extra: [String: JSONValue]
        switch self {
        case .strength(let s, let e):
            try s.encode(to: encoder)
            extra = e
        case .cardio(let c, let e):
            try c.encode(to: encoder)
            extra = e
        }
        var container = encoder.container(keyedBy: RawKey.self)
        for key in extra.keys.sorted() { try container.encode(extra[key]!, forKey: RawKey(key)) }
    }
}
