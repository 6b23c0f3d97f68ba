import ForgeCore
import ForgeHTTP
import ForgeStore
import Foundation
import Synchronization

/// Signed-in GET answers kept in memory and revalidated with `ETag` /
/// `If-None-Match` (docs/performance.md; routes registered with
/// `cache:` in ``APIRouter``).
///
/// Key: the caller's scope (member or display), the path, the raw query,
/// `Accept`, the household day, and for routes whose windows move with the
/// clock the minute those handlers compute from (``ForgeApp/minuteNow``).
/// Every entry belongs to one database ``Generation``, read *before* the
/// answer's read transaction began; a different generation (any committed
/// write, in this process or another) empties the cache, so an answer is
/// never served after a write it does not show.
///
/// Only complete 200 answers with a body and no `Set-Cookie` are kept. Each
/// gets a strong `ETag` (FNV-1a 64 of the body) and `Cache-Control: private,
/// no-cache` (clients may keep it but must revalidate); a request whose
/// `If-None-Match` names it gets 304 with no body. Bounded by ``byteBudget``
/// and ``entryLimit``; an answer over ``largestEntry`` is sent, not kept.
final class ReadCache: Sendable {
    /// Most body bytes held at once (8 MiB).
    static let byteBudget = 8 << 20
    /// Most answers held at once.
    static let entryLimit = 1_024
    /// Largest body kept (1 MiB).
    static let largestEntry = 1 << 20

    /// What besides the database a cached route's answer depends on.
    enum Clock: Sendable {
        /// The household day only.
        case day
        /// The day and the minute: the handler computes its rolling windows from ``ForgeApp/minuteNow``.
        case minute
    }

    struct Key: Hashable, Sendable {
        let scope: String
        let path: String
        let query: String
        let accept: String
        let day: LocalDate
        let minute: Int64
    }

    struct Entry: Sendable {
        let headers: HTTPHeaders
        let body: Data
        let etag: String
    }

    private struct State {
        var generation: Generation = .closed
        var entries: [Key: Entry] = [:]
        var bytes = 0
    }

    private let state = Mutex(State())

    /// Answers read so far from the cache, for tests and diagnostics.
    let hits = Atomic<Int>(0)

    /// Number of answers held.
    var count: Int { state.withLock { $0.entries.count } }

    /// The answer to `request` for `key`: from the cache when it holds one for
    /// `generation`, else `compute()`'s (kept when cacheable). Either way a 304
    /// when `If-None-Match` matches the answer's entity tag.
    /// - Parameter generation: read before `compute` opens its read transaction.
    /// - Throws: what `compute` throws (nothing is kept then).
    func answer(
        _ request: Request, key: Key, generation: Generation,
        compute: () throws -> Response
    ) rethrows -> Response {
        if let hit = lookup(key, generation) {
            hits.add(1, ordering: .relaxed)
            let response = Self.response(hit, to: request)
            Self.debug(request, key, response.status == 304 ? "hit, 304" : "hit")
            return response
        }
        var response = try compute()
        guard response.status == 200, response.stream == nil, !response.headers.contains("Set-Cookie"),
            generation != .closed
        else {
            Self.debug(
                request, key, "miss, not kept (status \(response.status)\(response.stream == nil ? "" : ", streamed"))")
            return response
        }
        let etag = Self.etag(of: response.body)
        let entry = Entry(headers: Self.cacheHeaders(response.headers, etag: etag), body: response.body, etag: etag)
        if entry.body.count <= Self.largestEntry {
            store(entry, key, generation)
            Self.debug(request, key, "miss, stored (\(entry.body.count) B)")
        } else {
            Self.debug(request, key, "miss, too big to keep (\(entry.body.count) B > \(Self.largestEntry) B)")
        }
        response.headers = entry.headers
        let matched = Self.matches(request, entry.etag)
        if matched { Self.debug(request, key, "computed answer matches If-None-Match, 304") }
        return matched ? Self.notModified(entry) : response
    }

    /// A debug line for one cache decision: the path and query, the caller's
    /// scope (an id, never a token) and the decision. Built only when debug is on.
    private static func debug(_ request: Request, _ key: Key, _ decision: @autoclosure () -> String) {
        guard Log.isEnabled(.debug) else { return }
        Log.debug(
            "read cache: \(decision()): \(key.path)\(key.query.isEmpty ? "" : "?" + key.query) for \(key.scope)",
            fields: ["FORGE_REQUEST_ID": request.requestID])
    }

    private func lookup(_ key: Key, _ generation: Generation) -> Entry? {
        state.withLock { s in s.generation == generation ? s.entries[key] : nil }
    }

    private func store(_ entry: Entry, _ key: Key, _ generation: Generation) {
        state.withLock { s in
            if s.generation != generation {
                s.generation = generation
                s.entries.removeAll(keepingCapacity: true)
                s.bytes = 0
            }
            if s.bytes + entry.body.count > Self.byteBudget || s.entries.count >= Self.entryLimit {
                s.entries.removeAll(keepingCapacity: true)
                s.bytes = 0
            }
            if let old = s.entries.updateValue(entry, forKey: key) { s.bytes -= old.body.count }
            s.bytes += entry.body.count
        }
    }

    private static func response(_ entry: Entry, to request: Request) -> Response {
        matches(request, entry.etag)
            ? notModified(entry) : Response(status: 200, headers: entry.headers, body: entry.body)
    }

    private static func notModified(_ entry: Entry) -> Response {
        Response(status: 304, headers: ["ETag": entry.etag, "Cache-Control": "private, no-cache"])
    }

    private static func cacheHeaders(_ headers: HTTPHeaders, etag: String) -> HTTPHeaders {
        var headers = headers
        headers.set("ETag", etag)
        headers.set("Cache-Control", "private, no-cache")
        return headers
    }

    /// `"` + 16 hex digits of FNV-1a 64 over `body` + `"` (a strong entity tag).
    static func etag(of body: Data) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in body { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
        let hex = String(hash, radix: 16)
        return "\"" + String(repeating: "0", count: 16 - hex.count) + hex + "\""
    }

    /// Whether `If-None-Match` lists `etag` (weak comparison, RFC 9110 §13.1.2) or is `*`.
    static func matches(_ request: Request, _ etag: String) -> Bool {
        for header in request.headers.values(for: "If-None-Match") {
            for tag in header.split(separator: ",") {
                var tag = tag.trimmingCharacters(in: .whitespaces)
                if tag == "*" { return true }
                if tag.hasPrefix("W/") { tag.removeFirst(2) }
                if tag == etag { return true }
            }
        }
        return false
    }
}

extension Date {
    /// Whole minutes since 1970-01-01T00:00:00Z, for cache keys.
    var minutesSince1970: Int64 { Int64((timeIntervalSince1970 / 60).rounded(.down)) }
}
