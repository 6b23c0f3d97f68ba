import Foundation

/// Per-request state kept in libmicrohttpd's `*con_cls` between access-handler
/// calls: created by the URI-log callback, released by the completion callback.
/// Only the connection's own MHD thread touches it.
final class Exchange {
    /// Request target as received (`/path?query`), before any decoding.
    let rawTarget: String
    let requestID = Request.makeRequestID()
    let started = ContinuousClock.now
    /// Body bytes received so far (never more than the cap).
    var body = Data()
    /// Bytes received (and discarded) once the body went over the cap.
    var overflowBytes = 0
    /// This request's body cap, bytes (set with the headers).
    var bodyLimit = 0
    /// A spooled route's body file (descriptor, path, bytes written); -1 when not spooling.
    var spoolFD: Int32 = -1
    var spoolPath: String?
    var spoolBytes = 0
    /// A write to the spool file failed (disk full): answered 507.
    var spoolFailed = false
    /// A spooled `multipart/form-data` body's reader (its file part goes to the spool file); nil otherwise.
    var multipart: MultipartSpool?
    /// What the route's admission holds until the request ends (``AdmissionRelease``); run once by
    /// the completion callback.
    var release: AdmissionRelease?

    /// Closes and removes the spool file (an aborted or answered upload).
    func dropSpool() {
        multipart = nil
        if spoolFD >= 0 { close(spoolFD) }
        spoolFD = -1
        if let spoolPath { unlink(spoolPath) }
        spoolPath = nil
    }
    /// True once the first access-handler call (headers only) has been seen.
    var headersSeen = false
    /// True once a response was queued; later upload data is discarded.
    var answered = false
    /// The streamed body of this request's response, if any.
    var stream: ResponseStream?
    /// The pending off-thread answer of this request, if any, with what the
    /// access log needs once it is sent.
    var deferred:
        (
            answer: DeferredResponse, method: String, path: String, remoteAddress: String, userAgent: String,
            requestID: String
        )?

    init(rawTarget: String) {
        self.rawTarget = rawTarget
    }

    var elapsedMilliseconds: Double {
        let elapsed = ContinuousClock.now - started
        return Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15
    }
}
