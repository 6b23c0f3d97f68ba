import ForgeCore
import ForgeHTTP
import ForgeStore
import ForgeTrain
import Foundation

/// One panel of `GET /api/labs` (docs/contract.md §3.9).
struct LabPanelWire: Codable, Sendable {
    let id: String
    /// `YYYY-MM-DD`.
    let drawnOn: String
    let source: String
    let results: [LabResultWire]
}

/// One lab result; canonical mmol/L unless `unit` says otherwise.
struct LabResultWire: Codable, Sendable {
    let marker: String
    let value: Double
    let unit: String
    @Nullable var refLow: Double?
    @Nullable var refHigh: Double?
}

/// `POST /api/labs`: `{ drawn_on, source? = "manual", results: { marker, value, unit? = "mmol/L", ref_low?, ref_high? }[] }`.
struct LabInput: ValidatingInput {
    static var example: JSONValue? {
        ["drawn_on": "2026-07-01", "source": "GP", "results": [["marker": "ldl", "value": 2.9, "unit": "mmol/L"]]]
    }
    let drawnOn: String
    var source: String?
    let results: [LabResultInput]

    /// A lab value or reference bound in any unit a panel uses.
    static let value = 0.0...100_000.0
    /// The most results one panel may hold.
    static let maxResults = 200

    static let rules: [InputRule<Self>] = [
        .dateText("drawn_on", emptyIsToday: false),
        .length("source", max: Bounds.label) { $0.source },
        .count("results", max: maxResults) { $0.results },
        .custom {
            for (i, r) in $0.results.enumerated() {
                try Check.length(r.marker, max: Bounds.label, min: 1, "results", .int(i), "marker")
                try Check.range(r.value, LabInput.value, "results", .int(i), "value")
                try Check.length(r.unit, max: Bounds.label, "results", .int(i), "unit")
                try Check.range(r.refLow, LabInput.value, "results", .int(i), "ref_low")
                try Check.range(r.refHigh, LabInput.value, "results", .int(i), "ref_high")
            }
        },
    ]

    /// The panel with its `drawn_on` parsed once: 400 `bad date` for a
    /// non-ISO `drawn_on` (docs/contract.md §1.2), then 422 naming the field
    /// (``rules``).
    func validated() throws -> OnDay<Self> {
        let day = try DayInput.required(drawnOn, field: "drawn_on")
        try checkRules()
        return OnDay(input: self, day: day)
    }
}

/// One result of ``LabInput``.
struct LabResultInput: Decodable, Sendable {
    let marker: String
    /// Canonical units (mmol/L for lipids), 0…100000.
    let value: Double
    /// Default `mmol/L`.
    var unit: String?
    var refLow: Double?
    var refHigh: Double?
}

/// Lab panels (docs/contract.md §3.9); values canonical mmol/L.
enum LabRoutes {
    static func register(_ app: ForgeApp, on router: inout APIRouter) {
        router.route(.GET, "/api/labs", "Lab panels, oldest first", access: .member, answers: [LabPanelWire].self) {
            _, principal in
            try TrainingRecords.labPanels(userID: principal.caller.id, in: app.db).map { p in
                LabPanelWire(
                    id: p.id, drawnOn: p.drawnOn, source: p.source,
                    results: p.results.map { r in
                        LabResultWire(
                            marker: r.marker, value: r.value, unit: r.unit, refLow: r.refLow, refHigh: r.refHigh)
                    })
            }
        }
        router.route(
            .POST, "/api/labs", "Add a lab panel with its results",
            access: .member, body: LabInput.self, answers: CreatedID.self, errors: [400, 422]
        ) { request, principal in
            let checked = try request.decodeValidated(LabInput.self)
            let input = checked.input
            let results = input.results.map { r in
                LabResult(
                    marker: r.marker, value: r.value, unit: r.unit ?? "mmol/L", refLow: r.refLow, refHigh: r.refHigh)
            }
            let id = try TrainingRecords.addLabPanel(
                userID: principal.caller.id, drawnOn: checked.day, source: input.source, results: results,
                now: app.clock.now(), in: app.db)
            return CreatedID(id: id)
        }
    }
}
