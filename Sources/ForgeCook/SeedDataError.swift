/// An embedded seed asset is missing or malformed (a build defect).
public enum SeedDataError: Error, Equatable, CustomStringConvertible {
    case missing(String)
    case invalid(String)

    public var description: String {
        switch self {
        case .missing(let name): "embedded asset \(name) is missing"
        case .invalid(let why): "embedded seed data is invalid: \(why)"
        }
    }
}
