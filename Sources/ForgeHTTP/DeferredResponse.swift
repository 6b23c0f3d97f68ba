import CMicroHTTPD
import Foundation
import Synchronization

/// A response computed off the HTTP worker threads: slow work (fetching a
/// remote page) runs as a job while the request's connection is suspended
/// in libmicrohttpd (`MHD_suspend_connection`, daemon started with
/// `MHD_ALLOW_SUSPEND_RESUME`), so no worker thread waits on it; the job's
/// answer resumes the connection (`MHD_resume_connection`) and is sent with
/// whatever status and headers it has.
///
/// A handler returns ``Response/deferred(_:)``; the server queues the
/// job's answer, with `X-Request-Id` and `Cache-Control` as for any other
/// response. A suspended connection is not polled: the job must end by
/// itself (its own timeout). When the server stops, pending jobs' requests
/// are answered 503 at once.
package final class DeferredResponse: Sendable {
    private struct State {
        var result: Response?
        var connection: OpaquePointer?
        var suspended = false
        /// Callers of ``answer()`` waiting for the answer.
        var waiters: [CheckedContinuation<Response, Never>] = []
    }

    private struct Box: @unchecked Sendable { var state = State() }
    private let box = Mutex(Box())

    private init() {}

    /// Starts `work` on a job thread (the default-QoS global dispatch queue,
    /// never an HTTP worker) and returns the handle its answer completes. A
    /// thrown `HTTPError` becomes its response; any other error a 500.
    /// Default QoS, not `.userInitiated`: on Linux libdispatch turns QoS into
    /// a nice value, and `.userInitiated` asks for nice -4, which an
    /// unprivileged service may not take (EACCES, logged as "Failed to set
    /// thread priority" for every new job thread).
    package static func run(_ work: @escaping @Sendable () throws -> Response) -> DeferredResponse {
        let deferred = DeferredResponse()
        DispatchQueue.global().async {
            let response: Response
            do {
                response = try work()
            } catch let error as HTTPError {
                response = error.response
            } catch {
                response = .jsonData(JSONCoding.detailBody("internal error"), status: 500)
            }
            deferred.complete(response)
        }
        return deferred
    }

    /// True once an answer is in.
    package var isComplete: Bool { box.withLock { $0.state.result != nil } }

    /// Sets the answer (the first one wins) and resumes the connection.
    package func complete(_ response: Response) {
        let waiters = box.withLock { b -> [CheckedContinuation<Response, Never>] in
            guard b.state.result == nil else { return [] }
            b.state.result = response
            if b.state.suspended, let connection = b.state.connection {
                b.state.suspended = false
                MHD_resume_connection(connection)
            }
            defer { b.state.waiters = [] }
            return b.state.waiters
        }
        for waiter in waiters { waiter.resume(returning: response) }
    }

    /// The answer, once it is in: how ``InProcessServer`` waits where the server suspends a
    /// connection.
    package func answer() async -> Response {
        await withCheckedContinuation { waiter in
            let ready = box.withLock { b -> Response? in
                if let result = b.state.result { return result }
                b.state.waiters.append(waiter)
                return nil
            }
            if let ready { waiter.resume(returning: ready) }
        }
    }

    // MARK: libmicrohttpd side (on the connection's thread)

    /// The answer when it is already in; else suspends `connection` until it is.
    func answerOrSuspend(_ connection: OpaquePointer) -> Response? {
        box.withLock { b in
            if let result = b.state.result { return result }
            if !b.state.suspended {
                b.state.connection = connection
                b.state.suspended = true
                MHD_suspend_connection(connection)
            }
            return nil
        }
    }
}

extension Response {
    /// A response whose answer `deferred` computes off the worker threads.
    package static func deferred(_ deferred: DeferredResponse) -> Response {
        var response = Response(status: 202)
        response.deferred = deferred
        return response
    }
}
