extension ForgeSchema {
    /// Migrations 0310–0319: moving in (issues 23–25): the import ledger and
    /// what imported history carries that live logging did not.
    ///
    /// 0310: `imports`, one row per import job (ForgeImport owns it): who,
    /// which kind, the source's name and size, the state
    /// (`running`/`done`/`failed`/`undone`), progress in bytes and rows, and
    /// the final report (JSON), and the process running it (`pid`, so a
    /// `running` row whose process is gone is known to be stale). `import_rows` lists every row an import added
    /// (`tbl`, `row_id`), which is what undo removes; `import_keys` holds the
    /// natural key of every imported unit (a workout's start instant, a
    /// recipe's title and URL), unique per member, which is what makes a
    /// second import of the same history add nothing. Undoing an import
    /// deletes its keys (cascade), so the same file can be imported again.
    ///
    /// 0311: sets carry their marker (`set_kind`: `normal`, `warmup`, `drop`,
    /// `failure`), time (`seconds`) and distance (`distance_m`, metres), a
    /// note, and the file's own RPE (`rpe_source`, e.g. Hevy's 7.5, beside the
    /// contract's integer `rpe`). Warm-ups are not records: the `lift_day_best`
    /// triggers (0104) are rebuilt to leave `warmup` sets out. Exercises
    /// carry `origin` (`''` for the seed and free-exercise-db, `import` for
    /// a name an import could not match).
    ///
    /// 0314: `exercise_aliases`, names that mean a library exercise besides its
    /// own (ForgeTrain owns it): `forged exercise merge FROM INTO` keeps FROM's
    /// name here (`key`, ``FreeExerciseDB``'s comparison key) for INTO, so a
    /// later export that still says FROM's name lands on INTO. Removing the
    /// exercise removes its aliases.
    ///
    /// 0315: recipes keep the cook's notes from another app's library
    /// (`notes`) and say where their macros come from (`macros_source`:
    /// `recipe`, the recipe's own nutrition as the app or page gave it;
    /// `computed`, from the ingredient reference; `''` not recorded).
    ///
    /// 0316: the `lift_day_best` triggers run only when the row they see
    /// counts (``liftBestTriggersWhen``): a set in a session that is not
    /// completed, a warm-up or a set without load changes no day's best, so
    /// logging into an active session (live or imported) no longer recomputes
    /// the day once per set; completing the session does it once. The table
    /// is rebuilt in the same migration, so it starts equal to its definition.
    static func registerMovingIn(_ m: inout Migrator) {
        m.register("0310-import-ledger") { db in
            try db.executeScript(
                """
                CREATE TABLE imports (
                    id TEXT PRIMARY KEY,
                    user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
                    kind TEXT NOT NULL,
                    source TEXT NOT NULL,
                    state TEXT NOT NULL CHECK (state IN ('running', 'done', 'failed', 'undone')),
                    bytes_total INTEGER NOT NULL DEFAULT 0,
                    bytes_done INTEGER NOT NULL DEFAULT 0,
                    rows_done INTEGER NOT NULL DEFAULT 0,
                    report TEXT NOT NULL DEFAULT '{}',
                    error TEXT,
                    pid INTEGER,
                    created_at TEXT NOT NULL,
                    finished_at TEXT
                );
                CREATE INDEX imports_user ON imports(user_id, created_at);
                CREATE TABLE import_rows (
                    import_id TEXT NOT NULL REFERENCES imports(id) ON DELETE CASCADE,
                    tbl TEXT NOT NULL,
                    row_id TEXT NOT NULL,
                    PRIMARY KEY (import_id, tbl, row_id)
                );
                CREATE TABLE import_keys (
                    user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
                    key TEXT NOT NULL,
                    import_id TEXT NOT NULL REFERENCES imports(id) ON DELETE CASCADE,
                    PRIMARY KEY (user_id, key)
                );
                CREATE INDEX import_keys_import ON import_keys(import_id);
                """)
        }
        m.register("0311-imported-sets") { db in
            try db.executeScript(
                """
                ALTER TABLE sets ADD COLUMN set_kind TEXT NOT NULL DEFAULT 'normal'
                  CHECK (set_kind IN ('normal', 'warmup', 'drop', 'failure'));
                ALTER TABLE sets ADD COLUMN seconds REAL;
                ALTER TABLE sets ADD COLUMN distance_m REAL;
                ALTER TABLE sets ADD COLUMN note TEXT NOT NULL DEFAULT '';
                ALTER TABLE sets ADD COLUMN rpe_source REAL;
                ALTER TABLE exercises ADD COLUMN origin TEXT NOT NULL DEFAULT '';
                DROP TRIGGER lift_day_best_set_insert;
                DROP TRIGGER lift_day_best_set_delete;
                DROP TRIGGER lift_day_best_set_update;
                DROP TRIGGER lift_day_best_session_update;
                DROP TRIGGER lift_day_best_session_delete;
                \(rebuildLiftBests(working: true))
                CREATE TRIGGER lift_day_best_set_insert AFTER INSERT ON sets BEGIN
                \(recomputeLiftBests(user: "NEW.user_id", day: "(SELECT day FROM sessions WHERE id = NEW.session_id)", working: true))
                END;
                CREATE TRIGGER lift_day_best_set_delete AFTER DELETE ON sets BEGIN
                \(recomputeLiftBests(user: "OLD.user_id", day: "(SELECT day FROM sessions WHERE id = OLD.session_id)", working: true))
                END;
                CREATE TRIGGER lift_day_best_set_update
                AFTER UPDATE OF session_id, user_id, slug, weight, reps, set_kind ON sets BEGIN
                \(recomputeLiftBests(user: "OLD.user_id", day: "(SELECT day FROM sessions WHERE id = OLD.session_id)", working: true))
                \(recomputeLiftBests(user: "NEW.user_id", day: "(SELECT day FROM sessions WHERE id = NEW.session_id)", working: true))
                END;
                CREATE TRIGGER lift_day_best_session_update AFTER UPDATE OF user_id, day, status ON sessions BEGIN
                \(recomputeLiftBests(user: "OLD.user_id", day: "OLD.day", working: true))
                \(recomputeLiftBests(user: "NEW.user_id", day: "NEW.day", working: true))
                END;
                CREATE TRIGGER lift_day_best_session_delete AFTER DELETE ON sessions BEGIN
                \(recomputeLiftBests(user: "OLD.user_id", day: "OLD.day", working: true))
                END;
                """)
        }
        m.register("0314-exercise-aliases") { db in
            try db.executeScript(
                """
                CREATE TABLE exercise_aliases (
                    key TEXT PRIMARY KEY,
                    name TEXT NOT NULL,
                    slug TEXT NOT NULL REFERENCES exercises(slug) ON DELETE CASCADE
                );
                CREATE INDEX exercise_aliases_slug ON exercise_aliases(slug);
                """)
        }
        m.register("0315-recipe-notes") { db in
            try db.executeScript(
                """
                ALTER TABLE recipes ADD COLUMN notes TEXT NOT NULL DEFAULT '';
                ALTER TABLE recipes ADD COLUMN macros_source TEXT NOT NULL DEFAULT '';
                """)
        }
        m.register("0316-lift-best-when") { db in try db.executeScript(liftBestTriggersWhen) }
    }

    /// Migration 0805: a workout's import key (`workout:<instant>`, written by the lifting
    /// importers) names its start to the minute (`…T17:36:00.000Z`), so a file whose dates
    /// lost their seconds (a spreadsheet's short date, Hevy's minutes) finds the workouts an
    /// earlier import of the full dates claimed. Keys written before are cut to the minute;
    /// one that would collide with another of the same member in the same minute is kept
    /// as it was (`UPDATE OR IGNORE`).
    static func registerMinuteWorkoutKeys(_ m: inout Migrator) {
        m.register("0805-minute-workout-keys") { db in
            try db.execute(
                """
                UPDATE OR IGNORE import_keys SET key = substr(key, 1, 25) || '00.000Z'
                WHERE key GLOB 'workout:[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]T[0-9][0-9]:[0-9][0-9]:[0-9][0-9].[0-9][0-9][0-9]Z'
                """)
        }
    }
}
