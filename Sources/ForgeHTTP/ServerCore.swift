import CMicroHTTPD
import Foundation
import Synchronization

/// The immutable state the libmicrohttpd callbacks work with; passed to them
/// unretained as their `cls` (the owning `HTTPServer` keeps it alive until
/// every daemon is stopped).
final class ServerCore: Sendable {
    let responder: Responder
    let maxBodyBytes: Int
    /// Larger caps by exact path (upload routes).
    let uploadLimits: [String: Int]
    /// Paths whose bodies go to a file, each with its body cap, bytes, and the directory
    /// (``HTTPServer/Configuration/spoolLimit``).
    let spool: (limits: [String: Int], directory: String)
    /// Peers whose forwarding headers count.
    let trustedProxies: TrustedProxies
    /// The daemons serve HTTPS.
    let isTLS: Bool
    let accessLog: (@Sendable (AccessLogEntry) -> Void)?
    let onError: (@Sendable (Request, Error) -> Void)?
    /// Closes connections whose request head is late.
    let headDeadline: HeadDeadline
    /// Requests between the URI-log and completion callbacks.
    let inFlight = Atomic<Int>(0)
    /// Streamed responses still open, so `stop()` can end them first.
    private let streams = Mutex<[ObjectIdentifier: ResponseStream]>([:])

    func forget(_ stream: ResponseStream) {
        _ = streams.withLock { $0.removeValue(forKey: ObjectIdentifier(stream)) }
    }

    /// Off-thread answers still pending, so `stop()` can answer them first.
    private let pending = Mutex<[ObjectIdentifier: DeferredResponse]>([:])

    /// Ends every open stream and answers every pending deferred request 503
    /// (their connections then complete normally).
    func finishStreams() {
        for stream in streams.withLock({ Array($0.values) }) { stream.finish() }
        for deferred in pending.withLock({ Array($0.values) }) {
            deferred.complete(.error(503, "the server is stopping"))
        }
    }

    func forget(_ deferred: DeferredResponse) {
        _ = pending.withLock { $0.removeValue(forKey: ObjectIdentifier(deferred)) }
    }

    init(
        responder: Responder, maxBodyBytes: Int, uploadLimits: [String: Int] = [:],
        spool: (limits: [String: Int], directory: String) = ([:], ""),
        trustedProxies: TrustedProxies = TrustedProxies(), isTLS: Bool = false,
        headTimeoutSeconds: Double = 10, idleTimeoutSeconds: Double = 30,
        onHeadTimeout: (@Sendable (_ peer: String) -> Void)? = nil, accessLog: (@Sendable (AccessLogEntry) -> Void)?,
        onError: (@Sendable (Request, Error) -> Void)?
    ) {
        self.responder = responder
        self.maxBodyBytes = maxBodyBytes
        self.uploadLimits = uploadLimits
        self.spool = spool
        self.trustedProxies = trustedProxies
        self.isTLS = isTLS
        self.headDeadline = HeadDeadline(limit: headTimeoutSeconds, idle: idleTimeoutSeconds, onClose: onHeadTimeout)
        self.accessLog = accessLog
        self.onError = onError
    }

    /// The core of a server with `configuration`'s body caps, spooled routes, trusted proxies,
    /// TLS flag and timeouts, answering with `responder` (``HTTPServer``, ``InProcessServer``).
    convenience init(
        configuration: HTTPServer.Configuration, responder: Responder,
        accessLog: (@Sendable (AccessLogEntry) -> Void)?, onError: (@Sendable (Request, Error) -> Void)?,
        onHeadTimeout: (@Sendable (_ peer: String) -> Void)? = nil
    ) {
        self.init(
            responder: responder, maxBodyBytes: max(0, configuration.maxBodyBytes),
            uploadLimits: configuration.uploadLimits.mapValues { max(0, $0) },
            spool: (HTTPServer.spoolLimits(responder.routes, configuration), configuration.spoolDirectory),
            trustedProxies: configuration.trustedProxies, isTLS: configuration.tls != nil,
            headTimeoutSeconds: configuration.headTimeoutSeconds,
            idleTimeoutSeconds: Double(max(1, configuration.connectionTimeoutSeconds)),
            onHeadTimeout: onHeadTimeout, accessLog: accessLog, onError: onError)
    }

    /// Bytes of an over-cap body (sent without a Content-Length that gave it
    /// away) read and discarded before the connection is dropped unanswered.
    func discardLimit(_ cap: Int) -> Int { max(4 * cap, 4 << 20) }

    /// The path of a raw request target (no query).
    static func path(of rawTarget: String) -> String {
        rawTarget.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init)
            ?? rawTarget
    }

    /// The body cap of a request target: its path's upload limit, else `maxBodyBytes`.
    func bodyLimit(for rawTarget: String) -> Int {
        guard !uploadLimits.isEmpty else { return maxBodyBytes }
        let path =
            rawTarget.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init)
            ?? rawTarget
        return uploadLimits[path] ?? maxBodyBytes
    }

    /// One access-handler call: accumulate the body, then answer.
    /// A declared `Content-Length` over the cap is answered 413 at once; a
    /// body that grows over the cap is discarded and answered 413 when it ends.
    /// `head` is where libmicrohttpd's copy of the request head starts (its
    /// method string) and `version` the request's HTTP version, both for
    /// the framing checks (``RequestFraming``).
    func handle(
        _ connection: OpaquePointer, _ exchange: Exchange, method: String,
        upload: UnsafePointer<CChar>?, uploadSize: UnsafeMutablePointer<Int>,
        head: UnsafeRawPointer? = nil, version: String = "HTTP/1.1"
    ) -> MHD_Result {
        if exchange.answered {
            uploadSize.pointee = 0
            return .YES
        }
        if let waiting = exchange.deferred {
            // Called again after MHD_resume_connection (or spuriously while waiting).
            uploadSize.pointee = 0
            guard let ready = waiting.answer.answerOrSuspend(connection) else { return .YES }
            return queueDeferred(connection, exchange, ready)
        }
        if !exchange.headersSeen {
            exchange.headersSeen = true
            let watch = MHDCallbacks.watch(of: connection)
            if let watch { headDeadline.headDone(watch) }
            if let problem = RequestFraming.problem(RequestFraming.fields(of: connection, head: head), version: version)
            {
                var response = Response.error(400, "bad request framing: \(problem)")
                response.headers.set("Connection", "close")
                return reject(connection, exchange, method: method, response)
            }
            exchange.bodyLimit = bodyLimit(for: exchange.rawTarget)
            if !spool.limits.isEmpty, method == "POST", let cap = spool.limits[Self.path(of: exchange.rawTarget)] {
                // The head first: a refused upload is answered before any of it is read or stored.
                switch admission(connection, exchange) {
                case .refused(var response):
                    response.headers.set("Connection", "close")
                    return reject(connection, exchange, method: method, response)
                case .admitted(let release):
                    exchange.release = release
                }
                exchange.bodyLimit = cap
                var template = Array((spool.directory + "/forged-upload-XXXXXX").utf8CString)
                let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
                guard fd >= 0 else {
                    return reject(connection, exchange, method: method, .error(500, "cannot store the upload"))
                }
                exchange.spoolFD = fd
                exchange.spoolPath = String(
                    decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
                if let type = MHD_lookup_connection_value(connection, .HEADER_KIND, "Content-Type").map({
                    String(cString: $0)
                }),
                    type.lowercased().hasPrefix("multipart/form-data")
                {
                    exchange.multipart = MultipartSpool(connection: connection, fd: fd, contentType: type)
                }
            }
            if let length = MHD_lookup_connection_value(connection, .HEADER_KIND, "Content-Length"),
                let declared = UInt64(String(cString: length)), declared > UInt64(exchange.bodyLimit)
            {
                return reject(connection, exchange, method: method, .error(413, "request body too large"))
            }
            if let watch, Self.hasBody(connection) { headDeadline.awaitBody(watch) }
            return .YES
        }
        if uploadSize.pointee > 0 {
            let count = uploadSize.pointee
            uploadSize.pointee = 0
            if let watch = MHDCallbacks.watch(of: connection) { headDeadline.bodyProgress(watch, bytes: count) }
            if exchange.overflowBytes > 0 || exchange.body.count + count > exchange.bodyLimit {
                // MHD 0.9.75 cannot queue a response mid-upload: discard the
                // rest and answer 413 at the end, or drop a runaway upload.
                exchange.body = Data()
                exchange.overflowBytes += count
                return exchange.overflowBytes > discardLimit(exchange.bodyLimit) ? .NO : .YES
            }
            if exchange.spoolFD >= 0 {
                if exchange.spoolBytes + count > exchange.bodyLimit {
                    exchange.overflowBytes += count
                    exchange.dropSpool()
                    return .YES
                }
                if let upload, let multipart = exchange.multipart {
                    multipart.feed(upload, count: count)
                    if multipart.writeFailed { exchange.spoolFailed = true }
                } else if let upload, !exchange.spoolFailed {
                    exchange.spoolFailed = !spoolWrite(exchange.spoolFD, upload, count: count)
                }
                exchange.spoolBytes += count
                return .YES
            }
            if let upload {
                exchange.body.append(UnsafeRawPointer(upload).assumingMemoryBound(to: UInt8.self), count: count)
            }
            return .YES
        }
        if exchange.spoolFailed {
            exchange.dropSpool()
            return reject(connection, exchange, method: method, .error(507, "not enough disk space for the upload"))
        }
        if exchange.overflowBytes > 0 {
            return reject(connection, exchange, method: method, .error(413, "request body too large"))
        }
        // The request is whole: no deadline while a handler (or a deferred answer) works on it.
        if let watch = MHDCallbacks.watch(of: connection) { headDeadline.headDone(watch) }
        return answer(connection, exchange, method: method)
    }

    /// The route's answer to the request head of a spooled upload (``Responder/admit(_:)``).
    private func admission(_ connection: OpaquePointer, _ exchange: Exchange) -> Responder.Admitted {
        let head = self.request(
            method: "POST", target: exchange.rawTarget, headers: Self.headers(of: connection), body: Data(),
            peer: Self.remoteAddress(of: connection), requestID: exchange.requestID)
        guard case .success(let head) = head else { return .admitted(nil) }
        return responder.admit(head)
    }

    /// Why a request that arrived whole is answered without routing (an unknown method, a bad path):
    /// the answer, before ``rejection(_:requestID:)`` stamps it.
    struct Refusal: Error {
        let response: Response
    }

    /// The ``Request`` a handler sees for a request that arrived whole: its method, decoded path and
    /// query, its header fields in arrival order, its body, the real client (through a trusted proxy's
    /// `X-Forwarded-For`) and scheme. The one place the server turns what libmicrohttpd read into a
    /// `Request` (``InProcessServer`` takes the same step without a socket).
    /// - Parameters:
    ///   - method: the method as sent.
    ///   - target: the request target as sent, `/path?query`, still percent-encoded.
    ///   - peer: the TCP peer's address.
    /// - Returns: the request, or a ``Refusal``: 405 with `Allow` for a method forged does not know,
    ///   400 for a path that is not absolute or not valid percent-encoding.
    func request(
        method: String, target: String, headers: HTTPHeaders, body: Data, peer: String, requestID: String
    ) -> Result<Request, Refusal> {
        let rawPath = Self.path(of: target)
        let rawQuery = target.count > rawPath.count ? String(target.dropFirst(rawPath.count + 1)) : ""
        guard let httpMethod = HTTPMethod(rawValue: method) else {
            var response = Response.error(405, "method not allowed")
            response.headers.set("Allow", HTTPMethod.allCases.map(\.rawValue).joined(separator: ", "))
            return .failure(Refusal(response: response))
        }
        guard rawPath.hasPrefix("/"), let path = QueryString.percentDecode(rawPath) else {
            return .failure(Refusal(response: .error(400, "bad request path")))
        }
        return .success(
            Request(
                method: httpMethod, path: path, rawQuery: rawQuery, headers: headers, body: body,
                remoteAddress: clientAddress(peer: peer, headers: headers), requestID: requestID, peerAddress: peer,
                scheme: trustedProxies.scheme(
                    peer: peer, forwardedProto: headers["X-Forwarded-Proto"], direct: isTLS ? "https" : "http")))
    }

    /// The complete request has arrived: route it and queue the response.
    private func answer(_ connection: OpaquePointer, _ exchange: Exchange, method: String) -> MHD_Result {
        var request: Request
        switch self.request(
            method: method, target: exchange.rawTarget, headers: Self.headers(of: connection), body: exchange.body,
            peer: Self.remoteAddress(of: connection), requestID: exchange.requestID)
        {
        case .success(let whole): request = whole
        case .failure(let refusal): return reject(connection, exchange, method: method, refusal.response)
        }
        exchange.body = Data()
        if exchange.spoolFD >= 0 {
            close(exchange.spoolFD)
            exchange.spoolFD = -1
            if let multipart = exchange.multipart {
                let form = multipart.finish()
                exchange.multipart = nil
                request.form = form
                request.bodyFile = form.hasFile ? exchange.spoolPath : nil
            } else {
                request.bodyFile = exchange.spoolPath
            }
        }
        let response = responder.respond(to: request, onError: onError)
        exchange.dropSpool()
        if let deferred = response.deferred {
            exchange.deferred = (
                deferred, method, request.path, request.remoteAddress, request.headers["User-Agent"] ?? "",
                request.requestID
            )
            pending.withLock { $0[ObjectIdentifier(deferred)] = deferred }
            guard let ready = deferred.answerOrSuspend(connection) else { return .YES }
            return queueDeferred(connection, exchange, ready)
        }
        return queue(
            connection, exchange, response, method: method, path: request.path,
            remoteAddress: request.remoteAddress, userAgent: request.headers["User-Agent"] ?? "")
    }

    /// Queues a deferred request's answer, with the headers every response gets.
    private func queueDeferred(_ connection: OpaquePointer, _ exchange: Exchange, _ answer: Response) -> MHD_Result {
        guard let waiting = exchange.deferred else { return .NO }
        forget(waiting.answer)
        var response = answer
        response.deferred = nil
        Responder.stamp(&response, requestID: waiting.requestID)
        return queue(
            connection, exchange, response, method: waiting.method, path: waiting.path,
            remoteAddress: waiting.remoteAddress, userAgent: waiting.userAgent)
    }

    /// Answers without routing (413, 400, unknown method).
    private func reject(
        _ connection: OpaquePointer, _ exchange: Exchange, method: String,
        _ response: Response
    ) -> MHD_Result {
        let response = Self.rejection(response, requestID: exchange.requestID)
        let rawPath = String(exchange.rawTarget.prefix { $0 != "?" })
        let userAgent = MHD_lookup_connection_value(connection, .HEADER_KIND, "User-Agent").map { String(cString: $0) }
        return queue(
            connection, exchange, response, method: method,
            path: QueryString.percentDecode(rawPath) ?? rawPath,
            remoteAddress: clientAddress(of: connection), userAgent: userAgent ?? "")
    }

    /// An answer given without routing (413, 400, an unknown method) as it is sent: with
    /// `X-Request-Id` and `Cache-Control: no-store`.
    static func rejection(_ response: Response, requestID: String) -> Response {
        var response = response
        response.headers.set("X-Request-Id", requestID)
        response.headers.set("Cache-Control", "no-store")
        return response
    }

    private func queue(
        _ connection: OpaquePointer, _ exchange: Exchange, _ response: Response,
        method: String, path: String, remoteAddress: String, userAgent: String
    ) -> MHD_Result {
        exchange.answered = true
        if let watch = MHDCallbacks.watch(of: connection) { headDeadline.headDone(watch) }
        let status = (100...999).contains(response.status) ? response.status : 500
        let result: MHD_Result
        if let stream = response.stream, method != "HEAD" {
            exchange.stream = stream
            streams.withLock { $0[ObjectIdentifier(stream)] = stream }
            stream.attach(connection)
            result = MHDResponse.queue(connection, status: status, headers: response.headers, stream: stream)
        } else {
            result = MHDResponse.queue(connection, status: status, headers: response.headers, body: response.body)
        }
        accessLog?(
            AccessLogEntry(
                method: method, path: path, status: status,
                bytes: method == "HEAD" ? 0 : response.body.count,
                durationMs: exchange.elapsedMilliseconds, remoteAddress: remoteAddress,
                requestID: exchange.requestID, userAgent: userAgent))
        return result
    }

    /// Whether a body follows the head (`Content-Length` above 0, or chunked).
    static func hasBody(_ connection: OpaquePointer) -> Bool {
        if MHD_lookup_connection_value(connection, .HEADER_KIND, "Transfer-Encoding") != nil { return true }
        guard let length = MHD_lookup_connection_value(connection, .HEADER_KIND, "Content-Length") else { return false }
        return (UInt64(String(cString: length)) ?? 0) > 0
    }

    /// Request header fields in arrival order.
    static func headers(of connection: OpaquePointer) -> HTTPHeaders {
        var headers = HTTPHeaders()
        withUnsafeMutablePointer(to: &headers) { pointer in
            _ = MHD_get_connection_values(
                connection, .HEADER_KIND,
                { cls, _, key, value in
                    guard let cls, let key else { return .YES }
                    cls.assumingMemoryBound(to: HTTPHeaders.self).pointee
                        .add(String(cString: key), value.map { String(cString: $0) } ?? "")
                    return .YES
                }, pointer)
        }
        return headers
    }

    /// The real client of a connection's current request (see ``TrustedProxies/client(peer:forwardedFor:)``).
    func clientAddress(of connection: OpaquePointer) -> String {
        let peer = Self.remoteAddress(of: connection)
        guard trustedProxies.contains(peer) else { return peer }
        return clientAddress(peer: peer, headers: Self.headers(of: connection))
    }

    /// The real client of a request from `peer` with these header fields.
    func clientAddress(peer: String, headers: HTTPHeaders) -> String {
        trustedProxies.client(peer: peer, forwardedFor: headers.values(for: "X-Forwarded-For"))
    }

    /// Textual client IP of a connection, or empty if unknown.
    static func remoteAddress(of connection: OpaquePointer) -> String {
        guard let address = forge_mhd_client_address(connection) else { return "" }
        return SocketAddress.address(of: address)?.host ?? ""
    }
}
