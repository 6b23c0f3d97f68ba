import ForgeCore
import ForgeHTTP
import ForgeHousehold
import Foundation

/// `GET /.well-known/security.txt` and `GET /security.txt` (docs/contract.md §3.21,
/// RFC 9116): `Contact:` the oldest admin's email, `Expires:` now + 182 days
/// (UTC, seconds), `Canonical:` the base URL's well-known path,
/// `Preferred-Languages: en`; cached a day. 404 `no admin seat yet` while
/// there is no admin.
enum SecurityTxtRoutes {
    static let expiryDays = 182

    static func register(_ app: ForgeApp, on router: inout APIRouter) {
        for path in ["/.well-known/security.txt", "/security.txt"] {
            router.raw(
                .GET, path, "RFC 9116 security contact (the oldest admin)", access: .public,
                answers: nil as OK.Type?, produces: "text/plain", errors: [404]
            ) { _, _ in
                guard let admin = try HouseholdSeats.securityContact(in: app.db) else {
                    throw HTTPError(404, "no admin seat yet")
                }
                let expires = app.clock.now().addingTimeInterval(Double(expiryDays) * 86_400)
                let text =
                    "Contact: mailto:\(admin.email)\nExpires: \(stamp(expires))\n"
                    + "Canonical: \(app.config.baseURL)/.well-known/security.txt\nPreferred-Languages: en\n"
                var response = Response.text(text)
                response.headers.set("Cache-Control", "public, max-age=86400")
                return response
            }
        }
    }

    /// `YYYY-MM-DDTHH:MM:SSZ` in UTC.
    static func stamp(_ date: Date) -> String {
        date.formatted(Date.ISO8601FormatStyle(includingFractionalSeconds: false))
    }
}
