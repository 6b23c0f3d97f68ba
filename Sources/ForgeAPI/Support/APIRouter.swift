import ForgeCore
import ForgeHTTP
import ForgeStore
import Foundation

/// The route table under construction: a ``Router`` plus the typed
/// ``APIOperation`` of every route registered through it.
///
/// ```swift
/// api.route(.POST, "/api/sessions/:sid/sets", "Log a set", access: .member,
///           body: LogSetInput.self, errors: [404, 409]) { request, caller -> SetLogged in
///     let input = try request.decode(LogSetInput.self)      // 422 naming the field
///     return try SetRoutes.log(app, input, …)
/// }
/// ```
/// The `access` value both wraps the handler (session, same-origin rule,
/// admin role, display cookie) and documents the operation; the declared
/// types are what the OpenAPI document publishes and what the contract
/// tests decode. The ``Router``'s string tags (`auth`, `display`,
/// `upload`, `produces`) are derived from these values, for the display gate
/// and the upload cap that read the frozen table. A write's `Content-Type`
/// must be one the route takes (`bodyMedia`, plus `accepts`; only `accepts`
/// for a file upload, an `upload` route that declares no `body`), else 415
/// (``BodyMedia``).
struct APIRouter {
    let app: ForgeApp
    var router = Router()
    private(set) var operations: [APIOperation] = []

    init(app: ForgeApp) { self.app = app }

    /// A typed JSON route answering `Out` (with `success`, 200 unless told).
    mutating func route<Out: Codable & Sendable>(
        _ method: HTTPMethod, _ pattern: String, _ summary: String, access: Access, cache: ReadCache.Clock? = nil,
        query: (any RequestInput.Type)? = nil, body: (any RequestInput.Type)? = nil, bodyOptional: Bool = false,
        answers: Out.Type, success: Int = 200, errors: [Int] = [], upload: Bool = false, accepts: [String] = [],
        spool: BodySpool? = nil, admit: (@Sendable (Request, Principal) throws -> AdmissionRelease?)? = nil,
        _ handler: @escaping @Sendable (Request, Principal) throws -> Out
    ) {
        raw(
            method, pattern, summary, access: access, cache: cache, query: query, body: body,
            bodyOptional: bodyOptional,
            answers: answers, success: success, errors: errors, upload: upload, accepts: accepts, spool: spool,
            admit: admit
        ) { request, principal in
            .wire(try handler(request, principal), status: success, route: "\(method.rawValue) \(pattern)")
        }
    }

    /// A route whose handler builds its own ``Response`` (cookies, redirects,
    /// streams, media). `answers` documents the JSON success body, when it
    /// has one; `produces` names any other content type. `cache` (GET routes
    /// of signed-in callers only) serves answers from ``ForgeApp/reads`` with
    /// `ETag`/304; the route is tagged `cache` so tests can walk every one.
    mutating func raw<Out: Codable & Sendable>(
        _ method: HTTPMethod, _ pattern: String, _ summary: String, access: Access, cache: ReadCache.Clock? = nil,
        query: (any RequestInput.Type)? = nil, body: (any RequestInput.Type)? = nil, bodyOptional: Bool = false,
        bodyMedia: String = "application/json", errorBody: (any (Codable & Sendable).Type)? = nil,
        errorBodies: [Int: any (Codable & Sendable).Type] = [:], pageErrors: Set<Int> = [], alsoProduces: [String] = [],
        answers: Out.Type?, success: Int = 200, produces: String = "application/json",
        errors: [Int] = [], upload: Bool = false, accepts: [String] = [], spool: BodySpool? = nil,
        admit: (@Sendable (Request, Principal) throws -> AdmissionRelease?)? = nil,
        _ handler: @escaping @Sendable (Request, Principal) throws -> Response
    ) {
        precondition(
            cache == nil || (method == .GET && [.member, .admin, .kitchen].contains(access)),
            "only signed-in GET routes are cached")
        var operation = APIOperation(
            method: method, pattern: pattern, summary: summary, access: access,
            query: query.map(Self.wireType), body: body.map(Self.wireType),
            bodyOptional: bodyOptional, response: answers.map { WireType($0) },
            success: success, produces: produces, errors: errors, upload: upload)
        operation.bodyMedia = bodyMedia
        operation.errorBody = errorBody.map(Self.wireType)
        operation.errorBodies = errorBodies.mapValues(Self.wireType)
        operation.pageErrors = pageErrors
        operation.alsoProduces = alsoProduces
        operation.accepts = accepts
        operations.append(operation)
        var tags = ["auth": access.tag]
        if produces != "application/json" { tags["produces"] = produces }
        if upload { tags["upload"] = "yes" }
        // The body goes to a temporary file, never memory (ForgeHTTP's spool; of a multipart form
        // only the file part, read by libmicrohttpd's post processor).
        if let spool { tags["spool"] = spool.rawValue }
        if access == .kitchen { tags["display"] = "yes" }
        if let cache { tags["cache"] = "\(cache)" }
        let app = self.app
        // A file upload (`upload`, no declared `body`, only `accepts`: the two imports) takes just those
        // types, as its OpenAPI `requestBody` says; JSON is not one of them.
        let fileOnly = upload && body == nil && !accepts.isEmpty
        let accepted = (fileOnly ? [] : [bodyMedia]) + accepts
        // A spooled upload's head is checked before its body is read: the caller, the same-origin
        // rule, the media type, then the route's own `admit` (ForgeHTTP's ``Admission``).
        var admission: Admission?
        if spool != nil {
            admission = { @Sendable request in
                try HTTPMappedErrors.mapping { () throws -> AdmissionRelease? in
                    try app.checkHost(request)
                    let principal = try Principal.resolve(access, request, app)
                    try BodyMedia.check(request, access: access, accepted: accepted)
                    return try admit?(request, principal) ?? nil
                }
            }
        }
        router.add(method, pattern, summary: summary, tags: tags, admit: admission) { request in
            guard let cache else {
                let principal = try Principal.resolve(access, request, app)
                try BodyMedia.check(request, access: access, accepted: accepted)
                return try handler(request, principal)
            }
            // Read once, first: before the session lookup and before the
            // handler's read transaction begins, so neither answer is older than it.
            let generation = app.db.generation()
            let principal = try Principal.resolve(access, request, app, generation: generation)
            let key = ReadCache.Key(
                scope: principal.cacheScope, path: request.path, query: request.rawQuery,
                accept: request.headers["Accept"] ?? "", day: app.today,
                minute: cache == .minute ? app.minuteNow.minutesSince1970 : 0)
            return try app.reads.answer(request, key: key, generation: generation) { try handler(request, principal) }
        }
    }

    private static func wireType(_ type: any RequestInput.Type) -> WireType { WireType(type) }
    private static func wireType(_ type: any (Codable & Sendable).Type) -> WireType { WireType(type) }

    /// Middleware around every routed request (``Router/use(_:)``).
    mutating func use(_ middleware: @escaping Middleware) { router.use(middleware) }
}

/// Who is calling, as the route's ``Access`` established it.
struct Principal: Sendable {
    /// The signed-in member (`.member`, `.admin`; `.kitchen` when a member calls).
    let member: Caller?
    /// The kitchen caller (`.kitchen` only).
    let kitchen: KitchenCaller?

    /// The member; only for `.member` and `.admin` routes.
    var caller: Caller {
        guard let member else { preconditionFailure("route has no signed-in member") }
        return member
    }

    /// Whose answer this is, for the read cache key: `member:<id>` or `kitchen:<display id>:<scope>`.
    var cacheScope: String {
        if let kitchen { return "kitchen:\(kitchen.displayID ?? kitchen.user?.id ?? ""):\(kitchen.scope)" }
        return "member:\(member?.id ?? "")"
    }

    /// - Parameter generation: the database generation already read for this request, if any.
    static func resolve(
        _ access: Access, _ request: Request, _ app: ForgeApp,
        generation: Generation? = nil
    ) throws -> Principal {
        switch access {
        case .public, .bearer:
            return Principal(member: nil, kitchen: nil)
        case .member, .admin:
            let caller = try app.caller(of: request, generation: generation)
            try app.checkSameOrigin(request)
            if access == .admin, !caller.user.isAdmin { throw HTTPError(403, "admin only") }
            return Principal(member: caller, kitchen: nil)
        case .kitchen:
            let kitchen = try app.kitchenCaller(of: request, generation: generation)
            try app.checkSameOrigin(request)
            return Principal(member: kitchen.user.map(Caller.init), kitchen: kitchen)
        }
    }
}

extension Response {
    /// `value` as JSON through ``WireEncoder`` (docs/contract.md §1.1's number forms,
    /// the type's member order). A value that does not encode (a non-finite
    /// number, a type's own `encode(to:)` throwing) is answered 500 `internal
    /// error` and logged at error priority naming `route` (the route table's
    /// `METHOD /pattern`; the calling file and line where the caller is not a
    /// table route), the type and the error.
    static func wire<T: Encodable>(
        _ value: T, status: Int = 200, route: String? = nil, file: StaticString = #fileID, line: UInt = #line
    ) -> Response {
        do { return .jsonData(try WireEncoder.data(value), status: status) } catch {
            Log.error(
                "answer did not encode",
                fields: [
                    "route": route ?? "\(file):\(line)", "type": String(reflecting: T.self), "error": "\(error)",
                ])
            return .error(500, "internal error")
        }
    }
}
