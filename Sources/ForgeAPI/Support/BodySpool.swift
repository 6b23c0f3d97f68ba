/// How a route's body reaches its handler when it goes to a temporary file
/// rather than memory (ForgeHTTP's `spool` route tag, ``HTTPServer/Configuration/spoolLimit``):
/// a `multipart/form-data` body is read by libmicrohttpd's post processor, its file
/// part in ``Request/bodyFile`` and its fields in ``Request/form``; any other body is
/// the file itself. The cases differ only in the body cap.
enum BodySpool: String, Sendable {
    /// Capped by `--max-import` (`POST /api/import`: whole exports, up to 4 GiB).
    case importLimit = "yes"
    /// Capped by the route's own body cap (`--max-upload` for an upload route, else `--max-body`).
    case routeLimit = "body"
}
