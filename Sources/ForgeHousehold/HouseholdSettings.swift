import ForgeCore
import ForgeStore
import Foundation

/// The app-managed settings the admin reads and overrides (docs/contract.md §3.18; issue 42).
/// Each call is one transaction.
package enum HouseholdSettings {
    /// The app-managed settings as reported (secrets masked by the caller's wire type).
    package static func settings(in database: Database) throws -> [String: AppSettings.Report] {
        try database.read { db in try AppSettings.report(in: db) }
    }

    /// The effective value of app-managed setting `key` (``AppSettings/value(_:in:)``: the stored override,
    /// else the environment, else its default, else ""); the environment's when the database cannot be read,
    /// so a setting read for a request never fails it.
    package static func value(_ key: String, in database: Database) -> String {
        (try? database.read { try AppSettings.value(key, in: $0) }) ?? AppSettings.environmentValue(key)
    }

    /// Stores or clears app-managed setting overrides (`""` clears one), then reports them all.
    /// - Throws: ``AppSettings/UnknownSetting`` for a key that is not one (nothing written); storage errors.
    package static func applySettings(_ values: [String: String], now: Date, in database: Database) throws
        -> [String: AppSettings.Report]
    {
        try database.write { db in
            try AppSettings.apply(values, now: now, in: db)
            return try AppSettings.report(in: db)
        }
    }
}
