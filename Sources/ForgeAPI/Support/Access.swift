import ForgeHTTP

/// Who may call an operation. The same value wraps the handler (see
/// ``APIRouter``) and states the operation's security in the OpenAPI
/// document, so the two cannot disagree.
enum Access: String, Sendable, CaseIterable {
    /// No credentials (health, sign-in, discovery documents).
    case `public`
    /// A signed-in member or the demo: the `forge_session` cookie, and the
    /// same-origin rule for unsafe methods. 401 otherwise.
    case member
    /// A signed-in admin; any other role gets 403 `admin only`.
    case admin
    /// A signed-in member or a paired kitchen display (`forge_display` cookie).
    case kitchen
    /// A bearer token (`/ingest`, `/mcp`), checked by the handler itself.
    case bearer

    /// The legacy `tags["auth"]` value read by the display gate and the tests.
    var tag: String {
        switch self {
        case .public: return "public"
        case .bearer: return "bearer"
        case .member, .admin, .kitchen: return "session"
        }
    }

    /// The statuses the wrapper itself may answer.
    var statuses: [Int] {
        switch self {
        case .public: return []
        case .member, .kitchen: return [401, 403]
        case .admin: return [401, 403]
        case .bearer: return [401]
        }
    }
}
