import ForgeCore
import ForgeStore
import Foundation

/// One lab result (docs/contract.md §3.9), canonical mmol/L unless `unit` says otherwise.
package struct LabResult: Sendable, Hashable {
    package let marker: String
    package let value: Double
    package let unit: String
    package let refLow: Double?
    package let refHigh: Double?
    package init(marker: String, value: Double, unit: String, refLow: Double?, refHigh: Double?) {
        self.marker = marker
        self.value = value
        self.unit = unit
        self.refLow = refLow
        self.refHigh = refHigh
    }
}

/// A lab panel with its results.
package struct LabPanel: Sendable {
    package let id: String
    package let drawnOn: String
    package let source: String
    package let results: [LabResult]
}

/// Reads and writes `lab_panels` and `lab_results`.
package enum LabStore {
    /// Adds a panel with its results in one transaction; returns its id.
    package static func add(
        userID: String, drawnOn: LocalDate, source: String, results: [LabResult], now: Date,
        in db: Connection
    ) throws -> String {
        let id = Identifier.make()
        try db.execute(
            "INSERT INTO lab_panels (id, user_id, drawn_on, source, created_at) VALUES (?, ?, ?, ?, ?)",
            [id, userID, drawnOn.description, source, Instant.storage(now)])
        for (i, r) in results.enumerated() {
            try db.execute(
                """
                INSERT INTO lab_results (panel_id, seq, marker, value, unit, ref_low, ref_high) VALUES (?, ?, ?, ?, ?, ?, ?)
                """, [id, i, r.marker, r.value, r.unit, r.refLow, r.refHigh])
        }
        return id
    }

    /// The user's panels, oldest drawn first (then creation order).
    package static func all(userID: String, in db: Connection) throws -> [LabPanel] {
        try db.query("SELECT * FROM lab_panels WHERE user_id = ? ORDER BY drawn_on, created_at, rowid", [userID]).map {
            p in
            let id: String = try p.get("id")
            let results = try db.query("SELECT * FROM lab_results WHERE panel_id = ? ORDER BY seq", [id]).map { r in
                LabResult(
                    marker: try r.get("marker"), value: try r.get("value"), unit: try r.get("unit"),
                    refLow: try r.optional("ref_low"), refHigh: try r.optional("ref_high"))
            }
            return LabPanel(id: id, drawnOn: try p.get("drawn_on"), source: try p.get("source"), results: results)
        }
    }
}
