import CMicroHTTPD
import Foundation

/// Building and queueing libmicrohttpd responses.
enum MHDResponse {
    /// Copies `body` into an MHD response, adds the safe headers and queues
    /// it. MHD adds `Content-Length` and `Date` and drops the body for HEAD.
    /// Header fields with CR/LF/NUL, an empty name, or `Content-Length` are skipped.
    static func queue(_ connection: OpaquePointer, status: Int, headers: HTTPHeaders, body: Data) -> MHD_Result {
        let response = body.withUnsafeBytes { bytes in
            MHD_create_response_from_buffer(
                bytes.count, UnsafeMutableRawPointer(mutating: bytes.baseAddress),
                .RESPMEM_MUST_COPY)
        }
        guard let response else { return .NO }
        defer { MHD_destroy_response(response) }
        for (name, value) in safeFields(headers) {
            _ = MHD_add_response_header(response, name, value)
        }
        return MHD_queue_response(connection, UInt32(status), response)
    }

    /// Queues a chunked response whose body comes from `stream` (see
    /// `ResponseStream`); the stream is retained until MHD frees the response.
    static func queue(
        _ connection: OpaquePointer, status: Int, headers: HTTPHeaders,
        stream: ResponseStream
    ) -> MHD_Result {
        let cls = Unmanaged.passRetained(stream).toOpaque()
        guard
            let response = MHD_create_response_from_callback(
                UInt64.max, 16 * 1024,
                { cls, _, buffer, max in
                    guard let cls, let buffer else { return -2 }
                    return Unmanaged<ResponseStream>.fromOpaque(cls).takeUnretainedValue().read(into: buffer, max: max)
                }, cls,
                { cls in
                    guard let cls else { return }
                    let stream = Unmanaged<ResponseStream>.fromOpaque(cls)
                    stream.takeUnretainedValue().detach()
                    stream.release()
                })
        else {
            Unmanaged<ResponseStream>.fromOpaque(cls).release()
            return .NO
        }
        defer { MHD_destroy_response(response) }
        for (name, value) in safeFields(headers) {
            _ = MHD_add_response_header(response, name, value)
        }
        return MHD_queue_response(connection, UInt32(status), response)
    }

    /// The fields of `headers` that are sent, in order: those ``isSafe(_:_:)`` passes.
    static func safeFields(_ headers: HTTPHeaders) -> [HTTPHeaders.Element] {
        headers.filter { isSafe($0.name, $0.value) }
    }

    /// Whether a response header field may be sent: a name without CR, LF, NUL, colon or space that is
    /// not `Content-Length` (the server's own), and a value without CR, LF or NUL.
    static func isSafe(_ name: String, _ value: String) -> Bool {
        guard !name.isEmpty, name.lowercased() != "content-length" else { return false }
        let forbidden: (UInt8) -> Bool = { $0 == 13 || $0 == 10 || $0 == 0 }
        return !name.utf8.contains(where: { forbidden($0) || $0 == UInt8(ascii: ":") || $0 == UInt8(ascii: " ") })
            && !value.utf8.contains(where: forbidden)
    }
}
