extension ForgeSchema {
    /// Migration 0804: `sets` rebuilt (SQLite's documented table rebuild:
    /// new table, copy, drop, rename, under the migrator's transaction with
    /// foreign keys off and `foreign_key_check` before the commit) for two
    /// constraints that cost every inserted set work for nothing:
    ///
    /// - `CHECK (set_kind IN ('normal', 'warmup', 'drop', 'failure'))` became
    ///   the same test written with `=` and `OR`: for an `IN` list of more than
    ///   two values SQLite builds a temporary index of the list, and inside a
    ///   `CHECK` it does so again for every row (about a quarter of the
    ///   inserts' time, docs/performance.md).
    /// - `UNIQUE (user_id, client_id)` became the partial unique index
    ///   `sets_user_client ON sets(user_id, client_id) WHERE client_id IS NOT
    ///   NULL`. The constraint is the same (NULLs never collide in a `UNIQUE`
    ///   constraint), but sets without a `client_id` (imports, moves, the demo)
    ///   no longer get an entry. The lookup by (`user_id`, `client_id = ?`)
    ///   uses the index, as `client_id = ?` implies `IS NOT NULL`.
    ///
    /// Columns (order, types, defaults), rowids, the foreign keys, the other
    /// indexes and every trigger stay as they were: the indexes and the
    /// triggers that name `sets` (on `sets` and on `sessions`) are read from
    /// the schema before the rebuild, dropped, and created again from the same
    /// text after it; `lift_day_best` is unchanged, as its sets are.
    static func registerSetsRebuild(_ m: inout Migrator) {
        m.register("0804-sets-rebuild") { db in
            // The indexes of `sets` and the triggers that name it, as (type, name, sql).
            let kept: [(type: String, name: String, sql: String)] = try db.query(
                """
                SELECT type, name, sql FROM sqlite_schema
                WHERE sql IS NOT NULL AND ((type = 'index' AND tbl_name = 'sets')
                  OR (type = 'trigger' AND (tbl_name = 'sets' OR sql LIKE '% sets %')))
                ORDER BY type, name
                """
            ).map { (try $0.get("type"), try $0.get("name"), try $0.get("sql")) }
            for object in kept where object.type == "trigger" { try db.execute("DROP TRIGGER \(object.name)") }
            let columns = """
                id, session_id, user_id, slug, substituted_for, set_no, weight, reps, rpe, ts, client_id, result, set_kind,
                seconds, distance_m, note, rpe_source
                """
            try db.executeScript(
                """
                CREATE TABLE sets_rebuilt (
                    id TEXT PRIMARY KEY,
                    session_id TEXT NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
                    user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
                    slug TEXT NOT NULL,
                    substituted_for TEXT,
                    set_no INTEGER NOT NULL,
                    weight REAL NOT NULL DEFAULT 0,
                    reps INTEGER NOT NULL,
                    rpe INTEGER,
                    ts TEXT NOT NULL,
                    client_id TEXT,
                    result TEXT,
                    set_kind TEXT NOT NULL DEFAULT 'normal'
                      CHECK (set_kind = 'normal' OR set_kind = 'warmup' OR set_kind = 'drop' OR set_kind = 'failure'),
                    seconds REAL,
                    distance_m REAL,
                    note TEXT NOT NULL DEFAULT '',
                    rpe_source REAL
                );
                INSERT INTO sets_rebuilt (rowid, \(columns)) SELECT rowid, \(columns) FROM sets;
                DROP TABLE sets;
                ALTER TABLE sets_rebuilt RENAME TO sets;
                CREATE UNIQUE INDEX sets_user_client ON sets(user_id, client_id) WHERE client_id IS NOT NULL;
                """)
            for object in kept { try db.executeScript(object.sql) }
        }
    }
}
