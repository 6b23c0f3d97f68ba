import CMicroHTTPD
import Foundation
import Synchronization

/// The body of a long-lived response (Server-Sent Events): bytes handed to
/// ``send(_:)`` from any thread go out as they come, chunked, until
/// ``finish()`` or the client goes away.
///
/// No thread ever waits on it: when nothing is buffered, the connection is
/// suspended in libmicrohttpd (`MHD_suspend_connection`, daemon started with
/// `MHD_ALLOW_SUSPEND_RESUME`) and resumed by the next `send` or `finish`.
/// A suspended connection is not polled, so a client that vanished is
/// noticed at the next write (callers send heartbeats for that).
package final class ResponseStream: Sendable {
    /// Most bytes buffered for a slow client before the stream is closed.
    package let maxBufferedBytes: Int

    private struct State {
        var buffer: [UInt8] = []
        var finished = false
        var closed = false
        var connection: OpaquePointer?
        var suspended = false
        var onClose: [@Sendable () -> Void] = []
    }

    private struct Box: @unchecked Sendable { var state = State() }
    private let box = Mutex(Box())

    package init(maxBufferedBytes: Int = 1 << 20) {
        self.maxBufferedBytes = maxBufferedBytes
    }

    /// Queues `data`. Returns false (and sends nothing) once the stream is
    /// closed or finished; a client more than `maxBufferedBytes` behind is
    /// cut off and false is returned.
    @discardableResult
    package func send(_ data: Data) -> Bool {
        let (accepted, callbacks) = box.withLock { b -> (Bool, [@Sendable () -> Void]) in
            guard !b.state.closed, !b.state.finished else { return (false, []) }
            b.state.buffer += data
            if b.state.buffer.count > maxBufferedBytes {
                b.state.buffer = []
                b.state.finished = true
                resumeLocked(&b.state)
                return (false, [])
            }
            resumeLocked(&b.state)
            return (true, [])
        }
        callbacks.forEach { $0() }
        return accepted
    }

    /// Sends what is buffered, then ends the response.
    package func finish() {
        box.withLock { b in
            b.state.finished = true
            resumeLocked(&b.state)
        }
    }

    /// True until the client went away or the response ended.
    package var isOpen: Bool { box.withLock { !$0.state.closed && !$0.state.finished } }

    /// Runs `body` once when the connection ends (at once if it already has).
    package func onClose(_ body: @escaping @Sendable () -> Void) {
        let now = box.withLock { b -> Bool in
            if b.state.closed { return true }
            b.state.onClose.append(body)
            return false
        }
        if now { body() }
    }

    private func resumeLocked(_ state: inout State) {
        if state.suspended, let connection = state.connection {
            state.suspended = false
            MHD_resume_connection(connection)
        }
    }

    // MARK: libmicrohttpd side (on the connection's thread)

    func attach(_ connection: OpaquePointer) {
        box.withLock { $0.state.connection = connection }
    }

    /// The content-reader step: copy buffered bytes, or suspend when there
    /// are none, or end the stream.
    func read(into buffer: UnsafeMutablePointer<CChar>, max: Int) -> Int {
        box.withLock { b in
            if !b.state.buffer.isEmpty {
                let n = min(max, b.state.buffer.count)
                b.state.buffer.withUnsafeBytes { raw in
                    UnsafeMutableRawPointer(buffer).copyMemory(from: raw.baseAddress!, byteCount: n)
                }
                b.state.buffer.removeFirst(n)
                return n
            }
            if b.state.finished || b.state.closed { return -1 }  // MHD_CONTENT_READER_END_OF_STREAM
            if let connection = b.state.connection, !b.state.suspended {
                b.state.suspended = true
                MHD_suspend_connection(connection)
            }
            return 0
        }
    }

    /// The connection is gone (completed, failed or the daemon stopped).
    func detach() {
        let callbacks = box.withLock { b -> [@Sendable () -> Void] in
            guard !b.state.closed else { return [] }
            b.state.closed = true
            b.state.connection = nil
            b.state.buffer = []
            defer { b.state.onClose = [] }
            return b.state.onClose
        }
        callbacks.forEach { $0() }
    }
}
