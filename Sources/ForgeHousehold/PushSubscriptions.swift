import ForgeCore
import ForgeStore
import Foundation

/// A member's web push subscriptions, kept for the contract's clients (docs/contract.md §3.12;
/// forged itself notifies through its event socket). Each call is one transaction.
package enum PushSubscriptions {
    /// Stores the member's web push subscription for `endpoint` (replacing one with the same endpoint).
    package static func subscribe(
        userID: String, endpoint: String, p256dh: String, auth: String, now: Date, in database: Database
    ) throws {
        try database.write { db in
            try PushSubscriptionStore.save(
                userID: userID, endpoint: endpoint, p256dh: p256dh, auth: auth, now: now, in: db)
        }
    }

    /// Removes the member's web push subscription for `endpoint`, if any.
    package static func unsubscribe(userID: String, endpoint: String, in database: Database) throws {
        try database.write { db in try PushSubscriptionStore.remove(userID: userID, endpoint: endpoint, in: db) }
    }
}
