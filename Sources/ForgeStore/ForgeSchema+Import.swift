extension ForgeSchema {
    /// Migrations 0300–0399: recipe import, MCP and MCP OAuth.
    ///
    /// 0300: MCP OAuth (docs/contract.md §3.17). Codes, access and refresh tokens are
    /// stored only as SHA-256 hex digests (`*_hash`); nothing needs to reveal
    /// them again. Deleting a user deletes their codes and grants.
    ///
    /// 0301: `recipes.yield` — what an imported page's yield counts, as it
    /// writes it ("12 cookies", "Serves 4-6"), beside the whole-number
    /// `serves`; `''` when the page gave none and for recipes stored before.
    static func registerImport(_ m: inout Migrator) {
        m.register("0300-mcp-oauth") { db in
            try db.executeScript(
                """
                CREATE TABLE oauth_clients (
                    client_id TEXT PRIMARY KEY,
                    client_name TEXT NOT NULL,
                    redirect_uris TEXT NOT NULL,
                    created_at TEXT NOT NULL
                );
                CREATE TABLE oauth_codes (
                    code_hash TEXT PRIMARY KEY,
                    client_id TEXT NOT NULL REFERENCES oauth_clients(client_id) ON DELETE CASCADE,
                    user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
                    redirect_uri TEXT NOT NULL,
                    challenge TEXT NOT NULL,
                    expires_at TEXT NOT NULL
                );
                CREATE TABLE oauth_grants (
                    id TEXT PRIMARY KEY,
                    user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
                    client_id TEXT NOT NULL REFERENCES oauth_clients(client_id) ON DELETE CASCADE,
                    access_hash TEXT NOT NULL UNIQUE,
                    access_expires_at TEXT NOT NULL,
                    refresh_hash TEXT NOT NULL UNIQUE,
                    refresh_expires_at TEXT NOT NULL,
                    created_at TEXT NOT NULL,
                    last_used_at TEXT
                );
                CREATE INDEX oauth_grants_user ON oauth_grants(user_id);
                """)
        }
        m.register("0301-recipe-yield") { db in
            try db.executeScript("ALTER TABLE recipes ADD COLUMN yield TEXT NOT NULL DEFAULT '';")
        }
    }
}
