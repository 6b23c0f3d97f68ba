import ForgeCook
import ForgeCore
import ForgeHTTP
import ForgeHousehold
import ForgeStore
import Foundation

/// Who is using a kitchen route: a signed-in member (or the demo), or a
/// paired display. Timers, cook sessions and the live feed are shared per
/// `scope`: the household for members and displays, the demo's own.
struct KitchenCaller: Sendable {
    /// The member, or nil for a display.
    let user: User?
    /// The display id, or nil for a member.
    let displayID: String?
    let scope: String

    /// `createdBy` for rows: the user id, or `display:<id>`.
    var actor: String { user?.id ?? "display:\(displayID ?? "")" }
}

extension ForgeApp {
    /// The member session if there is one, else the display session.
    /// - Throws: 401 `not signed in` when there is neither; the member
    ///   checks of ``caller(of:)`` otherwise.
    func kitchenCaller(of request: Request, generation: Generation? = nil) throws -> KitchenCaller {
        if request.cookie(HouseholdStore.sessionCookieName) != nil {
            let user = try caller(of: request, generation: generation).user
            return KitchenCaller(
                user: user, displayID: nil,
                scope: FoodWeekStore.scope(userID: user.id, isDemo: user.isDemo))
        }
        guard let token = request.cookie(DisplayStore.cookieName) else { throw HTTPError(401, "not signed in") }
        guard let display = try KitchenDisplays.display(token: token, in: db) else {
            // Paired while the disk was full: saved once there is room, known from memory until then.
            guard let held = self.held.displays.value(token: token) else {
                throw HTTPError(401, "display not paired (or revoked)")
            }
            if self.held.due(now: clock.now()) { saveHeldCredentials() }
            return KitchenCaller(user: nil, displayID: held.id, scope: held.scope)
        }
        return KitchenCaller(user: nil, displayID: display.id, scope: display.scope)
    }

    /// Wraps a handler open to members and paired displays: the caller,
    /// then the same-origin rule.
    func kitchen(_ handler: @escaping @Sendable (Request, KitchenCaller) throws -> Response) -> Handler {
        { [self] request in
            let caller = try self.kitchenCaller(of: request)
            try self.checkSameOrigin(request)
            return try handler(request, caller)
        }
    }
}
