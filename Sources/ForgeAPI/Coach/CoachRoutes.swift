import ForgeCoach
import ForgeCore
import ForgeHTTP
import ForgeStore

/// Coach routes (docs/contract.md §3.13): training proposals, fire-and-poll chat, reviews and runs.
enum CoachRoutes {
    static func register(_ app: ForgeApp, on router: inout APIRouter) {
        ProposalRoutes.register(app, on: &router)
        ChatRoutes.register(app, on: &router)
        CoachRunRoutes.register(app, on: &router)
    }

    /// The caller as the coach sees them.
    static func member(_ caller: Caller) -> Member {
        Member(
            id: caller.id, name: caller.user.name, role: caller.user.role, prefs: caller.user.prefs,
            activeProfileID: caller.user.activeProfileID)
    }
}
