import ForgeCore
import ForgeStore
import Foundation

extension LabStore {
    /// Stores a lab panel of the original Forge server with its own id (`forged
    /// import forge-server`), drawn on `drawnOn` (`YYYY-MM-DD`); its results follow
    /// with ``insertMovedResult(panelID:seq:result:in:)``.
    package static func insertKeepingID(
        id: String, userID: String, drawnOn: String, source: String, createdAt: Date, in db: Connection
    ) throws {
        try db.execute(
            "INSERT INTO lab_panels (id, user_id, drawn_on, source, created_at) VALUES (?, ?, ?, ?, ?)",
            [id, userID, drawnOn, source, Instant.storage(createdAt)])
    }

    /// Stores one result of a panel written by ``insertKeepingID(id:userID:drawnOn:source:createdAt:in:)``,
    /// `seq` its 0-based order in the panel.
    package static func insertMovedResult(panelID: String, seq: Int, result r: LabResult, in db: Connection) throws {
        try db.execute(
            """
            INSERT INTO lab_results (panel_id, seq, marker, value, unit, ref_low, ref_high) VALUES (?, ?, ?, ?, ?, ?, ?)
            """, [panelID, seq, r.marker, r.value, r.unit, r.refLow, r.refHigh])
    }
}
