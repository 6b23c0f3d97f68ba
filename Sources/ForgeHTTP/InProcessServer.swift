import Foundation

/// The HTTP server's request pipeline without a socket, for tests whose behaviour is
/// not the network's (Hummingbird's `.router` test mode): a request given as its method,
/// target, header fields and whole body goes through the steps ``HTTPServer`` takes once
/// libmicrohttpd has read it (the body cap, the method and path checks, the responder with
/// its middleware, a deferred answer's wait and stamp, the access log) and comes back as
/// the status, header fields and body bytes the socket would carry, with the `Content-Length`
/// and `Date` libmicrohttpd adds and no body for HEAD.
///
/// A spooled route's raw body is admitted from its head and written to a file in the spool
/// directory, as the server spools it. What only a connection can do is refused with
/// ``Unsupported`` rather than imitated: a `multipart/form-data` upload (libmicrohttpd's post
/// processor reads its form as it arrives, ``MultipartSpool``) and a streamed response
/// (``ResponseStream``). Request framing, timeouts, connection limits and
/// TLS are the socket's, and are not looked at here.
package final class InProcessServer: Sendable {
    private let core: ServerCore

    /// A pipeline with `configuration`'s body caps, spooled routes, trusted proxies and TLS
    /// flag (its listening and timeout settings are not used), answering with `responder`.
    /// - Parameters:
    ///   - accessLog: called once per request, as ``HTTPServer`` calls it.
    ///   - onError: called once per non-`HTTPError` error thrown by a handler.
    package init(
        configuration: HTTPServer.Configuration, responder: Responder,
        accessLog: (@Sendable (AccessLogEntry) -> Void)? = nil,
        onError: (@Sendable (Request, Error) -> Void)? = nil
    ) {
        core = ServerCore(configuration: configuration, responder: responder, accessLog: accessLog, onError: onError)
    }

    /// What a socket does that this pipeline does not.
    package struct Unsupported: Error, CustomStringConvertible {
        package let description: String
    }

    /// Answers one request as the server would send it.
    /// - Parameters:
    ///   - method: the request method as sent (an unknown one is answered 405).
    ///   - target: the request target as sent, `/path?query`, still percent-encoded.
    ///   - headers: the request's header fields as the client sent them (`Host` included).
    ///   - body: the whole request body.
    ///   - peer: the TCP peer's address the request seems to come from.
    /// - Returns: status, header fields as sent (unsafe ones dropped, `Content-Length` and
    ///   `Date` added) and body (empty for HEAD).
    /// - Throws: ``Unsupported`` for a multipart upload to a spooled route or a streamed response.
    package func respond(
        method: String, target: String, headers: HTTPHeaders, body: Data, peer: String = "127.0.0.1"
    ) async throws(Unsupported) -> Response {
        let started = ContinuousClock.now
        let requestID = Request.makeRequestID()
        let path = ServerCore.path(of: target)
        var answer: Response
        var routed: (path: String, remoteAddress: String)?
        var spool: Spooled?
        defer { spool?.finish() }
        if !core.spool.limits.isEmpty, method == "POST", let cap = core.spool.limits[path] {
            if headers["Content-Type"]?.lowercased().hasPrefix("multipart/form-data") == true {
                throw Unsupported(description: "POST \(path) is a multipart upload: libmicrohttpd reads its form")
            }
            spool = Spooled(core: core, target: target, headers: headers, body: body, peer: peer, cap: cap)
        }
        if let refusal = spool?.refusal {
            answer = ServerCore.rejection(refusal, requestID: requestID)
        } else if spool == nil, body.count > core.bodyLimit(for: target) {
            answer = ServerCore.rejection(.error(413, "request body too large"), requestID: requestID)
        } else {
            switch core.request(
                method: method, target: target, headers: headers, body: spool == nil ? body : Data(), peer: peer,
                requestID: requestID)
            {
            case .failure(let refusal):
                answer = ServerCore.rejection(refusal.response, requestID: requestID)
            case .success(var request):
                request.bodyFile = spool?.path
                routed = (request.path, request.remoteAddress)
                answer = core.responder.respond(to: request, onError: core.onError)
                spool?.drop()
                if let deferred = answer.deferred {
                    answer = await deferred.answer()
                    answer.deferred = nil
                    Responder.stamp(&answer, requestID: requestID)
                }
                if answer.stream != nil, method != "HEAD" {
                    throw Unsupported(description: "\(method) \(path) answers with a stream, which needs a socket")
                }
            }
        }
        let status = (100...999).contains(answer.status) ? answer.status : 500
        let elapsed = ContinuousClock.now - started
        core.accessLog?(
            AccessLogEntry(
                method: method, path: routed?.path ?? (QueryString.percentDecode(path) ?? path), status: status,
                bytes: method == "HEAD" ? 0 : answer.body.count,
                durationMs: Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15,
                remoteAddress: routed?.remoteAddress ?? core.clientAddress(peer: peer, headers: headers),
                requestID: requestID, userAgent: headers["User-Agent"] ?? ""))
        var sent = HTTPHeaders(MHDResponse.safeFields(answer.headers).map { ($0.name, $0.value) })
        sent.add("Content-Length", String(answer.body.count))
        sent.add("Date", Self.httpDate(Date()))
        return Response(status: status, headers: sent, body: method == "HEAD" ? Data() : answer.body)
    }

    /// A spooled route's raw body on its way to the handler, as ``ServerCore`` spools one: the
    /// route's admission from the head, then the body in a temporary file in the spool directory.
    private struct Spooled {
        /// The answer instead of routing: the admission's refusal (with `Connection: close`), 413
        /// over the cap, 500 when no file can be made, 507 when writing it failed.
        var refusal: Response?
        /// The file holding the body, until ``drop()``.
        var path: String?
        /// What the admission holds until the request ends.
        let release: AdmissionRelease?

        init(core: ServerCore, target: String, headers: HTTPHeaders, body: Data, peer: String, cap: Int) {
            var release: AdmissionRelease?
            if case .success(let head) = core.request(
                method: "POST", target: target, headers: headers, body: Data(), peer: peer,
                requestID: Request.makeRequestID())
            {
                switch core.responder.admit(head) {
                case .refused(var response):
                    response.headers.set("Connection", "close")
                    refusal = response
                    self.release = nil
                    return
                case .admitted(let admitted): release = admitted
                }
            }
            self.release = release
            guard body.count <= cap else {
                refusal = .error(413, "request body too large")
                return
            }
            var template = Array((core.spool.directory + "/forged-upload-XXXXXX").utf8CString)
            let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
            guard fd >= 0 else {
                refusal = .error(500, "cannot store the upload")
                return
            }
            path = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            let written = body.withUnsafeBytes { bytes in
                bytes.isEmpty
                    || spoolWrite(fd, bytes.baseAddress!, count: bytes.count)
            }
            close(fd)
            if !written {
                drop()
                refusal = .error(507, "not enough disk space for the upload")
            }
        }

        /// Removes the body's file (the handler has returned; it kept the file by renaming it).
        mutating func drop() {
            if let path { unlink(path) }
            path = nil
        }

        /// The request has ended: removes any file left and runs the admission's release.
        mutating func finish() {
            drop()
            release?()
        }
    }

    /// `date` as libmicrohttpd writes its `Date` header (RFC 9110 §5.6.7 IMF-fixdate).
    static func httpDate(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
        return formatter.string(from: date)
    }
}
