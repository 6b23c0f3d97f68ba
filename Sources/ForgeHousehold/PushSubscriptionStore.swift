import ForgeCore
import ForgeStore
import Foundation

/// The `push_subscriptions` table: web push subscriptions stored per
/// (user, endpoint) as clients expect, never sent to (``PushRoutes``).
package enum PushSubscriptionStore {
    /// Stores a subscription, or replaces the keys of the user's existing one for `endpoint`.
    package static func save(
        userID: String, endpoint: String, p256dh: String, auth: String, now: Date,
        in db: Connection
    ) throws {
        try db.execute(
            """
            INSERT INTO push_subscriptions (user_id, endpoint, p256dh, auth, created_at) VALUES (?, ?, ?, ?, ?)
            ON CONFLICT (user_id, endpoint) DO UPDATE SET p256dh = excluded.p256dh, auth = excluded.auth
            """, [userID, endpoint, p256dh, auth, Instant.storage(now)])
    }

    /// Removes the user's subscription for `endpoint`; an unknown one is a no-op.
    package static func remove(userID: String, endpoint: String, in db: Connection) throws {
        try db.execute("DELETE FROM push_subscriptions WHERE user_id = ? AND endpoint = ?", [userID, endpoint])
    }
}
