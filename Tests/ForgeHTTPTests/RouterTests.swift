import Foundation
import Synchronization
import Testing

@testable import ForgeHTTP

private func echo(_ name: String) -> Handler {
    { request in
        .text(
            "\(name) \(request.pathParameters.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: ","))"
        )
    }
}

private func sampleResponder() -> Responder {
    var router = Router()
    router.get("/api/sessions/:id", echo("session"))
    router.get("/api/sessions/active", echo("active"))
    router.post("/api/sessions/:id/sets", summary: "Log a set", tags: ["auth": "user"], echo("sets"))
    router.delete("/api/sessions/:id", echo("delete"))
    router.get("/api/items/", echo("slash"))
    return router.freeze()
}

private func body(_ response: Response) -> String { String(decoding: response.body, as: UTF8.self) }

@Test func staticSegmentBeatsParameterWhateverTheRegistrationOrder() {
    let responder = sampleResponder()
    #expect(body(responder.respond(to: Request(method: .GET, path: "/api/sessions/active"))) == "active ")
    #expect(body(responder.respond(to: Request(method: .GET, path: "/api/sessions/42"))) == "session id=42")
}

@Test func allowNamesOnlyTheMostSpecificPatternsMethods() {
    var router = Router()
    router.post("/api/sessions/import") { _ in .text("import") }
    router.get("/api/sessions/:sid") { _ in .text("session") }
    router.delete("/api/sessions/:sid") { _ in .text("deleted") }
    let responder = router.freeze()
    #expect(
        responder.respond(to: Request(method: .OPTIONS, path: "/api/sessions/import")).headers["Allow"]
            == "POST, OPTIONS")
    #expect(
        responder.respond(to: Request(method: .OPTIONS, path: "/api/sessions/7")).headers["Allow"]
            == "GET, HEAD, DELETE, OPTIONS")
}

@Test func aLiteralPathFallsBackToAParameterRouteForOtherMethods() {
    var router = Router()
    router.post("/api/sessions/import") { _ in .text("import") }
    router.get("/api/sessions/:sid") { request in .text("session \(request.pathParameters["sid"] ?? "")") }
    router.get("/api/today") { _ in .text("today") }
    let responder = router.freeze()
    // The literal route answers its own method; GET of the same path is the parameter route's.
    #expect(body(responder.respond(to: Request(method: .POST, path: "/api/sessions/import"))) == "import")
    #expect(body(responder.respond(to: Request(method: .GET, path: "/api/sessions/import"))) == "session import")
    #expect(body(responder.respond(to: Request(method: .HEAD, path: "/api/today"))) == "today")
    let refused = responder.respond(to: Request(method: .PUT, path: "/api/today"))
    #expect(refused.status == 405)
    #expect(refused.headers["Allow"] == "GET, HEAD, OPTIONS")
    #expect(responder.respond(to: Request(method: .GET, path: "/api/today/")).status == 404)
}

@Test func parameterSegmentsAreFilledAndRouteInfoIsVisible() throws {
    var router = Router()
    router.post("/api/sessions/:id/sets/:set", tags: ["auth": "user"]) { request in
        .text(
            "\(request.parameter("id") ?? "-")/\(request.parameter("set") ?? "-") \(request.route?.tags["auth"] ?? "")")
    }
    let response = router.freeze().respond(to: Request(method: .POST, path: "/api/sessions/s1/sets/7"))
    #expect(body(response) == "s1/7 user")
}

@Test func unknownPathIs404WithDetailAndRequestID() throws {
    let request = Request(method: .GET, path: "/api/nothing", requestID: "00000000deadbeef")
    let response = sampleResponder().respond(to: request)
    #expect(response.status == 404)
    #expect(body(response) == #"{"detail":"not found"}"#)
    #expect(response.headers["x-request-id"] == "00000000deadbeef")
    #expect(response.headers["Cache-Control"] == "no-store")
}

@Test func wrongMethodIs405WithAllowListingEveryMethodOfThePath() {
    let response = sampleResponder().respond(to: Request(method: .PUT, path: "/api/sessions/9"))
    #expect(response.status == 405)
    #expect(body(response) == #"{"detail":"method not allowed"}"#)
    #expect(response.headers["Allow"] == "GET, HEAD, DELETE, OPTIONS")
}

@Test func optionsIsAnsweredWith204AndAllow() {
    let response = sampleResponder().respond(to: Request(method: .OPTIONS, path: "/api/sessions/9/sets"))
    #expect(response.status == 204)
    #expect(response.headers["Allow"] == "POST, OPTIONS")
    #expect(sampleResponder().respond(to: Request(method: .OPTIONS, path: "/nope")).status == 404)
}

@Test func headRunsTheGetHandler() {
    let response = sampleResponder().respond(to: Request(method: .HEAD, path: "/api/sessions/5"))
    #expect(response.status == 200)
    #expect(body(response) == "session id=5")
}

@Test func trailingSlashIsSignificant() {
    let responder = sampleResponder()
    #expect(responder.respond(to: Request(method: .GET, path: "/api/items/")).status == 200)
    #expect(responder.respond(to: Request(method: .GET, path: "/api/items")).status == 404)
    #expect(responder.respond(to: Request(method: .GET, path: "/api/sessions/")).status == 404)
}

@Test func routeTableListsEveryRouteInOrder() {
    let routes = sampleResponder().routes
    #expect(
        routes.map { "\($0.method.rawValue) \($0.pattern)" } == [
            "GET /api/sessions/:id", "GET /api/sessions/active", "POST /api/sessions/:id/sets",
            "DELETE /api/sessions/:id", "GET /api/items/",
        ])
    #expect(routes[2].summary == "Log a set")
    #expect(routes[2].tags == ["auth": "user"])
}

@Test func middlewareRunsOutermostFirstAndWrapsNotFound() {
    var router = Router()
    router.use { request, next in
        var response = try next(request)
        response.headers.add("X-Trace", "outer")
        return response
    }
    router.use { request, next in
        var response = try next(request)
        response.headers.add("X-Trace", "inner")
        return response
    }
    router.get("/a") { _ in .text("a") }
    let responder = router.freeze()
    #expect(
        responder.respond(to: Request(method: .GET, path: "/a")).headers.values(for: "X-Trace") == ["inner", "outer"])
    let missing = responder.respond(to: Request(method: .GET, path: "/b"))
    #expect(missing.status == 404)
    #expect(missing.headers.values(for: "X-Trace") == ["inner", "outer"])
}

@Test func middlewareCanRejectByThrowingHTTPError() {
    var router = Router()
    router.use { request, next in
        guard request.route?.tags["auth"] == "public" || request.cookie("session") != nil else {
            throw HTTPError(401, "not signed in", headers: ["WWW-Authenticate": "Cookie"])
        }
        return try next(request)
    }
    router.get("/private") { _ in .text("secret") }
    router.get("/public", tags: ["auth": "public"]) { _ in .text("hello") }
    let responder = router.freeze()
    let denied = responder.respond(to: Request(method: .GET, path: "/private"))
    #expect(denied.status == 401)
    #expect(body(denied) == #"{"detail":"not signed in"}"#)
    #expect(denied.headers["WWW-Authenticate"] == "Cookie")
    #expect(responder.respond(to: Request(method: .GET, path: "/public")).status == 200)
    let signedIn = Request(method: .GET, path: "/private", headers: ["Cookie": "session=abc"])
    #expect(body(responder.respond(to: signedIn)) == "secret")
}

@Test func httpErrorWithJSONBodyIsSentVerbatim() {
    var router = Router()
    let validation = Data(#"{"detail":[{"loc":["body","reps"],"msg":"field required","type":"missing"}]}"#.utf8)
    router.post("/v") { _ in throw HTTPError(status: 422, jsonBody: validation) }
    let response = router.freeze().respond(to: Request(method: .POST, path: "/v"))
    #expect(response.status == 422)
    #expect(response.body == validation)
    #expect(response.headers["Content-Type"] == "application/json")
}

@Test func otherErrorsBecome500WithRequestIDAndAreReportedOnce() throws {
    struct Boom: Error {}
    var router = Router()
    router.get("/boom") { _ in throw Boom() }
    let reported = Mutex<[String]>([])
    let request = Request(method: .GET, path: "/boom", requestID: "0123456789abcdef")
    let response = router.freeze().respond(to: request) { request, error in
        reported.withLock { $0.append("\(request.path) \(error is Boom)") }
    }
    #expect(response.status == 500)
    #expect(body(response) == #"{"detail":"internal error","request_id":"0123456789abcdef"}"#)
    #expect(reported.withLock { $0 } == ["/boom true"])
}

@Test func jsonResponsesAreCompactSortedLiteralAndNotCached() throws {
    struct Item: Encodable {
        let url: String
        let name: String
        let weight: Double
    }
    var router = Router()
    router.get("/j") { _ in try .json(Item(url: "a/b", name: "Squat — 5×5", weight: 60)) }
    router.get("/cached") { _ in
        var response = try Response.json(["a": 1])
        response.headers.set("Cache-Control", "max-age=60")
        return response
    }
    let responder = router.freeze()
    let response = responder.respond(to: Request(method: .GET, path: "/j"))
    #expect(body(response) == #"{"name":"Squat — 5×5","url":"a/b","weight":60}"#)
    #expect(response.headers["Content-Type"] == "application/json")
    #expect(response.headers["Cache-Control"] == "no-store")
    #expect(responder.respond(to: Request(method: .GET, path: "/cached")).headers["Cache-Control"] == "max-age=60")
}

@Test func redirectAndTextHelpers() {
    let redirect = Response.redirect("/auth/login")
    #expect(redirect.status == 302)
    #expect(redirect.headers["location"] == "/auth/login")
    #expect(Response.redirect("/x", status: 307).status == 307)
    #expect(Response.html("<p>").headers["Content-Type"] == "text/html; charset=utf-8")
    #expect(Response.text("hi").headers["Content-Type"] == "text/plain; charset=utf-8")
}
