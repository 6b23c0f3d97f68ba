import ForgeCore
import ForgeHTTP
import ForgeTrain
import Foundation

// Wire shapes shared by the training data routes (API.md §2, §3.2–§3.12).

/// `{ ok: true }`: the answer of a write that reports nothing else.
struct OK: Codable, Sendable, Equatable {
    var ok = true
}

/// `{ id: string }`: the answer of a create (`POST /api/niggles`, `POST /api/labs`).
struct CreatedID: Codable, Sendable, Equatable {
    /// The new row's id (32 lowercase hex).
    let id: String
}

/// API.md `SeriesPoint`: `{ d: date, v: number }`, `v` always a JSON
/// number with a decimal point (kg, %, bpm, hours, ml/kg/min by series).
struct WirePoint: Codable, Sendable, Equatable {
    /// The household (or trained) date of the point, `YYYY-MM-DD`.
    let d: String
    let v: Double

    init(_ day: LocalDate, _ value: Double) { d = day.description; v = value }

    /// A series as wire points, in the given order.
    static func list(_ points: [(LocalDate, Double)]) -> [WirePoint] { points.map { WirePoint($0.0, $0.1) } }
}

/// A session's stored `stats` document (API.md §2 `StrengthStats` /
/// `CardioStats`), written in the contract's key order with each number in
/// its contract type: kilograms, minutes, bpm, km and kcal always with a
/// decimal point (`60.0` even when stored as `60`), counts as integers.
/// Keys the contract does not list follow, sorted, verbatim; a stored `null`
/// stays `null`, an absent key stays absent. Empty `{}` for an active session.
struct SessionStats: Codable, Sendable, Equatable, WireSchemaDescribed {
    /// The stored document (an object; anything else answers `{}`).
    let raw: [String: JSONValue]
    /// Whether the document is a strength session's (`StrengthStats` order).
    let strength: Bool

    private enum Number { case double, int, asStored, bool, target }

    /// `StrengthStats` in contract order. `duration_s` whole seconds.
    private static let strengthKeys: [(String, Number)] = [
        ("tonnage", .double), ("sets_done", .int), ("sets_planned", .int), ("partial", .bool),
        ("avg_rpe", .double), ("duration_s", .int),
    ]
    /// `CardioStats` in contract order.
    private static let cardioKeys: [(String, Number)] = [
        ("duration_s", .double), ("distance", .double), ("avg_hr", .double), ("max_hr", .double), ("kcal", .double),
        ("pace_min_km", .double), ("hr_samples", .int), ("zone2_min", .double), ("target", .target),
        ("zone_min", .double), ("pct_in_zone", .int),
    ]

    /// An object: `StrengthStats` or `CardioStats` members, extra keys allowed.
    static var wireSchema: JSONValue {
        var properties: [String: JSONValue] = [:]
        for (key, number) in strengthKeys + cardioKeys {
            switch number {
            case .double: properties[key] = ["anyOf": [["type": "number"], ["type": "null"]]]
            case .int: properties[key] = ["type": "integer"]
            case .bool: properties[key] = ["type": "boolean"]
            case .asStored, .target: properties[key] = [:]
            }
        }
        properties["duration_s"] = ["anyOf": [["type": "number"], ["type": "null"]]]
        return ["type": "object", "properties": .object(properties), "additionalProperties": true,
                "description": "StrengthStats or CardioStats (API.md §2); {} while a session is active"]
    }

    /// - Parameters:
    ///   - stats: the stored document.
    ///   - kind: the session's kind (`strength` or `cardio`); a document
    ///     holding `tonnage` is read as strength whatever the kind.
    init(_ stats: JSONValue, kind: String) {
        raw = stats.objectValue ?? [:]
        strength = kind == "strength" || raw["tonnage"] != nil || raw["sets_done"] != nil
    }

    init(from decoder: Decoder) throws {
        let value = try JSONValue(from: decoder)
        self.init(value, kind: value["tonnage"] != nil ? "strength" : "cardio")
    }

    func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: RawKey.self)
        let known = strength ? Self.strengthKeys : Self.cardioKeys
        for (key, number) in known {
            guard let value = raw[key] else { continue }
            let k = RawKey(key)
            switch (number, value) {
            case (_, .null): try c.encodeNil(forKey: k)
            case (.double, _) where value.doubleValue != nil: try c.encode(value.doubleValue!, forKey: k)
            case (.int, _) where value.doubleValue.map({ $0 == $0.rounded() && abs($0) < 1e15 }) == true:
                try c.encode(Int(value.doubleValue!), forKey: k)
            case (.target, .object):
                if let target = try? WireDecoder.decode(CardioTarget.self, from: value) {
                    try c.encode(target, forKey: k)
                } else { try c.encode(value, forKey: k) }
            default: try c.encode(value, forKey: k)
            }
        }
        let names = Set(known.map(\.0))
        for key in raw.keys.sorted() where !names.contains(key) { try c.encode(raw[key]!, forKey: RawKey(key)) }
    }
}

/// `CardioStats.target`: the prescription a synced run was matched to.
struct CardioTarget: Codable, Sendable, Equatable {
    @Nullable var type: String?
    /// Prescribed minutes.
    @Nullable var minutes: Int?
    /// Heart-rate band, bpm.
    @Nullable var hrLow: Int?
    @Nullable var hrHigh: Int?
}

/// A 422 for a query parameter (`loc: ["query", name]`); ``Check`` names body fields only.
enum QueryCheck {
    static func range(_ value: Int?, _ bounds: ClosedRange<Int>, _ name: String) throws {
        guard let value, !bounds.contains(value) else { return }
        let low = value < bounds.lowerBound
        throw ValidationFailure.error(loc: ["query", .string(name)], type: low ? "greater_than_equal" : "less_than_equal",
                                      msg: low ? "Input should be greater than or equal to \(bounds.lowerBound)"
                                               : "Input should be less than or equal to \(bounds.upperBound)",
                                      input: .string(String(value)))
    }

    static func length(_ value: String?, max: Int, _ name: String) throws {
        guard let value, value.count > max else { return }
        throw ValidationFailure.error(loc: ["query", .string(name)], type: "string_too_long",
                                      msg: "String should have at most \(max) characters", input: nil)
    }
}

/// A `?date=` query (`GET /api/week`): absent or empty means today; a
/// non-ISO value is 400 `bad date` (API.md §1.2); a year outside 1900–2100 is 422.
struct DateQuery: RequestInput {
    var date: String?

    func validate() throws {
        guard let text = date, !text.isEmpty else { return }
        guard let d = LocalDate(text) else { throw HTTPError(400, "bad date") }
        if !Bounds.years.contains(d.year) {
            throw ValidationFailure.error(loc: ["query", "date"], type: "date_out_of_range",
                                          msg: "Date should be in the years 1900–2100", input: .string(text))
        }
    }

    /// The requested date, or `today`.
    func day(default today: LocalDate) -> LocalDate {
        date.flatMap { $0.isEmpty ? nil : LocalDate($0) } ?? today
    }
}
