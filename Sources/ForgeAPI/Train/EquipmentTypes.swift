import ForgeCore
import ForgeHTTP
import ForgeTrain
import Foundation

/// `GET /api/equipment` (docs/contract.md §3.7).
struct EquipmentList: Codable, Sendable {
    /// The active profile: the member's choice while it exists, else the first own profile.
    @Nullable var activeID: String?
    /// The household-shared profile first, then the member's own, each oldest first.
    let profiles: [EquipmentProfileWire]

    enum CodingKeys: String, CodingKey {
        case activeID = "active_id"
        case profiles
    }
}

/// One equipment profile as the API shows it: the contract's members (kg,
/// exact conversions of the profile's figures: a 45 lb bar is
/// `bar_kg: 20.41165665`), then forged's description in the profile's own
/// unit (issue 14).
struct EquipmentProfileWire: Codable, Sendable {
    let id: String
    let name: String
    let shared: Bool
    let items: [EquipmentItemWire]
    /// Bar weight, kg.
    let barKg: Double
    /// Plate denominations, kg.
    let platesKg: [Double]
    /// Heaviest dumbbell, kg.
    let dbMaxKg: Double
    /// `"kg"` or `"lb"`: the unit `bar`, `plates` and `dumbbells` are in.
    let unit: String
    /// Bar weight in `unit`; 0 for a profile without a barbell (the seeded
    /// Travel and Home; a PATCH takes 0.01–1,000, so it cannot set 0).
    let bar: Double
    /// Plate denominations per side in `unit`, largest first; unlimited pairs of each.
    let plates: [Double]
    /// The dumbbells owned, in `unit`; null when not described.
    @Nullable var dumbbells: DumbbellsWire?

    init(_ p: EquipmentProfile) {
        let inventory = p.plates
        id = p.id
        name = p.name
        shared = p.shared
        items = p.items.map { EquipmentItemWire(name: $0.name, available: $0.available) }
        barKg = p.barKg
        platesKg = p.platesKg
        dbMaxKg = p.dbMaxKg
        unit = p.unit.rawValue
        bar = p.unit.value(steps: inventory.bar)
        plates = inventory.plates.map(p.unit.value(steps:))
        dumbbells = p.dumbbells.map { DumbbellsWire($0, unit: p.unit) }
    }
}

/// `{ name, available }`.
struct EquipmentItemWire: Codable, Sendable {
    let name: String
    let available: Bool
}

/// Dumbbells on the wire, in the profile's unit: `number[]` (the fixed
/// pairs owned, one weight per pair) or `{min, max, step}` (an adjustable set).
enum DumbbellsWire: Codable, Sendable, Equatable, WireSchemaDescribed {
    case pairs([Double])
    case adjustable(min: Double, max: Double, step: Double)

    static var wireSchema: JSONValue {
        [
            "anyOf": [
                ["type": "array", "items": ["type": "number"]],
                [
                    "type": "object", "required": ["min", "max", "step"],
                    "properties": ["min": ["type": "number"], "max": ["type": "number"], "step": ["type": "number"]],
                ],
            ],
            "description": "Dumbbells owned, in the profile's unit: the fixed pairs, or an adjustable {min, max, step}",
        ]
    }

    private enum Keys: String, CodingKey { case min, max, step }

    init(_ set: DumbbellSet, unit: LoadUnit) {
        switch set {
        case .pairs(let w): self = .pairs(w.map(unit.value(steps:)))
        case .adjustable(let lo, let hi, let step):
            self = .adjustable(min: unit.value(steps: lo), max: unit.value(steps: hi), step: unit.value(steps: step))
        }
    }

    init(from decoder: Decoder) throws {
        if let list = try? [Double](from: decoder) {
            self = .pairs(list)
            return
        }
        let c = try decoder.container(keyedBy: Keys.self)
        self = .adjustable(
            min: try c.decode(Double.self, forKey: .min), max: try c.decode(Double.self, forKey: .max),
            step: try c.decode(Double.self, forKey: .step))
    }

    func encode(to encoder: Encoder) throws {
        switch self {
        case .pairs(let list): try list.encode(to: encoder)
        case .adjustable(let lo, let hi, let step):
            var c = encoder.container(keyedBy: Keys.self)
            try c.encode(lo, forKey: .min)
            try c.encode(hi, forKey: .max)
            try c.encode(step, forKey: .step)
        }
    }
}

/// `POST /api/equipment/active`: `{ profile_id }`.
struct EquipmentActiveInput: RequestInput {
    static var example: JSONValue? { ["profile_id": "0123456789abcdef0123456789abcdef"] }
    let profileID: String

    enum CodingKeys: String, CodingKey { case profileID = "profile_id" }

    static let rules: [InputRule<Self>] = [.length("profile_id", max: Bounds.label) { $0.profileID }]
}

/// `PATCH /api/equipment/{id}`: `{ items?, unit?, bar?, plates?, dumbbells? }`,
/// at least one given. `items` replaces the list wholesale (docs/contract.md §3.7);
/// the rest describe the profile's loading in its own unit (issue 14):
/// `unit` `"kg"`/`"lb"`, `bar` > 0, `plates` positive and distinct (per
/// side, unlimited pairs), `dumbbells` a list of pairs or `{min, max, step}`
/// (`[]` = not described). Figures are kept to 0.01 lb or 1 g.
struct EquipmentPatchInput: RequestInput {
    static var example: JSONValue? {
        [
            "items": [["name": "Barbell"], ["name": "Dumbbells"]], "unit": "lb", "bar": 45,
            "plates": [45, 35, 25, 10, 5, 2.5],
            "dumbbells": ["min": 5, "max": 50, "step": 5],
        ]
    }
    var items: [EquipmentItemInput]?
    var unit: String?
    var bar: Double?
    var plates: [Double]?
    var dumbbells: DumbbellsWire?

    /// The most items a profile may list.
    static let maxItems = 200
    /// The most plate denominations and fixed dumbbell pairs a profile may list.
    static let maxPlates = 30, maxDumbbells = 200
    /// Bar, plate and dumbbell figures, in the profile's unit.
    static let load = 0.01...1000.0

    var changesLoading: Bool { unit != nil || bar != nil || plates != nil || dumbbells != nil }

    /// The loading change the body describes, figures in its `unit` (or the profile's).
    var loading: EquipmentProfiles.LoadingChange {
        EquipmentProfiles.LoadingChange(
            unit: unit.flatMap(LoadUnit.init(rawValue:)), bar: bar, plates: plates,
            dumbbells: dumbbells.map {
                switch $0 {
                case .pairs(let list): .pairs(list)
                case .adjustable(let lo, let hi, let step): .adjustable(min: lo, max: hi, step: step)
                }
            })
    }

    /// The bounds below are checked but not published in the OpenAPI
    /// document (``InputRule/unpublished``): the document has never carried them.
    static let rules: [InputRule<Self>] = [
        .custom {
            guard $0.items != nil || $0.changesLoading else {
                throw ValidationFailure.error(
                    loc: ["body", "items"], type: "missing",
                    msg: "Field required: give items, unit, bar, plates or dumbbells", input: nil)
            }
        },
        .oneOf("unit", allowed: LoadUnit.allCases.map(\.rawValue)) { $0.unit }.unpublished,
        .range("bar", within: load) { $0.bar }.unpublished,
        .count("plates", max: maxPlates) { $0.plates }.unpublished,
        .custom {
            for (i, p) in ($0.plates ?? []).enumerated() { try Check.range(p, load, "plates", .int(i)) }
            try distinct($0.plates ?? [], "plates")
        },
        .custom { try $0.checkDumbbells() },
        .count("items", max: maxItems) { $0.items }.unpublished,
        .custom {
            for (i, item) in ($0.items ?? []).enumerated() {
                guard let name = item.name, !name.trimmingCharacters(in: .whitespaces).isEmpty else {
                    throw ValidationFailure.error(
                        loc: ["body", "items", .int(i), "name"], type: "missing",
                        msg: "Field required", input: item.name.map(JSONValue.string))
                }
                try Check.length(name, max: Bounds.label, "items", .int(i), "name")
            }
        },
    ]

    /// The pairs' count, figures and distinctness, or the adjustable set's bounds and step count.
    private func checkDumbbells() throws {
        switch dumbbells {
        case .pairs(let list)?:
            try Check.count(list, max: Self.maxDumbbells, "dumbbells")
            for (i, w) in list.enumerated() { try Check.range(w, Self.load, "dumbbells", .int(i)) }
            try Self.distinct(list, "dumbbells")
        case .adjustable(let lo, let hi, let step)?:
            try Check.range(lo, Self.load, "dumbbells", "min")
            try Check.range(hi, lo...Self.load.upperBound, "dumbbells", "max")
            try Check.range(step, Self.load, "dumbbells", "step")
            if (hi - lo) / step > Double(Self.maxDumbbells) {
                throw ValidationFailure.error(
                    loc: ["body", "dumbbells", "step"], type: "value_error",
                    msg: "An adjustable set may have at most \(Self.maxDumbbells) steps", input: .double(step))
            }
        case nil: break
        }
    }

    /// 422 on the first figure equal (to 0.01) to an earlier one.
    static func distinct(_ values: [Double], _ field: String) throws {
        var seen = Set<Int>()
        for (i, v) in values.enumerated() where !seen.insert(Int((v * 100).rounded())).inserted {
            throw ValidationFailure.error(
                loc: ["body", .string(field), .int(i)], type: "value_error",
                msg: "Value error, \(field) must be distinct", input: .double(v))
        }
    }
}

/// One item of ``EquipmentPatchInput``.
struct EquipmentItemInput: Decodable, Sendable {
    /// Required and not blank; at most ``Bounds/label`` characters.
    var name: String?
    /// Default true.
    var available: Bool?
}

extension EquipmentProfileWire: WireDocumented {
    static var wireDescriptions: [String: String] {
        [
            "":
                "An equipment profile (docs/contract.md §3.7). forged adds unit, bar, plates and dumbbells: the profile in its own unit (issue 14).",
            "bar_kg": "Bar weight, kg: the exact conversion of `bar` (45 lb → 20.41165665)",
            "plates_kg": "Plate denominations per side, kg: exact conversions of `plates`",
            "db_max_kg": "Heaviest dumbbell, kg",
            "unit": "forged: the unit the bar, plates and dumbbells are marked in, kg or lb",
            "bar":
                "forged: bar weight in `unit`; 0 for a profile without a barbell (§5.2's Travel and Home), which a PATCH cannot set (it takes 0.01–1,000)",
            "plates": "forged: plate denominations per side in `unit`, largest first; unlimited pairs of each",
            "dumbbells":
                "forged: dumbbells owned in `unit`: the fixed pairs, an adjustable {min, max, step}, or null when not described",
        ]
    }
}

extension EquipmentPatchInput: WireDocumented {
    static var wireDescriptions: [String: String] {
        [
            "":
                "At least one member. items replaces the list (docs/contract.md §3.7); the rest describe the loading in the profile's own unit (forged, issue 14). Changing unit needs bar, plates and dumbbells the profile has, in the new unit.",
            "items": "Replaces the item list wholesale",
            "unit": "kg or lb",
            "bar": "Bar weight in `unit`, 0.01–1,000",
            "plates": "Distinct plate denominations per side in `unit`, each 0.01–1,000, at most 30",
            "dumbbells":
                "The fixed pairs owned (distinct, at most 200) or an adjustable {min, max, step}, in `unit`; [] clears",
        ]
    }
}
