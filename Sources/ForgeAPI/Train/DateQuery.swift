import ForgeCore
import ForgeHTTP
import Foundation

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
