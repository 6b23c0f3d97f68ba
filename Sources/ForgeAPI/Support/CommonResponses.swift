/// `{ok: true}`: the answer of writes that return nothing else.
struct OK: Codable, Sendable {
    var ok = true
}

/// `{ id: string }`: the answer of a create (`POST /api/niggles`, `POST /api/labs`).
struct CreatedID: Codable, Sendable, Equatable {
    /// The new row's id (32 lowercase hex).
    let id: String
}
