import ForgeCore
import ForgeStore
import Foundation

/// The seven app-managed settings of docs/contract.md §4.25: a value stored by the admin
/// (`app_settings` table) overrides the environment live, without a restart.
///
/// The environment fallback of key `k` is the variable `FORGE_<K>` (upper case),
/// e.g. `FORGE_ANTHROPIC_API_KEY`, read from the process environment; a key
/// with a contract default (`coach_model`: `claude-sonnet-5`, docs/contract.md §1.10)
/// falls back to it when the variable is unset or blank, and reports it as
/// source `env`, the way a default of the environment's settings would.
package enum AppSettings {
    /// One key, whether its value is secret (masked on read), and its
    /// default when neither an override nor the environment sets it.
    package struct Key: Sendable, Hashable {
        package let name: String
        package let secret: Bool
        package var defaultValue: String = ""
    }

    /// The default LLM model of the coach (docs/contract.md §1.10, §4.25).
    package static let defaultCoachModel = "claude-sonnet-5"

    /// The keys, in the contract's order.
    package static let keys: [Key] = [
        Key(name: "anthropic_api_key", secret: true),
        Key(name: "coach_model", secret: false, defaultValue: defaultCoachModel),
        Key(name: "withings_client_id", secret: false),
        Key(name: "withings_client_secret", secret: true),
        Key(name: "vapid_public_key", secret: false),
        Key(name: "vapid_private_key", secret: true),
        Key(name: "maptiler_key", secret: false),
    ]

    /// The key named `name`, or nil for an unknown one.
    package static func key(_ name: String) -> Key? { keys.first { $0.name == name } }

    /// One key's state as `GET /api/admin/settings` reports it.
    package struct Report: Sendable, Equatable {
        /// The effective value is non-empty.
        package let set: Bool
        /// The value, masked for secrets (``mask(_:)``).
        package let value: String
        /// `app` when an override is stored, `env` when the effective value
        /// comes from the environment, nil when there is none.
        package let source: String?
    }

    /// docs/contract.md §4.25: `""` when empty, `"…"` + the last 4 characters when
    /// longer than 8 characters, otherwise just `"…"`.
    package static func mask(_ value: String) -> String {
        if value.isEmpty { return "" }
        return value.count > 8 ? "…" + value.suffix(4) : "…"
    }

    /// The stored overrides, by key.
    package static func overrides(in db: Connection) throws -> [String: String] {
        var result: [String: String] = [:]
        for row in try db.query("SELECT key, value FROM app_settings") {
            result[try row.get("key")] = try row.get("value")
        }
        return result
    }

    /// The environment fallback of `key`: `FORGE_<KEY>` trimmed, else the
    /// key's default (`""` for all but `coach_model`).
    package static func environmentValue(
        _ key: String,
        _ environment: [String: String] = ProcessInfo.processInfo.environment
    ) -> String {
        let value = environment["FORGE_" + key.uppercased()]?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
        return value.isEmpty ? (Self.key(key)?.defaultValue ?? "") : value
    }

    /// The effective value of `key`: the stored override, else the
    /// environment, else the key's default, else "".
    package static func value(_ key: String, in db: Connection) throws -> String {
        if let stored: String = try db.scalar("SELECT value FROM app_settings WHERE key = ?", [key]) { return stored }
        return environmentValue(key)
    }

    /// Every key's report, masked.
    package static func report(in db: Connection, environment: [String: String] = ProcessInfo.processInfo.environment)
        throws -> [String: Report]
    {
        let stored = try overrides(in: db)
        var result: [String: Report] = [:]
        for key in keys {
            let env = environmentValue(key.name, environment)
            let value = stored[key.name] ?? env
            let source: String? = stored[key.name] != nil ? "app" : (env.isEmpty ? nil : "env")
            result[key.name] = Report(set: !value.isEmpty, value: key.secret ? mask(value) : value, source: source)
        }
        return result
    }

    /// Applies `values` (docs/contract.md §3.18 `PUT /api/admin/settings`): every key must
    /// be known before anything is written; values are trimmed; an empty value
    /// deletes the override. Runs in the caller's transaction.
    /// - Throws: ``UnknownSetting`` naming the first unknown key (sorted), with nothing written.
    package static func apply(_ values: [String: String], now: Date, in db: Connection) throws {
        if let unknown = values.keys.sorted().first(where: { key($0) == nil }) { throw UnknownSetting(key: unknown) }
        for (key, raw) in values.sorted(by: { $0.key < $1.key }) {
            let value = raw.trimmingCharacters(in: .whitespacesAndNewlines)
            if value.isEmpty {
                try db.execute("DELETE FROM app_settings WHERE key = ?", [key])
            } else {
                try db.execute(
                    """
                    INSERT INTO app_settings (key, value, updated_at) VALUES (?, ?, ?)
                    ON CONFLICT (key) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at
                    """, [key, value, Instant.storage(now)])
            }
        }
    }

    /// A key that is not one of the seven.
    package struct UnknownSetting: Error, Equatable {
        package let key: String
    }
}
