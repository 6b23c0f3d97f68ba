extension ForgeSchema {
    /// Migration 0104: `lift_day_best`, the best estimated one-rep max per
    /// member, lift and trained day, kept by triggers.
    ///
    /// `GET /api/progress` and `/api/dashboard` draw every lift's e1RM per
    /// trained day over the whole history; computing it from `sets` on each
    /// request read every set the member ever logged. The triggers below keep
    /// the aggregate in the same statement, hence the same transaction, as the
    /// rows it summarises, whichever process or code path writes them (the
    /// daemon, `forged` subcommands, a restore). Two writers turn the triggers
    /// off (``Connection/withTriggersOff(_:)``) and bring the table up to date
    /// themselves: a bulk load of sessions and sets
    /// (`TrainingSessionStore.bulkLoad`, the forge-server move) rebuilds it
    /// (``rebuildLiftBests``) before its one transaction commits, so readers
    /// never see the two apart; a lifting import rewrites its lifts' rows at
    /// its end (``LiftDayBests/replace(userID:slugs:rows:in:)``), so while it
    /// runs the days of its committed batches have no row yet.
    ///
    /// A row is, for member `user_id`, lift `slug` and trained day `day` (the
    /// session's household day, docs/contract.md §6.5): the largest **unrounded**
    /// Epley e1RM `weight × (1 + reps / 30)` (`weight` for a single, 0 for no
    /// reps) over the member's sets with `weight > 0` in their `completed`
    /// sessions of that day. Readers round with `Rounding.round1`; rounding is
    /// monotonic, so that equals the best of the rounded per-set values
    /// (`OneRepMax.epley`). The arithmetic is IEEE-754 double in both SQLite
    /// and Swift, in the same order.
    ///
    /// The key leads with (member, day) because every trigger rewrites one
    /// member's day: a set write costs an index range of that day, not a scan
    /// of the member's whole table.
    static func registerLiftBests(_ m: inout Migrator) {
        m.register("0104-lift-day-best") { db in
            try db.executeScript(
                """
                CREATE TABLE lift_day_best (
                    user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
                    slug TEXT NOT NULL,
                    day TEXT NOT NULL,
                    e1rm REAL NOT NULL,
                    PRIMARY KEY (user_id, day, slug)
                );
                \(rebuildLiftBests(working: false))
                CREATE TRIGGER lift_day_best_set_insert AFTER INSERT ON sets BEGIN
                \(recomputeLiftBests(user: "NEW.user_id", day: "(SELECT day FROM sessions WHERE id = NEW.session_id)"))
                END;
                CREATE TRIGGER lift_day_best_set_delete AFTER DELETE ON sets BEGIN
                \(recomputeLiftBests(user: "OLD.user_id", day: "(SELECT day FROM sessions WHERE id = OLD.session_id)"))
                END;
                CREATE TRIGGER lift_day_best_set_update
                AFTER UPDATE OF session_id, user_id, slug, weight, reps ON sets BEGIN
                \(recomputeLiftBests(user: "OLD.user_id", day: "(SELECT day FROM sessions WHERE id = OLD.session_id)"))
                \(recomputeLiftBests(user: "NEW.user_id", day: "(SELECT day FROM sessions WHERE id = NEW.session_id)"))
                END;
                CREATE TRIGGER lift_day_best_session_update AFTER UPDATE OF user_id, day, status ON sessions BEGIN
                \(recomputeLiftBests(user: "OLD.user_id", day: "OLD.day"))
                \(recomputeLiftBests(user: "NEW.user_id", day: "NEW.day"))
                END;
                CREATE TRIGGER lift_day_best_session_delete AFTER DELETE ON sessions BEGIN
                \(recomputeLiftBests(user: "OLD.user_id", day: "OLD.day"))
                END;
                """)
        }
    }

    /// Migration 0316's script: the five `lift_day_best` triggers as 0311
    /// wrote them, each behind a `WHEN` clause that lets it run only when the
    /// row it sees can change a day's best, then a rebuild of the table.
    ///
    /// A set counts toward `lift_day_best` only when its session is
    /// `completed`, its load is above 0 and it is not a warm-up (the
    /// definition above). Inserting or deleting a set that does not count, or
    /// updating one that counts neither before nor after, leaves every day's
    /// best as it was, so skipping the recompute keeps the table equal to its
    /// definition. The same holds for a session update where neither the old
    /// nor the new row is `completed`. Sets removed by the cascade of a
    /// session delete find no session (`WHEN` is false, as the old trigger
    /// found no day); the session's own delete trigger recomputes its day.
    static var liftBestTriggersWhen: String {
        func counts(_ row: String) -> String {
            "(\(row).weight > 0 AND \(row).set_kind <> 'warmup'"
                + " AND (SELECT status FROM sessions WHERE id = \(row).session_id) = 'completed')"
        }
        let newDay = "(SELECT day FROM sessions WHERE id = NEW.session_id)"
        let oldDay = "(SELECT day FROM sessions WHERE id = OLD.session_id)"
        return """
            DROP TRIGGER lift_day_best_set_insert;
            DROP TRIGGER lift_day_best_set_delete;
            DROP TRIGGER lift_day_best_set_update;
            DROP TRIGGER lift_day_best_session_update;
            DROP TRIGGER lift_day_best_session_delete;
            CREATE TRIGGER lift_day_best_set_insert AFTER INSERT ON sets
            WHEN \(counts("NEW")) BEGIN
            \(recomputeLiftBests(user: "NEW.user_id", day: newDay, working: true))
            END;
            CREATE TRIGGER lift_day_best_set_delete AFTER DELETE ON sets
            WHEN \(counts("OLD")) BEGIN
            \(recomputeLiftBests(user: "OLD.user_id", day: oldDay, working: true))
            END;
            CREATE TRIGGER lift_day_best_set_update
            AFTER UPDATE OF session_id, user_id, slug, weight, reps, set_kind ON sets
            WHEN \(counts("OLD")) OR \(counts("NEW")) BEGIN
            \(recomputeLiftBests(user: "OLD.user_id", day: oldDay, working: true))
            \(recomputeLiftBests(user: "NEW.user_id", day: newDay, working: true))
            END;
            CREATE TRIGGER lift_day_best_session_update AFTER UPDATE OF user_id, day, status ON sessions
            WHEN OLD.status = 'completed' OR NEW.status = 'completed' BEGIN
            \(recomputeLiftBests(user: "OLD.user_id", day: "OLD.day", working: true))
            \(recomputeLiftBests(user: "NEW.user_id", day: "NEW.day", working: true))
            END;
            CREATE TRIGGER lift_day_best_session_delete AFTER DELETE ON sessions
            WHEN OLD.status = 'completed' BEGIN
            \(recomputeLiftBests(user: "OLD.user_id", day: "OLD.day", working: true))
            END;
            \(rebuildLiftBests(working: true))
            """
    }

    /// Migration 0802: `lift_day_best_session_update` split in two, so that
    /// completing a session recomputes its day once instead of twice.
    ///
    /// The trigger 0316 wrote recomputed both the old row's (member, day) and
    /// the new row's whenever either row was `completed`. Completing an
    /// `active` session (how every logged or imported workout ends) changes
    /// neither member nor day, so the old half recomputed the same day again
    /// for nothing: half the cost of an import's session updates. Now:
    ///
    /// - `lift_day_best_session_update` recomputes the new (member, day)
    ///   when the old or new row is `completed` (as before);
    /// - `lift_day_best_session_update_old` recomputes the old (member, day)
    ///   only when the old row was `completed` and the update moved it to
    ///   another member or day. When it was not completed, the session counted
    ///   on no day before the update, so the old day's best is unchanged; when
    ///   member and day stay, the old day is the new one, recomputed above.
    ///
    /// The two recompute disjoint days, so their order does not matter. The
    /// table's rows are unchanged by the migration (same definition), so it
    /// is not rebuilt. Registered after every area's migrations and numbered
    /// after the highest (``ForgeSchema/migrator()``).
    static func registerLiftBestsSessionSplit(_ m: inout Migrator) {
        m.register("0802-lift-best-session-split") { db in
            try db.executeScript(
                """
                DROP TRIGGER lift_day_best_session_update;
                CREATE TRIGGER lift_day_best_session_update AFTER UPDATE OF user_id, day, status ON sessions
                WHEN OLD.status = 'completed' OR NEW.status = 'completed' BEGIN
                \(recomputeLiftBests(user: "NEW.user_id", day: "NEW.day", working: true))
                END;
                CREATE TRIGGER lift_day_best_session_update_old AFTER UPDATE OF user_id, day, status ON sessions
                WHEN OLD.status = 'completed' AND (OLD.user_id IS NOT NEW.user_id OR OLD.day IS NOT NEW.day) BEGIN
                \(recomputeLiftBests(user: "OLD.user_id", day: "OLD.day", working: true))
                END;
                """)
        }
    }

    /// The best unrounded Epley e1RM of the `sets` rows aliased `st`, kg
    /// (its Swift twin for one set: ``LiftDayBests/e1rm(weight:reps:)``).
    static let liftBestE1RM =
        "MAX(CASE WHEN st.reps <= 0 THEN 0.0 WHEN st.reps = 1 THEN st.weight ELSE st.weight * (1 + st.reps / 30.0) END)"

    /// Recomputes every lift's row of member `user` on trained day `day`
    /// (SQL expressions valid inside a trigger body): the day's sessions
    /// through `sessions_user_day`, their sets through `sets_session`
    /// (`CROSS JOIN` and `+` keep SQLite off `sets_user_slug`, which would
    /// read every set of the member on each write).
    /// `working`: leave warm-up sets out (0311 on; the `set_kind` column exists from then).
    static func recomputeLiftBests(user: String, day: String, working: Bool = false) -> String {
        """
        DELETE FROM lift_day_best WHERE user_id = \(user) AND day = \(day);
        INSERT INTO lift_day_best (user_id, slug, day, e1rm)
          SELECT st.user_id, st.slug, se.day, \(liftBestE1RM)
          FROM sessions se CROSS JOIN sets st ON st.session_id = se.id
          WHERE se.user_id = \(user) AND se.day = \(day) AND se.status = 'completed'
            AND +st.user_id = se.user_id AND st.weight > 0\(working ? " AND st.set_kind <> 'warmup'" : "")
          GROUP BY st.slug;
        """
    }

    /// Rebuilds the whole table from `sets` and `sessions` (the migration;
    /// the same definition as the triggers).
    package static var rebuildLiftBests: String { rebuildLiftBests(working: true) }

    /// The rebuild as 0104 wrote it (`working: false`) or from 0311 on, warm-ups left out.
    static func rebuildLiftBests(working: Bool) -> String {
        """
        DELETE FROM lift_day_best;
        INSERT INTO lift_day_best (user_id, slug, day, e1rm)
          SELECT st.user_id, st.slug, se.day, \(liftBestE1RM)
          FROM sessions se JOIN sets st ON st.session_id = se.id
          WHERE se.status = 'completed' AND st.user_id = se.user_id AND st.weight > 0\(working ? " AND st.set_kind <> 'warmup'" : "")
          GROUP BY st.user_id, st.slug, se.day;
        """
    }
}
