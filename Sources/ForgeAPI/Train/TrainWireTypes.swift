import ForgeCore
import ForgeHTTP
import ForgeTrain
import Foundation

// Wire shapes shared by the training data routes (API.md §2, §3.2–§3.12).

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

/// A 422 for a query parameter (`loc: ["query", name]`); ``Check`` names body fields only.
enum QueryCheck {
    static func range(_ value: Int?, _ bounds: ClosedRange<Int>, _ name: String) throws {
        if let recorder = Check.recorder {
            return recorder.record([.string(name)], ["minimum": .int(bounds.lowerBound), "maximum": .int(bounds.upperBound)])
        }
        guard let value, !bounds.contains(value) else { return }
        let low = value < bounds.lowerBound
        throw ValidationFailure.error(loc: ["query", .string(name)], type: low ? "greater_than_equal" : "less_than_equal",
                                      msg: low ? "Input should be greater than or equal to \(bounds.lowerBound)"
                                               : "Input should be less than or equal to \(bounds.upperBound)",
                                      input: .string(String(value)))
    }

    static func length(_ value: String?, max: Int, _ name: String) throws {
        if let recorder = Check.recorder { return recorder.record([.string(name)], ["maxLength": .int(max)]) }
        guard let value, value.unicodeScalars.count > max else { return }
        throw ValidationFailure.error(loc: ["query", .string(name)], type: "string_too_long",
                                      msg: "String should have at most \(max) characters", input: nil)
    }
}

/// A `?date=` query (`GET /api/week`): absent or empty means today; a
/// non-ISO value is 400 `bad date` (API.md §1.2); a year outside 1900–2100 is 422.
struct DateQuery: RequestInput {
    var date: String?

    func validate() throws {
        Check.dateText("query", "date")
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
