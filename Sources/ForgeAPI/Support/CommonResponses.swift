/// `{ok: true}`: the answer of writes that return nothing else.
struct OK: Codable, Sendable {
    var ok = true
}
