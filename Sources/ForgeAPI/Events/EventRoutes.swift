import ForgeCook
import ForgeCore
import ForgeHTTP
import ForgeStore
import Foundation

/// `GET /api/events`: the live feed as Server-Sent Events for members and
/// paired displays (see `LiveEvents`): `timer`, `cook_session`,
/// `food_week`, `shopping` (``ShoppingRoutes``), `heartbeat`, and `hello`/`reset` on connect. The
/// connection is suspended between events; no thread waits on it.
///
/// Food-week events come from a middleware: any successful write under
/// `/api/food/week` or `/api/food/proposal` announces `food_week` to the
/// writer's scope, so displays refetch the week, then a `shopping` event for
/// each ticked item whose need the change made outgrow its tick.
enum EventRoutes {
    static func register(_ app: ForgeApp, on router: inout APIRouter) {
        router.raw(
            .GET, "/api/events", "Live events (text/event-stream); resume with Last-Event-ID",
            access: .kitchen, query: EventsQuery.self, answers: nil as JSONValue.Type?,
            produces: "text/event-stream"
        ) { request, principal in
            let caller = principal.kitchenCaller
            _ = try request.decodeQuery(EventsQuery.self)
            let stream = app.cook.live.subscribe(
                scope: caller.scope, member: caller.user?.id,
                lastEventID: request.headers["Last-Event-ID"]
                    ?? request.query["last_event_id"])
            var response = Response(
                status: 200,
                headers: [
                    "Content-Type": "text/event-stream; charset=utf-8", "Cache-Control": "no-store",
                    "X-Accel-Buffering": "no",
                ])
            response.stream = stream
            return response
        }
        router.use { request, next in
            let response = try next(request)
            if (200..<300).contains(response.status), request.method != .GET, request.method != .HEAD,
                request.path.hasPrefix("/api/food/week") || request.path.hasPrefix("/api/food/proposal"),
                let caller = try? app.caller(of: request)
            {
                let scope = FoodWeekStore.scope(userID: caller.user.id, isDemo: caller.user.isDemo)
                app.cook.live.publish(
                    scope: scope, name: "food_week",
                    data: [
                        "type": "food_week.changed", "at": .string(Instant.wire(app.clock.now())),
                        "path": .string(request.path),
                    ])
                ShoppingRoutes.announceOutgrown(app, scope: scope)
            }
            return response
        }
    }
}

/// Query of `GET /api/events`: `last_event_id` stands in for the
/// `Last-Event-ID` header (browsers cannot set it on a first connect).
struct EventsQuery: RequestInput {
    /// The id of the last event seen, at most 120 characters.
    var lastEventId: String?
    static let rules: [InputRule<Self>] = [
        .custom("query", "last_event_id") {
            guard let lastEventId = $0.lastEventId, lastEventId.count > Bounds.label else { return }
            throw ValidationFailure.error(
                loc: ["query", "last_event_id"], type: "string_too_long",
                msg: "String should have at most \(Bounds.label) characters", input: nil)
        }
    ]
}
