import CSQLite

extension Connection {
    /// Runs `body` with this connection's triggers off
    /// (`SQLITE_DBCONFIG_ENABLE_TRIGGER`), then turns them on again, also when
    /// `body` throws (a nested call leaves them off until the outermost one
    /// ends): the one way forged suspends triggers. Only for writes
    /// whose triggers' effect the caller reproduces itself: an import's sets
    /// (at the import's end, ``RecordStore``'s rebuild with its day bests
    /// rewrites `lift_day_best` for the lifts written; an import undone
    /// before then deletes its sessions with the triggers on) and the
    /// forge-server move's bulk load (``ForgeSchema/rebuildLiftBests`` in the
    /// same transaction). A statement on a table with triggers runs a trigger
    /// program per row; without triggers none runs. Other connections are
    /// not affected; foreign-key checks and actions stay on. SQLite expires the
    /// connection's prepared statements at each switch, so each is prepared
    /// again on its next use (for the new setting).
    /// - Throws: what `body` throws, or a ``DatabaseError`` when the switch fails.
    package func withTriggersOff<T>(_ body: () throws -> T) throws -> T {
        let db = try open()
        // Nested calls (a bulk load around an importer's own call) leave them off until the outer one ends.
        let wasOn = try triggersEnabled()
        try setTriggers(false, db)
        defer { if wasOn { try? setTriggers(true, db) } }
        return try body()
    }

    /// Whether this connection runs triggers (`SQLITE_DBCONFIG_ENABLE_TRIGGER`).
    /// - Throws: ``DatabaseError`` for a closed connection.
    package func triggersEnabled() throws -> Bool {
        var value: Int32 = -1
        _ = forge_sqlite_db_config_int(try open(), SQLITE_DBCONFIG_ENABLE_TRIGGER, -1, &value)
        return value == 1
    }

    private func setTriggers(_ on: Bool, _ db: OpaquePointer) throws {
        var value: Int32 = -1
        let rc = forge_sqlite_db_config_int(db, SQLITE_DBCONFIG_ENABLE_TRIGGER, on ? 1 : 0, &value)
        guard rc == SQLITE_OK, value == (on ? 1 : 0) else {
            throw DatabaseError(
                code: ResultCode(rawValue: rc == SQLITE_OK ? SQLITE_ERROR : rc),
                message: "could not turn triggers \(on ? "on" : "off")")
        }
    }
}
