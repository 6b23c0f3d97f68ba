import ForgeCore
import ForgeStore
import Foundation

/// A member's body measurements entered by hand (docs/contract.md §3.9 `POST /api/body`; issue 42).
package enum BodyMetrics {
    /// Accepted measurement types and their canonical units.
    package static let units: [String: String] = ["height": "cm", "weight": "kg", "body_fat_pct": "%"]

    /// Records `value` of `type` (one of ``units``' keys, in its unit; rounded half-to-even to
    /// 2 dp) at `now`, source `manual`.
    package static func record(type: String, value: Double, userID: String, now: Date, in database: Database) throws {
        try database.write { db in
            try MetricStore.record(
                userID: userID, type: type, value: Rounding.round2(value), unit: units[type] ?? "", at: now,
                source: "manual", in: db)
        }
    }
}
