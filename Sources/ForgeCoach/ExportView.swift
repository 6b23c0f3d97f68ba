import ForgeCook
import ForgeCore
import ForgeHousehold
import ForgeStore
import ForgeTrain
import Foundation

/// The member's own data as one document (`GET /api/export`, docs/contract.md §3.12; issue 42):
/// everything the caller owns and nothing else, training and food. It spans ForgeTrain's rows and
/// ForgeCook's meal logs, so it lives here, beside the other use cases that span both. One read
/// transaction.
package enum ExportView {
    /// `user`'s export (``ExportDocument``): the member's name and units, then their metrics by
    /// instant, sessions by trained day, sets by instant, records by achieved date, and meal logs
    /// by log time. Loads in kilograms, metrics in their canonical units, instants with an offset.
    /// - Throws: storage errors.
    package static func export(of user: User, in database: Database) throws -> ExportDocument {
        try database.read { db in
            let records = try RecordStore.all(userID: user.id, in: db)
                .sorted { ($0.achievedOn, $0.slug, $0.kind.rawValue) < ($1.achievedOn, $1.slug, $1.kind.rawValue) }
                .map { r in
                    ExportRecord(
                        slug: r.slug, kind: r.kind.rawValue, value: r.value,
                        detail: r.detail(for: user), achievedOn: r.achievedOn.description)
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
                    [ExportMeal].self, from: .array(MealLogStore.exportRows(userID: user.id, in: db))))
        }
    }
}

/// `GET /api/export` (docs/contract.md §3.12): the caller's own rows.
package struct ExportDocument: Codable, Sendable {
    package let user: ExportUser
    /// By instant.
    package let metrics: [ExportMetric]
    /// By trained day.
    package let sessions: [ExportSession]
    /// By instant.
    package let sets: [ExportSet]
    /// By achieved date.
    package let records: [ExportRecord]
    /// By log time.
    package let meals: [ExportMeal]
}

package struct ExportUser: Codable, Sendable {
    package let email: String
    package let name: String
    package let units: String
}

/// A metric sample in its canonical unit.
package struct ExportMetric: Codable, Sendable {
    package let type: String
    package let value: Double
    package let unit: String
    /// Datetime with offset.
    package let ts: String
    package let source: String
}

package struct ExportSession: Codable, Sendable {
    package let day: String
    package let name: String
    package let kind: String
    package let status: String
    package let stats: SessionStats
    package let notes: String
    package let cooldownStatus: String
}

/// A logged set; `weight` kg.
package struct ExportSet: Codable, Sendable {
    package let slug: String
    @Nullable package var substitutedFor: String?
    package let setNo: Int
    package let weight: Double
    package let reps: Int
    @Nullable package var rpe: Int?
    package let ts: String
}

package struct ExportRecord: Codable, Sendable {
    package let slug: String
    package let kind: String
    /// kg.
    package let value: Double
    package let detail: String
    package let achievedOn: String
}

/// A meal log: `Macros` (grams; `kcal`; `sodium_mg` milligrams) and where it came from.
package struct ExportMeal: Codable, Sendable {
    package let kcal: Double
    package let proteinG: Double
    package let carbsG: Double
    package let sugarG: Double
    package let fiberG: Double
    package let fatG: Double
    package let satfatG: Double
    package let sodiumMg: Double
    package let day: String
    package let slot: String
    /// Recipe slug or `""`.
    package let recipe: String
    package let label: String
    package let servings: Double
    package let source: String
    package let estimated: Bool
}
