import ForgeCore

/// docs/contract.md `SeriesPoint`: `{ d: date, v: number }`, `v` always a JSON
/// number with a decimal point (kg, %, bpm, hours, ml/kg/min by series).
package struct WirePoint: Codable, Sendable, Equatable {
    /// The household (or trained) date of the point, `YYYY-MM-DD`.
    package let d: String
    package let v: Double

    package init(_ day: LocalDate, _ value: Double) {
        d = day.description
        v = value
    }

    /// A series as wire points, in the given order.
    package static func list(_ points: [(LocalDate, Double)]) -> [WirePoint] { points.map { WirePoint($0.0, $0.1) } }
}
