import Foundation

/// Row ids: 32 lowercase hex characters (a random UUID without dashes),
/// as the contract's `id` type.
package enum Identifier {
    /// A fresh random id.
    package static func make() -> String {
        UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased()
    }

    /// True when `text` has the id shape.
    package static func isValid(_ text: String) -> Bool {
        text.utf8.count == 32 && text.utf8.allSatisfy { (48...57).contains($0) || (97...102).contains($0) }
    }
}
