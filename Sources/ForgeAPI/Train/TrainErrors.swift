import ForgeTrain

/// The training domain's errors as the contract answers them (docs/contract.md §3.3).
///
/// | error | status, detail |
/// |---|---|
/// | `SessionError.notFound` | 404 `session not found` |
/// | `SessionError.notActive` | 409 `session is not active` |
/// | `SetLogError.clientIDUsedForAnotherSession` | 409 `client_id already used for another session` |
/// | `SetLogError.setNotFound` | 404 `set not found` |
extension SessionError: HTTPMappedError {
    var status: Int {
        switch self {
        case .notFound: 404
        case .notActive: 409
        }
    }

    var detail: String {
        switch self {
        case .notFound: "session not found"
        case .notActive: "session is not active"
        }
    }
}

extension SetLogError: HTTPMappedError {
    var status: Int {
        switch self {
        case .clientIDUsedForAnotherSession: 409
        case .setNotFound: 404
        }
    }

    var detail: String {
        switch self {
        case .clientIDUsedForAnotherSession: "client_id already used for another session"
        case .setNotFound: "set not found"
        }
    }
}
