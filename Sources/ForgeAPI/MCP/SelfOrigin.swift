import ForgeHTTP
import Foundation

extension ForgeApp {
    /// The origin used in self-URLs (OAuth metadata, `WWW-Authenticate`):
    /// `<base URL scheme>://<Host header>` when the request's host name is
    /// the base URL's host name or a loopback name (so a server on an
    /// ephemeral port names its real port); otherwise the base URL's origin.
    /// This stands in for the contract's `ALLOWED_HOSTS` list.
    func selfOrigin(_ request: Request) -> String {
        let base = Self.origin(of: config.baseURL)
        guard let host = request.headers["Host"]?.lowercased(), !host.isEmpty,
            let baseComponents = URLComponents(string: base), let scheme = baseComponents.scheme,
            let baseHost = baseComponents.host?.lowercased()
        else { return base }
        let name: String
        if host.hasPrefix("[") {
            name = String(host.prefix { $0 != "]" }.dropFirst())
        } else {
            name = String(host.split(separator: ":", maxSplits: 1).first ?? "")
        }
        let loopback: Set<String> = ["localhost", "127.0.0.1", "::1"]
        let trimmedBaseHost = baseHost.trimmingCharacters(in: CharacterSet(charactersIn: "[]"))
        guard name == trimmedBaseHost || loopback.contains(name),
            host.allSatisfy({ $0.isLetter || $0.isNumber || ".-:[]".contains($0) })
        else { return base }
        return "\(scheme)://\(host)"
    }
}
