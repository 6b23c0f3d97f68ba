/// An embedded seed asset is missing or malformed (a build defect).
package enum SeedDataError: Error, Equatable, CustomStringConvertible {
    case missing(String)
    case invalid(String)

    package var description: String {
        switch self {
        case .missing(let name): "embedded asset \(name) is missing"
        case .invalid(let why): "embedded seed data is invalid: \(why)"
        }
    }
}
