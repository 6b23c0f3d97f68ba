import ForgeCore
import ForgeStore
import Foundation

/// Kitchen displays as the household's counter tablet signs in (docs/kitchen-display.md; issue 42):
/// pairing with a one-time code and the display behind a cookie. Each call is one transaction.
package enum KitchenDisplays {
    /// Pairs the display whose one-time `code` is valid at `now`.
    /// - Returns: the display's id and the raw token for its cookie, or nil for a wrong, used or expired code.
    package static func pair(code: String, now: Date, in database: Database) throws -> (id: String, token: String)? {
        try database.write { db in try DisplayStore.pair(code: code, now: now, in: db) }
    }

    /// The display whose `code` could be redeemed at `now` (checked by a read, for a pairing held
    /// in memory while the disk is full), or nil.
    package static func redeemable(code: String, now: Date, in database: Database) throws -> (
        id: String, scope: String
    )? {
        try database.read { db in try DisplayStore.redeemable(code: code, now: now, in: db) }
    }

    /// The paired display behind the cookie `token`, or nil (never paired, or revoked).
    package static func display(token: String, in database: Database) throws -> (
        id: String, name: String, scope: String
    )? {
        try database.read { db in try DisplayStore.find(token: token, in: db) }
    }
}
