import ForgeCore
import ForgeStore
import Foundation

/// One stored metric sample (docs/contract.md `MetricPoint`): canonical value and unit, stored instant.
package struct MetricSample: Sendable, Equatable {
    package let value: Double
    package let unit: String
    /// Stored instant (ISO 8601 UTC).
    package let ts: String
}

/// Read queries over `metrics`.
package enum MetricQueries {
    /// The latest sample of `type`, any age.
    package static func latest(userID: String, type: String, in db: Connection) throws -> MetricSample? {
        try db.queryOne(
            "SELECT value, unit, ts FROM metrics WHERE user_id = ? AND type = ? ORDER BY ts DESC, rowid DESC LIMIT 1",
            [userID, type]
        ).map { row in
            MetricSample(value: try row.get("value"), unit: try row.get("unit"), ts: try row.get("ts"))
        }
    }
}

/// A planned item (docs/contract.md §3.2): a user's pencil mark on a calendar date.
package struct PlannedItem: Sendable, Encodable {
    package let id: String
    package let date: String
    package let kind: String
    package let title: String
    package let notes: String
    package let plan_day: String?

    package func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(id, forKey: .id)
        try c.encode(date, forKey: .date)
        try c.encode(kind, forKey: .kind)
        try c.encode(title, forKey: .title)
        try c.encode(notes, forKey: .notes)
        try c.encode(plan_day, forKey: .plan_day)  // always present, null when unset
    }
    enum CodingKeys: String, CodingKey { case id, date, kind, title, notes, plan_day }
}

/// Read queries over `planned_items`.
package enum PlannedItemQueries {
    /// Items of the user dated `from...to`, oldest-created first.
    package static func items(userID: String, from: LocalDate, to: LocalDate, in db: Connection) throws -> [PlannedItem]
    {
        try db.query(
            """
            SELECT * FROM planned_items WHERE user_id = ? AND date >= ? AND date <= ? ORDER BY created_at, rowid
            """, [userID, from.description, to.description]
        ).map { row in
            PlannedItem(
                id: try row.get("id"), date: try row.get("date"), kind: try row.get("kind"),
                title: try row.get("title"), notes: try row.get("notes"), plan_day: try row.optional("plan_day"))
        }
    }
}
