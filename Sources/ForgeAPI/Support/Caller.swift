import ForgeHTTP
import ForgeHousehold

/// The signed-in user behind a request.
package struct Caller: Sendable {
    package let user: User
    package var id: String { user.id }
}
