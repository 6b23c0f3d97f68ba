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

/// Seats (docs/contract.md §3.18): 409 for the seat cap and an email in use, 422 for a field's
/// rule, 404 for an unknown (or demo) seat; the detail is the error's own text.
extension UserError: HTTPMappedError {
    var status: Int {
        switch self {
        case .bothSeatsTaken, .emailInUse: 409
        case .invalidEmail, .nameRequired, .passwordRequired, .invalidUnits: 422
        case .unknownUser: 404
        }
    }
    var detail: String { description }
}

/// Sign-in: 401 `invalid session` (unknown, expired or revoked), 401 `unknown user` (the
/// session's member is gone).
extension SignInError: HTTPMappedError {
    var status: Int { 401 }
    var detail: String { self == .invalidSession ? "invalid session" : "unknown user" }
}
