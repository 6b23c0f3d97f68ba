/// The status-only answer `{ "ok": true }` (API.md: `{ ok: true }`), for
/// routes whose success carries nothing else.
struct OK: Codable, Sendable, Equatable {
    var ok = true
}
