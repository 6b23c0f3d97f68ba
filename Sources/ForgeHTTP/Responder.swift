import Foundation

/// The frozen, thread-safe form of a `Router`: turns every `Request` into a
/// `Response` and never throws.
///
/// - A thrown `HTTPError` becomes its status, headers and JSON body.
/// - Any other error becomes 500 `{"detail":"internal error","request_id":...}`
///   and is reported once to `onError`.
/// - Every response carries `X-Request-Id`; JSON responses get
///   `Cache-Control: no-store` unless they set their own.
package struct Responder: Sendable {
    /// Every registered route, in registration order.
    package let routes: [RouteInfo]

    private let table: [Int: [Router.Route]]
    /// Routes whose pattern has no parameter, by pattern text, in `table`'s
    /// order: a request path equal to one of them is answered without
    /// matching every pattern of its length (see ``route(_:_:)``).
    private let literal: [String: [Router.Route]]
    private let middlewares: [Middleware]

    init(routes: [Router.Route], middlewares: [Middleware]) {
        self.routes = routes.map(\.info)
        var table: [Int: [Router.Route]] = [:]
        for route in routes { table[route.pattern.segments.count, default: []].append(route) }
        for key in table.keys {
            table[key]?.sort { $0.pattern.isMoreSpecific(than: $1.pattern) }
        }
        self.table = table
        var literal: [String: [Router.Route]] = [:]
        for route in table.values.joined() where route.pattern.isLiteral {
            literal[route.pattern.text, default: []].append(route)
        }
        self.literal = literal
        self.middlewares = middlewares
    }

    /// Routes and answers `request`.
    /// - Parameter onError: called once with each non-`HTTPError` error a
    ///   handler or middleware threw (the 500 answers).
    package func respond(
        to request: Request,
        onError: (@Sendable (Request, Error) -> Void)? = nil
    ) -> Response {
        var routed = request
        let outcome = route(request.method, request.path)
        if case .found(let route, let parameters) = outcome {
            routed.route = route.info
            routed.pathParameters = parameters
        }
        var handler: Handler = { request in try Self.terminal(outcome, request) }
        for middleware in middlewares.reversed() {
            let next = handler
            handler = { request in try middleware(request, next) }
        }
        var response: Response
        do {
            response = try handler(routed)
        } catch let error as HTTPError {
            response = error.response
        } catch {
            onError?(routed, error)
            response = .jsonData(
                JSONCoding.detailBody("internal error", extra: ["request_id": request.requestID]),
                status: 500)
        }
        Self.stamp(&response, requestID: request.requestID)
        return response
    }

    /// The answer to `head` (a request without its body) from its route's ``Admission``:
    /// `.refused` with the response to send at once, or `.admitted` (with the release to run when
    /// the request ends) when the route admits it or has no admission: a spooled upload is read
    /// only then.
    package func admit(_ head: Request) -> Admitted {
        guard case .found(let route, let parameters) = route(head.method, head.path), let admit = route.admit else {
            return .admitted(nil)
        }
        var routed = head
        routed.route = route.info
        routed.pathParameters = parameters
        do {
            return .admitted(try admit(routed))
        } catch let error as HTTPError {
            var response = error.response
            Self.stamp(&response, requestID: head.requestID)
            return .refused(response)
        } catch {
            return .admitted(nil)  // not a refusal: the handler decides with the whole request
        }
    }

    /// What ``admit(_:)`` decided.
    package enum Admitted {
        /// Read the body; run the release (if any) when the request ends.
        case admitted(AdmissionRelease?)
        /// Answer this at once, never reading the body.
        case refused(Response)
    }

    /// The headers every answer gets: `X-Request-Id`, and `Cache-Control:
    /// no-store` on JSON that set none.
    static func stamp(_ response: inout Response, requestID: String) {
        response.headers.set("X-Request-Id", requestID)
        if response.headers["Content-Type"]?.lowercased().hasPrefix("application/json") == true,
            !response.headers.contains("Cache-Control")
        {
            response.headers.set("Cache-Control", "no-store")
        }
    }

    enum Outcome {
        case found(Router.Route, [String: String])
        case options(allow: String)
        case methodNotAllowed(allow: String)
        case notFound
    }

    /// Finds the most specific route for `method` and `path`.
    func route(_ method: HTTPMethod, _ path: String) -> Outcome {
        // A pattern without parameters equal to the path is the most specific
        // match there is, so its route for `method` is the one the scan below
        // would find first. Other cases (HEAD answered by GET, 405, OPTIONS) scan.
        if let group = literal[path], let hit = group.first(where: { $0.info.method == method }) {
            return .found(hit, [:])
        }
        let segments = RoutePattern.split(path)
        var exact: (Router.Route, [String: String])?
        var viaGet: (Router.Route, [String: String])?
        var allowed = Set<HTTPMethod>()
        // `Allow` names the methods of the most specific pattern that matches
        // (routes are sorted most specific first): `/api/sessions/import` is
        // POST only, though `GET /api/sessions/:sid` would also match it.
        var allowShape: [String?]?
        for route in table[segments.count] ?? [] {
            guard let parameters = route.pattern.match(segments) else { continue }
            if allowShape == nil { allowShape = route.pattern.shape }
            if route.pattern.shape == allowShape { allowed.insert(route.info.method) }
            if exact == nil, route.info.method == method { exact = (route, parameters) }
            if viaGet == nil, method == .HEAD, route.info.method == .GET { viaGet = (route, parameters) }
        }
        if let (route, parameters) = exact ?? viaGet { return .found(route, parameters) }
        guard !allowed.isEmpty else { return .notFound }
        if allowed.contains(.GET) { allowed.insert(.HEAD) }
        allowed.insert(.OPTIONS)
        let allow = HTTPMethod.allCases.filter(allowed.contains).map(\.rawValue).joined(separator: ", ")
        return method == .OPTIONS ? .options(allow: allow) : .methodNotAllowed(allow: allow)
    }

    private static func terminal(_ outcome: Outcome, _ request: Request) throws -> Response {
        switch outcome {
        case .found(let route, _):
            return try route.handler(request)
        case .options(let allow):
            return Response(status: 204, headers: ["Allow": allow])
        case .methodNotAllowed(let allow):
            var response = Response.error(405, "method not allowed")
            response.headers.set("Allow", allow)
            return response
        case .notFound:
            return .error(404, "not found")
        }
    }
}
