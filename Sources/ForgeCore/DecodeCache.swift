import Foundation
import Synchronization

/// Memoises JSON decoding of stored documents by their exact text.
///
/// Plan contents, food weeks and prefs are read on nearly every request but
/// change rarely; decoding them with `JSONDecoder` dominated the cost of
/// `GET /api/today` (bench/today.sh). The cache key is the stored text
/// itself, so a changed document can never be served from a stale entry.
/// Bounded: when `capacity` distinct texts are held the cache starts afresh.
package final class DecodeCache<Value: Decodable & Sendable>: Sendable {
    private let entries = Mutex<[String: Value]>([:])
    private let capacity: Int

    package init(capacity: Int = 256) { self.capacity = capacity }

    /// The decoded value of `text`, or nil when it does not decode as `Value`.
    package func value(for text: String) -> Value? {
        if let hit = entries.withLock({ $0[text] }) { return hit }
        guard let decoded = try? JSONCoding.decode(Value.self, from: Data(text.utf8)) else { return nil }
        entries.withLock { map in
            if map.count >= capacity { map.removeAll(keepingCapacity: true) }
            map[text] = decoded
        }
        return decoded
    }
}
