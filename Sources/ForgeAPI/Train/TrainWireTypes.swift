import ForgeCore
import ForgeHTTP
import ForgeTrain
import Foundation

// Wire shapes shared by the training data routes (docs/contract.md §2, §3.2–§3.12).

/// docs/contract.md `SeriesPoint`: `{ d: date, v: number }`, `v` always a JSON
/// number with a decimal point (kg, %, bpm, hours, ml/kg/min by series).
struct WirePoint: Codable, Sendable, Equatable {
    /// The household (or trained) date of the point, `YYYY-MM-DD`.
    let d: String
    let v: Double

    init(_ day: LocalDate, _ value: Double) {
        d = day.description
        v = value
    }

    /// A series as wire points, in the given order.
    static func list(_ points: [(LocalDate, Double)]) -> [WirePoint] { points.map { WirePoint($0.0, $0.1) } }
}

/// A `?date=` query (`GET /api/week`): absent or empty means today; a
/// non-ISO value is 400 `bad date` (docs/contract.md §1.2); a year outside 1900–2100 is 422.
struct DateQuery: ValidatingInput {
    var date: String?

    static let rules: [InputRule<Self>] = [.dateText("query", "date")]

    /// The date asked for, nil for today.
    /// - Throws: 400 `bad date` unless `YYYY-MM-DD`; 422 `["query", "date"]` outside 1900–2100.
    func validated() throws -> LocalDate? {
        try FoodField.date(date, loc: ["query", "date"])
    }
}
