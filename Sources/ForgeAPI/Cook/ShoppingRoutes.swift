import ForgeCook
import ForgeCore
import ForgeHTTP
import ForgeStore
import Foundation

/// The week's shopping list (issue 18), shared by the food scope (both
/// members share the household's; the demo seat has its own):
///
/// - `GET /api/food/shopping?date=` — the list of the household week
///   containing `date` (``ShoppingWire/List``; `Accept: text/plain` gives
///   ``ShoppingText``);
/// - `PATCH /api/food/shopping` `{date?, item, checked}` — tick or untick
///   (404 `item not on the list`);
/// - `POST /api/food/shopping` `{date?, name, qty?, unit?}` — add by hand (201);
/// - `DELETE /api/food/shopping/{id}` — remove a hand-added item (404 `not found`);
/// - the kitchen display reads and ticks through `GET`/`PATCH /api/kitchen/shopping`.
///
/// Every change is announced on the live stream to the scope as
/// `event: shopping`, data `{type: "shopping.changed", at, start, item, checked, bought, still_needed}`
/// (`checked` null for a removal; `bought`/`still_needed` as ``ShoppingWire/Item``'s, null unless a
/// change to the plan made the item's need outgrow its tick, which ``EventRoutes`` announces too).
enum ShoppingRoutes {
    static func register(_ app: ForgeApp, on router: inout APIRouter) {
        router.raw(
            .GET, "/api/food/shopping",
            "The week's shopping list: aisles, pantry staples, items added by hand (Accept: text/plain for text)",
            access: .member, query: ShoppingQuery.self, alsoProduces: ["text/plain"],
            answers: ShoppingWire.List.self, errors: [400, 422]
        ) { request, principal in
            let user = principal.caller.user
            return try read(app, request, scope: FoodWeekStore.scope(userID: user.id, isDemo: user.isDemo))
        }
        router.route(
            .PATCH, "/api/food/shopping", "Tick or untick an item of the week's shopping list",
            access: .member, body: ShoppingTickInput.self, answers: ShoppingWire.Item.self,
            errors: [400, 404, 422]
        ) { request, principal in
            let user = principal.caller.user
            return try tick(
                app, request, scope: FoodWeekStore.scope(userID: user.id, isDemo: user.isDemo), actor: user.id)
        }
        router.route(
            .POST, "/api/food/shopping", "Add an item no recipe needs to the week's shopping list",
            access: .member, body: ShoppingAddInput.self, answers: ShoppingWire.Item.self, success: 201,
            errors: [400, 422]
        ) { request, principal in
            let user = principal.caller.user
            let scope = FoodWeekStore.scope(userID: user.id, isDemo: user.isDemo)
            let checked = try request.decodeValidated(ShoppingAddInput.self)
            let body = checked.input
            let date = checked.day(or: app.today)
            let item = try Shopping.add(
                name: body.name, qty: body.qty, unit: body.unit, scope: scope, containing: date, actor: user.id,
                now: app.clock.now(), in: app.db)
            announce(app, scope: scope, start: date.monday, item: item.id, checked: false)
            return ShoppingWire.Item(item)
        }
        router.route(
            .DELETE, "/api/food/shopping/:id", "Remove an item added by hand from the shopping list",
            access: .member, answers: ShoppingWire.Removed.self, errors: [404]
        ) { request, principal in
            let user = principal.caller.user
            let scope = FoodWeekStore.scope(userID: user.id, isDemo: user.isDemo)
            let id = request.parameter("id") ?? ""
            let week = try Shopping.remove(id: id, scope: scope, in: app.db)
            announce(app, scope: scope, start: week, item: id, checked: nil)
            return ShoppingWire.Removed(ok: true)
        }
        router.raw(
            .GET, "/api/kitchen/shopping",
            "The week's shopping list for the kitchen display (Accept: text/plain for text)",
            access: .kitchen, query: ShoppingQuery.self, answers: ShoppingWire.List.self,
            errors: [400, 422]
        ) { request, principal in
            try read(app, request, scope: principal.kitchenCaller.scope)
        }
        router.route(
            .PATCH, "/api/kitchen/shopping", "Tick or untick a shopping-list item from the kitchen display",
            access: .kitchen, body: ShoppingTickInput.self, answers: ShoppingWire.Item.self,
            errors: [400, 404, 422]
        ) { request, principal in
            let caller = principal.kitchenCaller
            return try tick(app, request, scope: caller.scope, actor: caller.actor)
        }
    }

    /// The list of the week containing the query's `date`, as JSON or, when
    /// the client prefers `text/plain`, as ``ShoppingText``.
    static func read(_ app: ForgeApp, _ request: Request, scope: String) throws -> Response {
        let date = try request.decodeQueryValidated(ShoppingQuery.self) ?? app.today
        let list = try Shopping.list(scope: scope, containing: date, in: app.db)
        guard prefersText(request.headers["Accept"]) else { return .wire(ShoppingWire.List(list)) }
        return Response(
            status: 200, headers: ["Content-Type": "text/plain; charset=utf-8"],
            body: Data(ShoppingText.render(list).utf8))
    }

    /// Whether an `Accept` header asks for `text/plain` ahead of JSON.
    static func prefersText(_ accept: String?) -> Bool {
        guard let accept = accept?.lowercased() else { return false }
        let kinds = accept.split(separator: ",").map {
            $0.split(separator: ";")[0].trimmingCharacters(in: .whitespaces)
        }
        guard let text = kinds.firstIndex(of: "text/plain") else { return false }
        guard let json = kinds.firstIndex(where: { $0 == "application/json" || $0 == "*/*" }) else { return true }
        return text < json
    }

    static func tick(_ app: ForgeApp, _ request: Request, scope: String, actor: String) throws -> ShoppingWire.Item {
        let checked = try request.decodeValidated(ShoppingTickInput.self)
        let body = checked.input
        let date = checked.day(or: app.today)
        let item = try Shopping.tick(
            body.checked, item: body.item, scope: scope, containing: date, actor: actor, now: app.clock.now(),
            in: app.db)
        announce(app, scope: scope, start: date.monday, item: item.id, checked: body.checked)
        return ShoppingWire.Item(item)
    }

    /// `event: shopping` to the scope's live clients.
    static func announce(
        _ app: ForgeApp, scope: String, start: LocalDate, item: String, checked: Bool?,
        bought: Double? = nil, stillNeeded: Double? = nil
    ) {
        app.cook.live.publish(
            scope: scope, name: "shopping",
            data: [
                "type": "shopping.changed", "at": .string(Instant.wire(app.clock.now())),
                "start": .string(start.description), "item": .string(item),
                "checked": checked.map(JSONValue.bool) ?? .null,
                "bought": bought.map(JSONValue.double) ?? .null,
                "still_needed": stillNeeded.map(JSONValue.double) ?? .null,
            ])
    }

    /// After a change to the plan: one `shopping` event per item of this
    /// week whose need now outgrows its tick (issue 28).
    static func announceOutgrown(_ app: ForgeApp, scope: String) {
        let today = app.today
        guard let items = try? Shopping.outgrownTicks(scope: scope, containing: today, in: app.db) else { return }
        for item in items {
            announce(
                app, scope: scope, start: today.monday, item: item.id, checked: false, bought: item.bought,
                stillNeeded: item.stillNeeded)
        }
    }
}
