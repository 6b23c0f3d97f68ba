import ForgeCore
import ForgeHTTP
import ForgeStore

extension ForgeApp {
    /// A signed-in `GET` handler for a Monday-snapped week (`/api/week`;
    /// `/api/food/week` is typed, see `FoodWeekRoutes`): reads `?date=` (default today, 422 when malformed)
    /// and answers `week(user, date, today, connection)` as JSON, in one read
    /// transaction.
    func weekReader(_ week: @escaping @Sendable (User, LocalDate, LocalDate, Connection) throws -> JSONValue) -> Handler {
        signedIn { [self] request, caller in
            let today = self.today
            let date = try request.dateParameter(default: today)
            return .json(try db.read { db in try week(caller.user, date, today, db) })
        }
    }
}
