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
            try TrainingRecords.records(of: principal.caller.user, library: app.exercises, in: app.db)
        }
    }
}
