import ForgeHTTP

/// A domain error the API answers with a status and the contract's words.
///
/// Domain modules throw errors that say what went wrong in their own terms
/// (``ForgeTrain/SetLogError``); ForgeAPI conforms each to this protocol in
/// one file per module (`TrainErrors.swift`, …), so every status and
/// message is written once. ``register(on:)`` turns any of them a route or
/// middleware throws into its answer; MCP turns the 4xx ones into tool errors.
protocol HTTPMappedError: Error {
    /// The HTTP status answered.
    var status: Int { get }
    /// The `detail` of the `{"detail": …}` body: the contract's message.
    var detail: String { get }
    /// The error as the transport answers it: `{"detail": detail}` with `status`, unless the
    /// contract gives this error another body (a §1.4 validation item).
    var httpError: HTTPError { get }
}

extension HTTPMappedError {
    var httpError: HTTPError { HTTPError(status, detail) }
}

/// Where domain errors become answers.
enum HTTPMappedErrors {
    /// The outermost middleware: a thrown ``HTTPMappedError`` becomes its
    /// ``HTTPMappedError/httpError``.
    static func register(on router: inout APIRouter) {
        router.use { request, next in
            do { return try next(request) } catch let error as any HTTPMappedError { throw error.httpError }
        }
    }

    /// `work`'s domain errors as ``HTTPError``s, for work that runs outside
    /// the middleware chain (jobs off the HTTP workers).
    static func mapping<T>(_ work: () throws -> T) throws -> T {
        do { return try work() } catch let error as any HTTPMappedError { throw error.httpError }
    }
}

extension HTTPError {
    /// 400 `bad date`: a date member or parameter that is not `YYYY-MM-DD`
    /// (docs/contract.md §1.2).
    static let badDate = HTTPError(400, "bad date")
}
