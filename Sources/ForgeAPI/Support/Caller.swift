import ForgeHTTP
import ForgeHousehold

/// The signed-in user behind a request.
public struct Caller: Sendable {
    public let user: User
    public var id: String { user.id }
}
