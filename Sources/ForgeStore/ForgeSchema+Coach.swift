extension ForgeSchema {
    /// Migrations 0800–0899: the coach (chat, pending turns, coach runs, weekly reviews).
    static func registerCoach(_ m: inout Migrator) {
        // The chat thread (docs/contract.md §3.13): `who` is `me` or `coach`; `seq` orders
        // messages of one user deterministically (rowid ties broken by insertion).
        // `pending_turns`: one row per user whose reply is being produced; a row left
        // behind by a crash is resumed at the next start (docs/contract.md §6.14).
        // `coach_runs`: every chat turn and review (§4.18), with the backend's model name.
        // `coach_reviews`: the Monday of each ISO week a member's review already ran.
        m.register("0801-coach") { db in
            try db.executeScript(
                """
                CREATE TABLE chat_messages (
                    id INTEGER PRIMARY KEY,
                    user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
                    who TEXT NOT NULL CHECK (who IN ('me', 'coach')),
                    text TEXT NOT NULL,
                    at TEXT NOT NULL
                );
                CREATE INDEX chat_messages_user ON chat_messages(user_id, id);
                CREATE TABLE coach_pending_turns (
                    user_id TEXT PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
                    message_id INTEGER NOT NULL,
                    context TEXT NOT NULL DEFAULT '',
                    created_at TEXT NOT NULL
                );
                CREATE TABLE coach_runs (
                    id INTEGER PRIMARY KEY,
                    user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
                    kind TEXT NOT NULL CHECK (kind IN ('chat', 'review')),
                    model TEXT NOT NULL,
                    input_tokens INTEGER NOT NULL DEFAULT 0,
                    output_tokens INTEGER NOT NULL DEFAULT 0,
                    tool_calls INTEGER NOT NULL DEFAULT 0,
                    ok INTEGER NOT NULL CHECK (ok IN (0, 1)),
                    duration_ms INTEGER NOT NULL DEFAULT 0,
                    error TEXT NOT NULL DEFAULT '',
                    at TEXT NOT NULL
                );
                CREATE INDEX coach_runs_user ON coach_runs(user_id, id);
                CREATE TABLE coach_reviews (
                    user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
                    week TEXT NOT NULL,
                    ran_at TEXT NOT NULL,
                    PRIMARY KEY (user_id, week)
                );
                """)
        }
    }
}
