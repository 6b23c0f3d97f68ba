import ForgeCore
import ForgeStore
import Foundation

/// One lab result (docs/contract.md §3.9), canonical mmol/L unless `unit` says otherwise.
public struct LabResult: Sendable, Hashable {
    public let marker: String
    public let value: Double
    public let unit: String
    public let refLow: Double?
    public let refHigh: Double?
    public init(marker: String, value: Double, unit: String, refLow: Double?, refHigh: Double?) {
        self.marker = marker
        self.value = value
        self.unit = unit
        self.refLow = refLow
        self.refHigh = refHigh
    }
}

/// A lab panel with its results.
public struct LabPanel: Sendable {
    public let id: String
    public let drawnOn: String
    public let source: String
    public let results: [LabResult]
}

/// Reads and writes `lab_panels` and `lab_results`.
public enum LabStore {
    /// Adds a panel with its results in one transaction; returns its id.
    public static func add(
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
    public static func all(userID: String, in db: Connection) throws -> [LabPanel] {
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
