import Foundation

/// The kitchen display's files (HTML, CSS, JS, SVG), compiled into the
/// binary by the EmbedAssets plugin: no file beside the binary, no CDN.
package enum KitchenAssets {
    /// One asset: its bytes and `Content-Type`.
    package struct Asset: Sendable {
        package let bytes: Data
        package let contentType: String
    }

    /// The asset called `name` (e.g. `kitchen.js`), or nil.
    package static func asset(named name: String) -> Asset? {
        guard let bytes = EmbeddedAssets.bytes(named: name) else { return nil }
        return Asset(bytes: bytes, contentType: contentType(of: name))
    }

    static func contentType(of name: String) -> String {
        switch (name as NSString).pathExtension {
        case "html": "text/html; charset=utf-8"
        case "css": "text/css; charset=utf-8"
        case "js": "text/javascript; charset=utf-8"
        case "svg": "image/svg+xml"
        case "json": "application/json"
        default: "application/octet-stream"
        }
    }
}
