import ForgeCore
import ForgeHTTP
import ForgeHousehold
import ForgeStore
import ForgeTrain
import Foundation

/// `POST /api/body`: `{ type: "height" | "weight" | "body_fat_pct", value: number }`.
struct BodyInput: RequestInput {
    static var example: JSONValue? { ["type": "weight", "value": 72.5] }
    let type: String
    /// cm, kg or % by `type`.
    let value: Double

    /// Plausible values by type (``IngestPlausibility``, shared with `/ingest`):
    /// height cm, weight kg, body fat %.
    static let ranges: [String: ClosedRange<Double>] = [
        "height": IngestPlausibility.heightCm, "weight": IngestPlausibility.massKg,
        "body_fat_pct": IngestPlausibility.percent,
    ]

    /// - Throws: 400 `type must be one of […]`, 400 `value must be positive`
    ///   (docs/contract.md §3.10), then 422 `["body", "value"]` outside the plausible range.
    static let rules: [InputRule<Self>] = [
        .publish("type", keywords: ["enum": .array(ranges.keys.sorted().map(JSONValue.string))]),
        .custom("value", publishing: ["exclusiveMinimum": 0]) {
            guard let range = ranges[$0.type] else {
                throw HTTPError(400, "type must be one of ['body_fat_pct', 'height', 'weight']")
            }
            guard $0.value > 0 else { throw HTTPError(400, "value must be positive") }
            try Check.range($0.value, range, "value")
        },
    ]
}

/// `PATCH /api/prefs`: `{ prefs?: object, units?: string | null }`.
/// Keys the server (or the contract) types are checked (``PrefsCheck``);
/// any other client key is stored verbatim.
struct PrefsInput: RequestInput {
    static var example: JSONValue? { ["prefs": ["unit_load": "kg", "hr_max": 185]] }
    var prefs: [String: JSONValue]?
    /// Applied only when `kg` or `lb`; anything else (even a non-string) is ignored.
    var units: JSONValue?

    static let rules: [InputRule<Self>] = [
        .custom("prefs", publishing: ["maxProperties": .int(PrefsCheck.maxKeys)]) {
            try PrefsCheck.validate($0.prefs ?? [:])
        }
    ]
}

/// `{ prefs: object, units: string }`: the stored prefs after the merge.
struct PrefsAnswer: Codable, Sendable {
    /// Keys verbatim, sorted.
    let prefs: [String: JSONValue]
    let units: String
}

/// Body measurements and preferences (docs/contract.md §3.10).
enum BodyRoutes {
    static func register(_ app: ForgeApp, on router: inout APIRouter) {
        router.route(
            .POST, "/api/body", "Record height (cm), weight (kg) or body fat (%)",
            access: .member, body: BodyInput.self, answers: OK.self, errors: [400, 422]
        ) { request, principal in
            let input = try request.decode(BodyInput.self)
            try BodyMetrics.record(
                type: input.type, value: input.value, userID: principal.caller.id, now: app.clock.now(), in: app.db)
            return OK()
        }
        router.route(
            .PATCH, "/api/prefs", "Shallow-merge preferences; set the bodyweight unit",
            access: .member, body: PrefsInput.self, bodyOptional: true, answers: PrefsAnswer.self,
            errors: [422]
        ) { request, principal in
            let input = try request.decodeOptional(PrefsInput.self)
            let incoming = try PrefsCheck.normalized(input.prefs ?? [:])
            let stored = try MemberPreferences.update(
                merge: incoming, units: input.units?.stringValue, userID: principal.caller.id, in: app.db)
            return PrefsAnswer(prefs: stored.prefs, units: stored.units)
        }
    }
}
