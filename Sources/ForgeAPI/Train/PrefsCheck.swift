import ForgeCore
import ForgeHTTP
import ForgeTrain

/// Type and range checks of the prefs keys docs/contract.md §1.3, §3.10 and §5.4
/// give a type (and the client's `birth_year`, a year 1900–2100). Each
/// failure is a 422 naming `["body", "prefs", key, …]`. A `null` clears a
/// key back to its default and is always accepted. Typed keys are stored in
/// their type (`"185"` for `hr_max` is stored as `185`, `"true"` as `true`),
/// so what is read back is what the contract types; a client's own keys are
/// stored as sent, their size bounded.
enum PrefsCheck {
    /// The most keys one prefs object (or one map inside it) may hold.
    static let maxKeys = 200
    /// Load units (`unit_load`, `load_units` values).
    static let loadUnits = ["kg", "lb"]
    static let lipidUnits = ["mmol", "mgdl"]
    static let heightUnits = ["cm", "ftin"]
    /// A goal bodyweight, kg (the same range as a recorded one).
    static let bodyMassKg = IngestPlausibility.massKg
    /// Cook nights a week.
    static let cookNights = 0...7
    /// A weekly budget in the household's currency.
    static let budget = 0.0...100_000.0
    /// The `Macros` keys `nutrition_targets` may set.
    static let macros = ["kcal", "protein_g", "carbs_g", "sugar_g", "fiber_g", "fat_g", "satfat_g", "sodium_mg"]

    /// Checks `prefs`. - Throws: 422 naming the first key that does not fit.
    static func validate(_ prefs: [String: JSONValue]) throws { _ = try normalized(prefs) }

    /// `prefs` with every typed key in its type.
    /// - Throws: 422 naming the first key that does not fit.
    static func normalized(_ prefs: [String: JSONValue]) throws -> [String: JSONValue] {
        try Check.count(prefs, max: maxKeys, "prefs")
        var out: [String: JSONValue] = [:]
        for key in prefs.keys.sorted() {
            let value = prefs[key]!
            try Check.length(key, max: Bounds.label, "prefs")
            out[key] = value.isNull ? .null : try typed(key, value, at: ["prefs", .string(key)])
        }
        return out
    }

    private static func typed(_ key: String, _ value: JSONValue, at loc: [JSONValue]) throws -> JSONValue {
        func string(_ allowed: [String]) throws -> JSONValue {
            let text = try Check.decode(String.self, value, at: loc)
            try Check.oneOf(text, allowed, at: loc)
            return .string(text)
        }
        func int(_ bounds: ClosedRange<Int>) throws -> JSONValue {
            let n = try Check.decode(Int.self, value, at: loc)
            try Check.range(n, bounds, at: loc)
            return .int(n)
        }
        func double(_ bounds: ClosedRange<Double>, _ v: JSONValue, _ at: [JSONValue]) throws -> JSONValue {
            let x = try Check.decode(Double.self, v, at: at)
            try Check.range(x, bounds, at: at)
            return .double(x)
        }
        switch key {
        case "unit_load": return try string(loadUnits)
        case "unit_lipids": return try string(lipidUnits)
        case "unit_height": return try string(heightUnits)
        case "load_units":
            let map = try Check.decode([String: JSONValue].self, value, at: loc)
            try Check.count(map, max: maxKeys, at: loc)
            var out: [String: JSONValue] = [:]
            for (slug, unit) in map {
                try Check.length(slug, max: Bounds.label, at: loc)
                let text = try Check.decode(String.self, unit, at: loc + [.string(slug)])
                try Check.oneOf(text, loadUnits, at: loc + [.string(slug)])
                out[slug] = .string(text)
            }
            return .object(out)
        case "hr_max": return try int(Bounds.heartRate)
        case "goal_weight_kg": return try double(bodyMassKg, value, loc)
        case "cook_nights": return try int(cookNights)
        case "budget_grocery", "budget_lunch": return try double(budget, value, loc)
        case "notif_proposal", "notif_reminder": return .bool(try Check.decode(Bool.self, value, at: loc))
        case "birth_year": return try int(Bounds.years)
        case "coach_style", "coach_approval":
            let text = try Check.decode(String.self, value, at: loc)
            try Check.length(text, max: Bounds.label, at: loc)
            return .string(text)
        case "nutrition_targets":
            var map = try Check.decode([String: JSONValue].self, value, at: loc)
            for name in macros {
                guard let v = map[name], !v.isNull else { continue }
                map[name] = try double(name == "kcal" ? Bounds.kcal : Bounds.macro, v, loc + [.string(name)])
            }
            return .object(map)
        default:
            // A client's own key: kept verbatim, only its size is bounded.
            if case .string(let s) = value { try Check.length(s, max: Bounds.note, at: loc) }
            return value
        }
    }
}
