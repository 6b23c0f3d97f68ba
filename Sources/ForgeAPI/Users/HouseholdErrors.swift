import ForgeHousehold

/// The household domain's errors as the contract answers them.
///
/// | error | status, detail |
/// |---|---|
/// | `MemberPreferencesError.unknownMember` | 401 `unknown user` (the signed-in seat is gone) |
extension MemberPreferencesError: HTTPMappedError {
    var status: Int { 401 }
    var detail: String { "unknown user" }
}

/// Connections: 404 `no ingest token`, 404 `grant not found`.
extension MemberConnectionsError: HTTPMappedError {
    var status: Int { 404 }
    var detail: String { self == .noIngestToken ? "no ingest token" : "grant not found" }
}
