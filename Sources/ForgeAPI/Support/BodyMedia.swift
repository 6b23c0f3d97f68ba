import ForgeHTTP

/// The request body is read only as the media type its route declares
/// (issue 26). A browser may send `text/plain`,
/// `application/x-www-form-urlencoded` and `multipart/form-data` bodies
/// cross-site without a CORS preflight, with the household's cookie and,
/// from older browsers or extensions, without `Origin` or `Sec-Fetch-Site`.
/// JSON cannot be sent cross-site without a preflight, which forged never
/// grants. So a write to a cookie-authenticated or public route whose
/// `Content-Type` names a type the route does not take is refused 415
/// before anything runs, and the same-origin rule of docs/architecture.md
/// then only has to cover JSON and bodyless requests. Bearer routes
/// (`/ingest`, `/mcp`) carry no ambient credential and are not checked.
enum BodyMedia {
    /// The media types a browser sends cross-site without a preflight (Fetch
    /// standard, "CORS-safelisted request-header").
    static let simple: Set<String> = ["text/plain", "application/x-www-form-urlencoded", "multipart/form-data"]

    /// The media type of a `Content-Type` value: before any `;`, trimmed, lower-cased.
    static func mediaType(_ contentType: String) -> String {
        String(contentType.split(separator: ";", maxSplits: 1).first ?? "").trimmingCharacters(in: .whitespaces)
            .lowercased()
    }

    /// Whether `mediaType` is one of `accepted`; a JSON route also takes any
    /// `+json` type (`application/merge-patch+json`).
    static func takes(_ accepted: [String], _ mediaType: String) -> Bool {
        if accepted.contains(mediaType) { return true }
        return accepted.contains("application/json") && mediaType.hasPrefix("application/")
            && mediaType.hasSuffix("+json")
    }

    /// Refuses `request` when it is a write whose `Content-Type` names a type
    /// the route does not take (`accepted`: the declared body media type and
    /// any others the route reads, such as multipart uploads).
    /// - Throws: 415 `unsupported content type T; this route takes A, B`.
    static func check(_ request: Request, access: Access, accepted: [String]) throws {
        guard access != .bearer, ![.GET, .HEAD, .OPTIONS].contains(request.method) else { return }
        guard let header = request.headers["Content-Type"], !header.isEmpty else { return }
        let media = mediaType(header)
        guard !takes(accepted, media) else { return }
        throw HTTPError(415, "unsupported content type \(media); this route takes \(accepted.joined(separator: ", "))")
    }
}
