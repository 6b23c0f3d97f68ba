import ForgeHTTP
import ForgeTrain

/// The training domain's errors as the contract answers them (docs/contract.md §3.3).
///
/// | error | status, detail |
/// |---|---|
/// | `SessionError.notFound` | 404 `session not found` |
/// | `SessionError.notActive` | 409 `session is not active` |
/// | `SessionError.nothingPlanned` | 400 `no strength session planned for this day` |
/// | `SetLogError.clientIDUsedForAnotherSession` | 409 `client_id already used for another session` |
/// | `SetLogError.setNotFound` | 404 `set not found` |
extension SessionError: HTTPMappedError {
    var status: Int {
        switch self {
        case .notFound: 404
        case .notActive: 409
        case .nothingPlanned: 400
        }
    }

    var detail: String {
        switch self {
        case .notFound: "session not found"
        case .notActive: "session is not active"
        case .nothingPlanned: "no strength session planned for this day"
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

/// Niggles: 404 `niggle not found`, 400 `bad status`.
extension NiggleError: HTTPMappedError {
    var status: Int { self == .notFound ? 404 : 400 }
    var detail: String { self == .notFound ? "niggle not found" : "bad status" }
}

/// Planned items: 404 `planned item not found`, 400 `title required`, 400 `plan_day not in the active plan`.
extension PlannedItemError: HTTPMappedError {
    var status: Int { self == .notFound ? 404 : 400 }
    var detail: String {
        switch self {
        case .notFound: "planned item not found"
        case .titleRequired: "title required"
        case .planDayNotInPlan: "plan_day not in the active plan"
        }
    }
}

/// Equipment: 404 `profile not found`, 403 `the demo cannot edit shared equipment`, and a figure
/// missing when the unit changes a §1.4 validation item on `body.<field>` (`missing`).
extension EquipmentError: HTTPMappedError {
    var status: Int {
        switch self {
        case .notFound: 404
        case .sharedByDemo: 403
        case .missingWhenUnitChanges: 422
        }
    }
    var detail: String {
        switch self {
        case .notFound: "profile not found"
        case .sharedByDemo: "the demo cannot edit shared equipment"
        case .missingWhenUnitChanges(let field, let unit):
            "Field required when unit changes: give \(field) in \(unit.rawValue)"
        }
    }
    var httpError: HTTPError {
        guard case .missingWhenUnitChanges(let field, _) = self else { return HTTPError(status, detail) }
        return ValidationFailure.error(loc: ["body", field], type: "missing", msg: detail, input: nil)
    }
}

/// Training reads: 404 `exercise not found`, 404 `media not found`.
extension TrainingRecordsError: HTTPMappedError {
    var status: Int { 404 }
    var detail: String { self == .exerciseNotFound ? "exercise not found" : "media not found" }
}

/// Progress: 404 `unknown metric` (a drill-down of a type forged does not chart).
extension ProgressViewError: HTTPMappedError {
    var status: Int { 404 }
    var detail: String { "unknown metric" }
}

/// Ingest: 401 `unknown ingest token`, with `WWW-Authenticate: Bearer`.
extension IngestPushError: HTTPMappedError {
    var status: Int { 401 }
    var detail: String { "unknown ingest token" }
    var httpError: HTTPError { HTTPError(status, detail, headers: HTTPHeaders([("WWW-Authenticate", "Bearer")])) }
}

/// Track files: 422 with the reader's words; 500 when libxml2 cannot be loaded (the server's fault,
/// named so an admin can fix it).
extension TrackFileError: HTTPMappedError {
    var status: Int {
        if case .readerUnavailable = self { return 500 }
        return 422
    }
    var detail: String { description }
}

/// A recorded track not found again in its own transaction: 500 `imported session vanished`.
extension TrackImportError: HTTPMappedError {
    var status: Int { 500 }
    var detail: String { "imported session vanished" }
}
