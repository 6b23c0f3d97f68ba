import ForgeCore
import ForgeHTTP
import ForgeHousehold
import ForgeStore
import ForgeTrain
import Foundation

/// `GET /api/history?limit=&offset=&favorites=` (docs/contract.md §3.4): `limit`
/// 1…100 (default 30), `offset` ≥ 0, `favorites` `true/false/1/0/yes/no/on/off`.
struct HistoryQuery: RequestInput {
    var limit: Int?
    var offset: Int?
    /// Read as text so the historical spellings (`1`, `yes`, `on`) keep working.
    var favorites: String?

    static let rules: [InputRule<Self>] = [
        .publish("query", "favorites", keywords: ["enum": ["", "true", "false", "1", "0", "yes", "no", "on", "off"]]),
        .range("query", "limit", within: 1...100) { $0.limit },
        .range("query", "offset", within: 0...Int(Int32.max)) { $0.offset },
        .custom { _ = try $0.favoritesOnly() },
    ]

    /// The `favorites` flag; 422 `bool_parsing` naming `["query", "favorites"]`.
    func favoritesOnly() throws -> Bool {
        guard let text = favorites, !text.isEmpty else { return false }
        switch text.lowercased() {
        case "true", "1", "yes", "on": return true
        case "false", "0", "no", "off": return false
        default:
            throw ValidationFailure.error(
                loc: ["query", "favorites"], type: "bool_parsing",
                msg: "Input should be a valid boolean", input: .string(text))
        }
    }
}

/// One row of `GET /api/history`: a finished session.
struct HistoryEntry: Codable, Sendable {
    let id: String
    /// The trained day, `YYYY-MM-DD`.
    let day: String
    let name: String
    /// `strength` or `cardio`.
    let kind: String
    /// `completed` or `unplanned`.
    let status: String
    let stats: SessionStats
    let favorite: Bool
}

/// One row of `GET /api/records` (docs/contract.md §3.6 `RecordRow`).
struct RecordRow: Codable, Sendable {
    let slug: String
    /// The library name, or the slug when unknown.
    let name: String
    /// `e1rm` or `best_set`.
    let kind: String
    /// e1RM in kg (`e1rm`) or the best set's load in kg (`best_set`).
    let value: Double
    /// `"162.5 lb × 5"` in the member's load unit for the slug.
    let detail: String
    /// The trained day the record was set, `YYYY-MM-DD`.
    let achievedOn: String
}

/// `GET /api/history` (docs/contract.md §3.4, §4.8) and `GET /api/records` (§3.6).
enum HistoryRoutes {
    static func register(_ app: ForgeApp, on router: inout APIRouter) {
        router.route(
            .GET, "/api/history", "Finished sessions, newest trained day first; limit 1…100, offset, favorites",
            access: .member, cache: .day, query: HistoryQuery.self, answers: [HistoryEntry].self, errors: [422]
        ) { request, principal in
            let query = try request.decodeQuery(HistoryQuery.self)
            let favorites = try query.favoritesOnly()
            let rows = try TrainingRecords.history(
                userID: principal.caller.id, limit: query.limit ?? 30, offset: query.offset ?? 0,
                favoritesOnly: favorites, in: app.db)
            return rows.map { s in
                HistoryEntry(
                    id: s.id, day: s.day.description, name: s.name, kind: s.kind, status: s.status,
                    stats: SessionStats(s.stats, kind: s.kind), favorite: s.favorite)
            }
        }
        router.route(
            .GET, "/api/records", "Personal records by slug; detail in the member's load unit",
            access: .member, cache: .day, answers: [RecordRow].self
        ) { _, principal in
            let user = principal.caller.user
            let (records, library) = try TrainingRecords.records(userID: user.id, library: app.exercises, in: app.db)
            return Self.records(records, of: user, library: library)
        }
    }

    /// The records list (§3.6), by slug: `detail` as `"162.5 lb × 5"` in the
    /// member's unit for the slug (docs/contract.md §6.12); `achieved_on` = trained day.
    static func records(_ stored: [StoredRecord], of user: User, library: ExerciseLibrary) -> [RecordRow] {
        stored.map { r in
            RecordRow(
                slug: r.slug, name: library.name(for: r.slug), kind: r.kind.rawValue, value: r.value,
                detail: RecordDetail.text(
                    weightKg: r.weight, reps: r.reps,
                    unit: LoadUnit.preferred(prefs: user.prefs, slug: r.slug)),
                achievedOn: r.achievedOn.description)
        }
    }
}
