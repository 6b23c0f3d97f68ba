import ForgeCore
import ForgeHousehold
import ForgeStore
import ForgeTrain

/// The cardio additions to `GET /api/sessions/{sid}` (docs/contract.md §3.3, §4.12):
/// `series {hr?, route?}` when traces are stored, and `zones` when there is
/// an HR trace.
enum CardioDetail {
    /// `detail` with `series` and `zones` added for a cardio session with traces.
    static func adding(to detail: JSONValue, session s: StoredSession, user: User, in db: Connection) throws
        -> JSONValue
    {
        guard s.kind == "cardio", case .object(var o) = detail,
            let trace = try CardioStore.trace(sessionID: s.id, userID: user.id, in: db), !trace.isEmpty
        else { return detail }
        o["series"] = trace.series
        let hrMax = user.prefs["hr_max"]?.doubleValue
        if let zones = FiveZones.of(trace, prefsHRMax: hrMax) { o["zones"] = zones.json }
        return .object(o)
    }
}
