/// A request handler. Throw `HTTPError` to answer with an error status.
package typealias Handler = @Sendable (Request) throws -> Response

/// Checks a request by its head alone (method, path, query, headers; the body is empty)
/// before the server reads a body it would spool to disk (the routes tagged `spool`):
/// throw ``HTTPError`` to answer at once and never read the upload (a member who is not
/// signed in, a cross-site form, an import already running). Returning admits the body, with
/// what to run when the request ends however it ends (answered, refused later, or cut off midway):
/// the release of a slot the admission took, such as one member's one upload at a time.
package typealias Admission = @Sendable (Request) throws -> AdmissionRelease?

/// Run once when an admitted request ends (libmicrohttpd's completion callback).
package typealias AdmissionRelease = @Sendable () -> Void

/// Wraps request handling: call `next` to continue, or answer directly.
package typealias Middleware = @Sendable (Request, Handler) throws -> Response

/// Description of one route: the data that OpenAPI documents, auth matrices
/// and route tests walk.
package struct RouteInfo: Sendable, Hashable {
    /// The HTTP method matched.
    package let method: HTTPMethod
    /// Pattern as registered, e.g. `/api/sessions/:id/sets`.
    package let pattern: String
    /// One-line description.
    package var summary: String
    /// Free metadata, e.g. `["auth": "public"]`.
    package var tags: [String: String]

    package init(method: HTTPMethod, pattern: String, summary: String = "", tags: [String: String] = [:]) {
        self.method = method
        self.pattern = pattern
        self.summary = summary
        self.tags = tags
    }
}

/// Collects routes and middleware, then `freeze()`s into an immutable
/// `Responder`. Patterns use `:name` segments; a literal segment beats a
/// parameter at the same position.
package struct Router: Sendable {
    struct Route: Sendable {
        let info: RouteInfo
        let pattern: RoutePattern
        let handler: Handler
        /// Checks a spooled upload's request head before its body is read (``Admission``).
        var admit: Admission?
    }

    var routes: [Route] = []
    var middlewares: [Middleware] = []

    /// An empty table: every request answers 404 until routes are added.
    package init() {}

    /// Registers `handler` for `method` and `pattern` (must start with `/`).
    /// Registering the same method and pattern shape twice is a programming
    /// error and traps in `freeze()`.
    package mutating func add(
        _ method: HTTPMethod, _ pattern: String, summary: String = "",
        tags: [String: String] = [:], admit: Admission? = nil, _ handler: @escaping Handler
    ) {
        let info = RouteInfo(method: method, pattern: pattern, summary: summary, tags: tags)
        routes.append(Route(info: info, pattern: RoutePattern(pattern), handler: handler, admit: admit))
    }

    /// ``add(_:_:summary:tags:_:)`` for `GET`.
    package mutating func get(
        _ pattern: String, summary: String = "", tags: [String: String] = [:],
        _ handler: @escaping Handler
    ) {
        add(.GET, pattern, summary: summary, tags: tags, handler)
    }

    /// ``add(_:_:summary:tags:_:)`` for `POST`.
    package mutating func post(
        _ pattern: String, summary: String = "", tags: [String: String] = [:],
        _ handler: @escaping Handler
    ) {
        add(.POST, pattern, summary: summary, tags: tags, handler)
    }

    /// ``add(_:_:summary:tags:_:)`` for `PUT`.
    package mutating func put(
        _ pattern: String, summary: String = "", tags: [String: String] = [:],
        _ handler: @escaping Handler
    ) {
        add(.PUT, pattern, summary: summary, tags: tags, handler)
    }

    /// ``add(_:_:summary:tags:_:)`` for `PATCH`.
    package mutating func patch(
        _ pattern: String, summary: String = "", tags: [String: String] = [:],
        _ handler: @escaping Handler
    ) {
        add(.PATCH, pattern, summary: summary, tags: tags, handler)
    }

    /// ``add(_:_:summary:tags:_:)`` for `DELETE`.
    package mutating func delete(
        _ pattern: String, summary: String = "", tags: [String: String] = [:],
        _ handler: @escaping Handler
    ) {
        add(.DELETE, pattern, summary: summary, tags: tags, handler)
    }

    /// Adds middleware around every routed request, including the 404, 405
    /// and OPTIONS answers. The first added is the outermost. Middleware sees
    /// `request.route` and `request.pathParameters` already filled in.
    package mutating func use(_ middleware: @escaping Middleware) {
        middlewares.append(middleware)
    }

    /// The immutable responder for the routes and middleware added so far.
    package func freeze() -> Responder {
        var seen = Set<[String?]>()
        for route in routes {
            let key = [route.info.method.rawValue] + route.pattern.shape
            precondition(
                seen.insert(key).inserted,
                "duplicate route \(route.info.method.rawValue) \(route.info.pattern)")
        }
        return Responder(routes: routes, middlewares: middlewares)
    }
}
