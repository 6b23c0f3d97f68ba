import ForgeCore
import ForgeHTTP
import ForgeStore
import ForgeTrain
import Foundation

/// `POST /api/body`: `{ type: "height" | "weight" | "body_fat_pct", value: number }`.
struct BodyInput: RequestInput {
    let type: String
    /// cm, kg or % by `type`.
    let value: Double

    /// Plausible values by type: height cm, weight kg, body fat %.
    static let ranges: [String: ClosedRange<Double>] = [
        "height": 50...272, "weight": 20...400, "body_fat_pct": 1...75,
    ]

    /// - Throws: 400 `type must be one of […]`, 400 `value must be positive`
    ///   (API.md §3.10), then 422 `["body", "value"]` outside the plausible range.
    func validate() throws {
        Check.publish(["enum": .array(Self.ranges.keys.sorted().map(JSONValue.string))], "type")
        Check.publish(["exclusiveMinimum": 0], "value")
        guard let range = Self.ranges[type] else {
            throw HTTPError(400, "type must be one of ['body_fat_pct', 'height', 'weight']")
        }
        guard value > 0 else { throw HTTPError(400, "value must be positive") }
        try Check.range(value, range, "value")
    }
}

/// `PATCH /api/prefs`: `{ prefs?: object, units?: string | null }`.
/// Keys the server (or the contract) types are checked (``PrefsCheck``);
/// any other client key is stored verbatim.
struct PrefsInput: RequestInput {
    var prefs: [String: JSONValue]?
    /// Applied only when `kg` or `lb`; anything else (even a non-string) is ignored.
    var units: JSONValue?

    func validate() throws { try PrefsCheck.validate(prefs ?? [:]) }
}

/// `{ prefs: object, units: string }`: the stored prefs after the merge.
struct PrefsAnswer: Codable, Sendable {
    /// Keys verbatim, sorted.
    let prefs: [String: JSONValue]
    let units: String
}

/// Type and range checks of the prefs keys API.md §1.3, §3.10 and §5.4
/// give a type (and the client's `birth_year`, a year 1900–2100). Each failure is a 422 naming `["body", "prefs", key, …]`.
/// A `null` clears a key back to its default and is always accepted.
enum PrefsCheck {
    /// The most keys one prefs object may hold.
    static let maxKeys = 200
    /// Load units (`unit_load`, `load_units` values).
    static let loadUnits = ["kg", "lb"]
    static let lipidUnits = ["mmol", "mgdl"]
    static let heightUnits = ["cm", "ftin"]
    /// A goal bodyweight, kg.
    static let bodyMassKg = 20.0...400.0
    /// Cook nights a week.
    static let cookNights = 0...7
    /// A weekly budget in the household's currency.
    static let budget = 0.0...100_000.0
    /// The `Macros` keys `nutrition_targets` may set.
    static let macros = ["kcal", "protein_g", "carbs_g", "sugar_g", "fiber_g", "fat_g", "satfat_g", "sodium_mg"]

    static func validate(_ prefs: [String: JSONValue]) throws {
        try Check.count(prefs, max: maxKeys, "prefs")
        for key in prefs.keys.sorted() {
            let value = prefs[key]!
            try Check.length(key, max: Bounds.label, "prefs")
            if value.isNull { continue }
            let loc: [JSONValue] = ["prefs", .string(key)]
            switch key {
            case "unit_load": try oneOf(value, loadUnits, loc)
            case "unit_lipids": try oneOf(value, lipidUnits, loc)
            case "unit_height": try oneOf(value, heightUnits, loc)
            case "load_units":
                let map = try decode([String: JSONValue].self, value, loc)
                try count(map, loc)
                for (slug, unit) in map {
                    try length(slug, Bounds.label, loc)
                    try oneOf(unit, loadUnits, loc + [.string(slug)])
                }
            case "hr_max": try range(try decode(Int.self, value, loc), Bounds.heartRate, loc)
            case "goal_weight_kg": try range(try decode(Double.self, value, loc), bodyMassKg, loc)
            case "cook_nights": try range(try decode(Int.self, value, loc), cookNights, loc)
            case "budget_grocery", "budget_lunch": try range(try decode(Double.self, value, loc), budget, loc)
            case "notif_proposal", "notif_reminder": _ = try decode(Bool.self, value, loc)
            case "birth_year": try range(try decode(Int.self, value, loc), Bounds.years, loc)
            case "coach_style", "coach_approval": try length(try decode(String.self, value, loc), Bounds.label, loc)
            case "nutrition_targets":
                let map = try decode([String: JSONValue].self, value, loc)
                for name in macros {
                    guard let v = map[name], !v.isNull else { continue }
                    try range(try decode(Double.self, v, loc + [.string(name)]),
                              name == "kcal" ? Bounds.kcal : Bounds.macro, loc + [.string(name)])
                }
            default:
                // A client's own key: kept verbatim, only its size is bounded.
                if case .string(let s) = value { try length(s, Bounds.note, loc) }
            }
        }
    }

    private static func decode<T: Decodable>(_ type: T.Type, _ value: JSONValue, _ loc: [JSONValue]) throws -> T {
        do { return try WireDecoder.decode(type, from: value) } catch let e as WireDecodingError {
            throw ValidationFailure.error(loc: ["body"] + loc + e.loc, type: e.type, msg: e.message, input: e.input)
        }
    }

    private static func oneOf(_ value: JSONValue, _ allowed: [String], _ loc: [JSONValue]) throws {
        let text = try decode(String.self, value, loc)
        guard !allowed.contains(text) else { return }
        throw ValidationFailure.error(loc: ["body"] + loc, type: "enum",
                                      msg: "Input should be " + allowed.map { "'\($0)'" }.joined(separator: " or "),
                                      input: value)
    }

    private static func range<T: Comparable & Numeric>(_ value: T, _ bounds: ClosedRange<T>, _ loc: [JSONValue]) throws {
        guard !bounds.contains(value) else { return }
        let low = value < bounds.lowerBound
        throw ValidationFailure.error(loc: ["body"] + loc, type: low ? "greater_than_equal" : "less_than_equal",
                                      msg: low ? "Input should be greater than or equal to \(bounds.lowerBound)"
                                               : "Input should be less than or equal to \(bounds.upperBound)",
                                      input: nil)
    }

    private static func length(_ value: String, _ max: Int, _ loc: [JSONValue]) throws {
        guard value.count > max else { return }
        throw ValidationFailure.error(loc: ["body"] + loc, type: "string_too_long",
                                      msg: "String should have at most \(max) characters", input: nil)
    }

    private static func count(_ map: [String: JSONValue], _ loc: [JSONValue]) throws {
        guard map.count > maxKeys else { return }
        throw ValidationFailure.error(loc: ["body"] + loc, type: "too_long",
                                      msg: "Object should have at most \(maxKeys) keys", input: nil)
    }
}

/// Body measurements and preferences (API.md §3.10).
enum BodyRoutes {
    /// Accepted body types and their canonical units.
    static let bodyUnits: [String: String] = ["height": "cm", "weight": "kg", "body_fat_pct": "%"]

    static func register(_ app: ForgeApp, on router: inout APIRouter) {
        router.route(.POST, "/api/body", "Record height (cm), weight (kg) or body fat (%)",
                     access: .member, body: BodyInput.self, answers: OK.self, errors: [400, 422]) { request, principal in
            let input = try request.decode(BodyInput.self)
            let unit = bodyUnits[input.type] ?? ""
            let now = app.clock.now()
            try app.db.write { db in
                try MetricStore.record(userID: principal.caller.id, type: input.type, value: Rounding.round2(input.value),
                                       unit: unit, at: now, source: "manual", in: db)
            }
            return OK()
        }
        router.route(.PATCH, "/api/prefs", "Shallow-merge preferences; set the bodyweight unit",
                     access: .member, body: PrefsInput.self, bodyOptional: true, answers: PrefsAnswer.self,
                     errors: [422]) { request, principal in
            let input = try request.decodeOptional(PrefsInput.self)
            let incoming = input.prefs ?? [:]
            let units = input.units?.stringValue
            return try app.db.write { db in
                guard let user = try UserDirectory.find(id: principal.caller.id, in: db) else { throw HTTPError(401, "unknown user") }
                var prefs = user.prefs
                for (k, v) in incoming { prefs[k] = v }
                if prefs != user.prefs { try UserDirectory.setPrefs(prefs, userID: user.id, in: db) }
                var finalUnits = user.units
                if let u = units, u == "kg" || u == "lb" {
                    try db.execute("UPDATE users SET units = ? WHERE id = ?", [u, user.id])
                    finalUnits = u
                }
                return PrefsAnswer(prefs: prefs, units: finalUnits)
            }
        }
    }
}
