import ForgeCore
import ForgeHTTP
import ForgeStore
import ForgeTrain
import Foundation

/// `GET /api/export` (docs/contract.md §3.12): the caller's own rows.
struct ExportDocument: Codable, Sendable {
    let user: ExportUser
    /// By instant.
    let metrics: [ExportMetric]
    /// By trained day.
    let sessions: [ExportSession]
    /// By instant.
    let sets: [ExportSet]
    /// By achieved date.
    let records: [ExportRecord]
    /// By log time.
    let meals: [ExportMeal]
}

struct ExportUser: Codable, Sendable {
    let email: String
    let name: String
    let units: String
}

/// A metric sample in its canonical unit.
struct ExportMetric: Codable, Sendable {
    let type: String
    let value: Double
    let unit: String
    /// Datetime with offset.
    let ts: String
    let source: String
}

struct ExportSession: Codable, Sendable {
    let day: String
    let name: String
    let kind: String
    let status: String
    let stats: SessionStats
    let notes: String
    let cooldownStatus: String
}

/// A logged set; `weight` kg.
struct ExportSet: Codable, Sendable {
    let slug: String
    @Nullable var substitutedFor: String?
    let setNo: Int
    let weight: Double
    let reps: Int
    @Nullable var rpe: Int?
    let ts: String
}

struct ExportRecord: Codable, Sendable {
    let slug: String
    let kind: String
    /// kg.
    let value: Double
    let detail: String
    let achievedOn: String
}

/// A meal log: `Macros` (grams; `kcal`; `sodium_mg` milligrams) and where it came from.
struct ExportMeal: Codable, Sendable {
    let kcal: Double
    let proteinG: Double
    let carbsG: Double
    let sugarG: Double
    let fiberG: Double
    let fatG: Double
    let satfatG: Double
    let sodiumMg: Double
    let day: String
    let slot: String
    /// Recipe slug or `""`.
    let recipe: String
    let label: String
    let servings: Double
    let source: String
    let estimated: Bool
}

/// `GET /api/export` (docs/contract.md §3.12): everything the caller owns, nothing else.
enum ExportRoutes {
    static func register(_ app: ForgeApp, on router: inout APIRouter) {
        router.route(
            .GET, "/api/export", "The caller's own data as JSON",
            access: .member, answers: ExportDocument.self
        ) { _, principal in
            let user = principal.caller.user
            return try app.db.read { db in
                let records = try RecordStore.all(userID: user.id, in: db)
                    .sorted { ($0.achievedOn, $0.slug, $0.kind.rawValue) < ($1.achievedOn, $1.slug, $1.kind.rawValue) }
                    .map { r in
                        ExportRecord(
                            slug: r.slug, kind: r.kind.rawValue, value: r.value,
                            detail: RecordDetail.text(
                                weightKg: r.weight, reps: r.reps,
                                unit: LoadUnit.preferred(prefs: user.prefs, slug: r.slug)),
                            achievedOn: r.achievedOn.description)
                    }
                let sessions = try ExportQueries.sessions(userID: user.id, in: db).map { s in
                    ExportSession(
                        day: s["day"]?.stringValue ?? "", name: s["name"]?.stringValue ?? "",
                        kind: s["kind"]?.stringValue ?? "", status: s["status"]?.stringValue ?? "",
                        stats: SessionStats(s["stats"] ?? .object([:]), kind: s["kind"]?.stringValue ?? ""),
                        notes: s["notes"]?.stringValue ?? "", cooldownStatus: s["cooldown_status"]?.stringValue ?? "")
                }
                return ExportDocument(
                    user: ExportUser(email: user.email, name: user.name, units: user.units),
                    metrics: try WireDecoder.decode(
                        [ExportMetric].self, from: .array(ExportQueries.metrics(userID: user.id, in: db))),
                    sessions: sessions,
                    sets: try WireDecoder.decode(
                        [ExportSet].self, from: .array(ExportQueries.sets(userID: user.id, in: db))),
                    records: records,
                    meals: try WireDecoder.decode(
                        [ExportMeal].self, from: .array(ExportQueries.meals(userID: user.id, in: db))))
            }
        }
    }
}
