import ForgeCore
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A client of the event socket (`forged notify tail`, tests): connects to
/// the hub and reads one JSON envelope per line, the snapshot first; it may
/// write commands (``send(_:)``) and reads their replies on the same stream.
package final class EventSubscriber {
    /// The stream ended (the daemon closed the socket) or the read timed out.
    package struct Ended: Error {}

    package let fd: Int32
    package let reader: LineReader

    /// Connects to the socket at `path`.
    /// - Parameter readTimeout: seconds a read may wait before ``next()``
    ///   gives up (0 = wait forever).
    /// - Throws: `UnixSocket.Failure` when nothing listens there.
    package init(_ path: String, readTimeout: Int = 0) throws {
        fd = try UnixSocket.connect(path: path)
        if readTimeout > 0 {
            var timeout = timeval(tv_sec: readTimeout, tv_usec: 0)
            setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        }
        reader = LineReader(fd: fd)
    }

    deinit { close(fd) }

    /// The next line as sent, or nil when the stream ended.
    package func nextLine() -> String? { reader.next() }

    /// Writes one command line (``SocketCommand``; a newline is added when missing).
    /// - Throws: `UnixSocket.Failure` when the daemon closed the socket.
    package func send(_ line: String) throws {
        let bytes = Array((line.hasSuffix("\n") ? line : line + "\n").utf8)
        let n = bytes.withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, UnixSocket.noSignal) }
        guard n == bytes.count else { throw UnixSocket.Failure(call: "send", path: "event socket", code: errno) }
    }

    /// The next envelope.
    /// - Throws: ``Ended``, or a decoding error for a line that is not JSON.
    package func next() throws -> JSONValue {
        guard let line = reader.next() else { throw Ended() }
        return try JSONCoding.decode(JSONValue.self, from: Data(line.utf8))
    }
}
