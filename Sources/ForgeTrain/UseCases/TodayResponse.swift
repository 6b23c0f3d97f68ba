import ForgeCore

/// The latest-started strength session on the date (`session` of §3.2).
package struct SessionStub: Codable, Sendable {
    package var id: String
    package var status: String
    package var stats: SessionStats
    package var cooldownStatus: String
}

/// A metric sample: `{value, unit, ts}` (docs/contract.md §2 `MetricPoint`).
package struct MetricPointView: Codable, Sendable {
    package var value: Double
    package var unit: String
    package var ts: String
}

/// A rest day's recovery panel: the latest sample of each, or null.
package struct Recovery: Codable, Sendable {
    @Nullable package var sleepH: MetricPointView?
    @Nullable package var weight: MetricPointView?
    @Nullable package var restingHr: MetricPointView?
}

/// The first planned day after a rest day.
package struct Tomorrow: Codable, Sendable {
    package var dayName: String
    package var name: String
    package var kind: String
    @Nullable package var cardio: CardioPrescription?
}

/// Union of the day's muscles (§3.2): primary, then secondary not already primary.
package struct MuscleGroups: Codable, Sendable {
    package var primary: [String]
    package var secondary: [String]
}

/// The active equipment profile as Today shows it: the contract's kg
/// figures (exact conversions), then the profile's `unit` and its bar and
/// plates in that unit (forged, issue 14).
package struct TodayProfile: Codable, Sendable {
    package var name: String
    package var barKg: Double
    package var platesKg: [Double]
    /// `"kg"` or `"lb"`.
    package var unit: String
    /// Bar weight in `unit`.
    package var bar: Double
    /// Plate denominations per side in `unit`, largest first.
    package var plates: [Double]

    init(_ p: EquipmentProfile) {
        let inventory = p.plates
        name = p.name
        barKg = p.barKg
        platesKg = p.platesKg
        unit = p.unit.rawValue
        bar = p.unit.value(steps: inventory.bar)
        plates = inventory.plates.map(p.unit.value(steps:))
    }
}

/// One exercise of a strength day (docs/contract.md §3.2 `TodayExercise`); loads in kg.
/// `loadable` (forged) gives the nearest plateable loads either side.
package struct TodayExercise: Codable, Sendable {
    package var slug: String
    package var name: String
    package var kind: String
    package var sets: Int
    package var baseSets: Int
    package var reps: Int
    package var weight: Double
    package var rest: Int
    package var priority: Int
    package var dropped: Bool
    package var note: String
    @Nullable package var last: LastPerformance?
    package var loadable: Loadable?
    package var plate: String?
    /// Absent unless a priority-1 barbell lift with plates; null below 50 kg.
    package var warmups: [WarmUpSet]??
}

/// `GET /api/today` (docs/contract.md §3.2): the common part, then the members of
/// the day's kind (rest: `recovery`, `tomorrow`; cardio: `name`, `focus`,
/// `cardio`; strength: the fitted day). Minutes for `budget`, `est`,
/// `full_est`; tonnes for `tonnage_est`.
package struct TodayResponse: Codable, Sendable {
    package var date: LocalDate
    package var dayName: String
    package var rationale: String
    @Nullable package var session: SessionStub?
    package var kind: String
    package var recovery: Recovery?
    package var tomorrow: Tomorrow??
    package var name: String?
    package var focus: [String]?
    package var cardio: CardioPrescription?
    package var muscles: MuscleGroups?
    package var budget: Int??
    package var est: Int?
    package var cd: String?
    package var trims: [String]?
    package var fullEst: Int?
    package var exercises: [TodayExercise]?
    package var cooldown: [CooldownItem]?
    package var profile: TodayProfile??
    package var tonnageEst: Double?

    init(date: LocalDate, rationale: String, session: SessionStub?, kind: String) {
        self.date = date
        self.dayName = date.dayName
        self.rationale = rationale
        self.session = session
        self.kind = kind
    }
}

extension TodayProfile: WireDocumented {
    package static var wireDescriptions: [String: String] {
        [
            "":
                "The active equipment profile: the contract's kg figures, then forged's unit, bar and plates in the profile's unit (issue 14)",
            "unit": "forged: kg or lb", "bar": "forged: bar weight in `unit`",
            "plates": "forged: plates per side in `unit`, largest first",
        ]
    }
}

extension TodayExercise: WireDocumented {
    package static var wireDescriptions: [String: String] {
        [
            "weight":
                "kg. forged (issue 14): for a barbell lift with plates, the nearest weight the active profile loads (for a dumbbell lift, the nearest dumbbell owned when the profile lists them); otherwise the plan's weight",
            "loadable": "forged: the planned weight's loadable neighbours, kg",
            "plate":
                "§4.3 text in the plates' unit; names the unit unless a kg profile is read by a kg member (\"Per side: 45 + 45 lb\", \"Per side: 20 kg\")",
            "warmups": "§4.2 ramp, each set the nearest loadable weight (kg); null below 50 kg",
        ]
    }
}
