import ForgeCook
import ForgeCore
import ForgeHTTP
import ForgeStore

/// `GET /api/food/media/{id}` (docs/contract.md §3.15, §4.23): a stored image blob to a
/// signed-in member. Household blobs (recipe imagery) are readable by every
/// signed-in user; owned blobs (meal photos) by their owner only — anyone else
/// gets the same 404 `not found` as for a missing id.
///
/// Blobs never change, so the response is cacheable for a year
/// (`Cache-Control: private, max-age=31536000, immutable`) and carries the
/// strong entity tag `"<id>"`; a request whose `If-None-Match` lists it (or `*`)
/// gets 304 with no body (RFC 9110 §13.1.2, weak comparison).
enum MediaRoutes {
    static let cacheControl = "private, max-age=31536000, immutable"

    static func register(_ app: ForgeApp, on router: inout APIRouter) {
        router.raw(
            .GET, "/api/food/media/:id", "A recipe image or the caller's own meal photo, raw bytes",
            access: .member, answers: nil as JSONValue.Type?, produces: "image/*",
            errors: [404]
        ) { request, principal in
            let caller = principal.caller
            let id = request.parameter("id") ?? ""
            let blob = try MealMedia.blob(id, readableBy: caller.id, in: app.db)
            let etag = "\"\(blob.id)\""
            var headers: HTTPHeaders = [
                "ETag": etag, "Cache-Control": cacheControl, "X-Content-Type-Options": "nosniff",
            ]
            if let match = request.headers["If-None-Match"], matches(match, etag: etag) {
                return Response(status: 304, headers: headers)
            }
            headers.set("Content-Type", blob.contentType)
            return Response(status: 200, headers: headers, body: blob.bytes)
        }
    }

    /// True when the `If-None-Match` field value lists `etag` (ignoring `W/`) or is `*`.
    static func matches(_ field: String, etag: String) -> Bool {
        field.split(separator: ",").contains { item in
            var tag = item.trimmingCharacters(in: .whitespaces)
            if tag == "*" { return true }
            if tag.hasPrefix("W/") { tag.removeFirst(2) }
            return tag == etag
        }
    }
}
