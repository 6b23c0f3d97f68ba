import ForgeCore
import ForgeTrain

/// `GET /api/today` query: `date` (default today; 400 `bad date`) and
/// `budget`, whole minutes 25…120 (422 otherwise, docs/contract.md §3.2).
struct TodayQuery: ValidatingInput {
    var date: String?
    var budget: Int?
    static let rules: [InputRule<Self>] = [
        .dateText("query", "date"),
        .range("query", "budget", within: 25...120) { $0.budget },
    ]

    /// The query with its `date` parsed once: ``rules`` (`budget`) first, then
    /// 400 `bad date` or 422 `["query", "date"]` outside 1900–2100.
    func validated() throws -> Dated<Self> {
        try checkRules()
        return Dated(input: self, date: try DayInput.optional(date, query: true))
    }
}

/// The latest-started strength session on the date (`session` of §3.2).
struct SessionStub: Codable, Sendable {
    var id: String
    var status: String
    var stats: SessionStats
    var cooldownStatus: String
}

/// A metric sample: `{value, unit, ts}` (docs/contract.md §2 `MetricPoint`).
struct MetricPointView: Codable, Sendable {
    var value: Double
    var unit: String
    var ts: String
}

/// A rest day's recovery panel: the latest sample of each, or null.
struct Recovery: Codable, Sendable {
    @Nullable var sleepH: MetricPointView?
    @Nullable var weight: MetricPointView?
    @Nullable var restingHr: MetricPointView?
}

/// The first planned day after a rest day.
struct Tomorrow: Codable, Sendable {
    var dayName: String
    var name: String
    var kind: String
    @Nullable var cardio: CardioPrescription?
}

/// Union of the day's muscles (§3.2): primary, then secondary not already primary.
struct MuscleGroups: Codable, Sendable {
    var primary: [String]
    var secondary: [String]
}

/// The active equipment profile as Today shows it: the contract's kg
/// figures (exact conversions), then the profile's `unit` and its bar and
/// plates in that unit (forged, issue 14).
struct TodayProfile: Codable, Sendable {
    var name: String
    var barKg: Double
    var platesKg: [Double]
    /// `"kg"` or `"lb"`.
    var unit: String
    /// Bar weight in `unit`.
    var bar: Double
    /// Plate denominations per side in `unit`, largest first.
    var plates: [Double]

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
struct TodayExercise: Codable, Sendable {
    var slug: String
    var name: String
    var kind: String
    var sets: Int
    var baseSets: Int
    var reps: Int
    var weight: Double
    var rest: Int
    var priority: Int
    var dropped: Bool
    var note: String
    @Nullable var last: LastPerformance?
    var loadable: Loadable?
    var plate: String?
    /// Absent unless a priority-1 barbell lift with plates; null below 50 kg.
    var warmups: [WarmUpSet]??
}

/// `GET /api/today` (docs/contract.md §3.2): the common part, then the members of
/// the day's kind (rest: `recovery`, `tomorrow`; cardio: `name`, `focus`,
/// `cardio`; strength: the fitted day). Minutes for `budget`, `est`,
/// `full_est`; tonnes for `tonnage_est`.
struct TodayResponse: Codable, Sendable {
    var date: LocalDate
    var dayName: String
    var rationale: String
    @Nullable var session: SessionStub?
    var kind: String
    var recovery: Recovery?
    var tomorrow: Tomorrow??
    var name: String?
    var focus: [String]?
    var cardio: CardioPrescription?
    var muscles: MuscleGroups?
    var budget: Int??
    var est: Int?
    var cd: String?
    var trims: [String]?
    var fullEst: Int?
    var exercises: [TodayExercise]?
    var cooldown: [CooldownItem]?
    var profile: TodayProfile??
    var tonnageEst: Double?

    init(date: LocalDate, rationale: String, session: SessionStub?, kind: String) {
        self.date = date
        self.dayName = date.dayName
        self.rationale = rationale
        self.session = session
        self.kind = kind
    }
}

extension TodayProfile: WireDocumented {
    static var wireDescriptions: [String: String] {
        [
            "":
                "The active equipment profile: the contract's kg figures, then forged's unit, bar and plates in the profile's unit (issue 14)",
            "unit": "forged: kg or lb", "bar": "forged: bar weight in `unit`",
            "plates": "forged: plates per side in `unit`, largest first",
        ]
    }
}

extension TodayExercise: WireDocumented {
    static var wireDescriptions: [String: String] {
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
