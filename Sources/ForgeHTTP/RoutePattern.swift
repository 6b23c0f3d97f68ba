/// A route path pattern such as `/api/sessions/:id/sets`: segments split on
/// `/`, each a literal or a `:name` parameter matching one non-empty segment.
/// Matching is exact, so a trailing slash is significant.
struct RoutePattern: Sendable, Hashable {
    enum Segment: Sendable, Hashable {
        case literal(String)
        case parameter(String)
    }

    let text: String
    let segments: [Segment]

    init(_ text: String) {
        precondition(text.hasPrefix("/"), "route pattern must start with /: \(text)")
        self.text = text
        self.segments = text.split(separator: "/", omittingEmptySubsequences: false).dropFirst().map { part in
            part.hasPrefix(":") && part.count > 1 ? .parameter(String(part.dropFirst())) : .literal(String(part))
        }
    }

    /// True when every segment is a literal: the pattern matches one path, its `text`.
    var isLiteral: Bool {
        segments.allSatisfy { if case .literal = $0 { true } else { false } }
    }

    /// Shape used to detect duplicates: parameter names do not matter.
    var shape: [String?] {
        segments.map { if case .literal(let s) = $0 { s } else { nil } }
    }

    /// Ordering key: at the first segment where two patterns differ in kind,
    /// the literal one is more specific and is tried first.
    func isMoreSpecific(than other: RoutePattern) -> Bool {
        for (a, b) in zip(segments, other.segments) {
            switch (a, b) {
            case (.literal, .parameter): return true
            case (.parameter, .literal): return false
            default: continue
            }
        }
        return false
    }

    /// The path parameters if `pathSegments` matches, else nil.
    func match(_ pathSegments: [Substring]) -> [String: String]? {
        guard pathSegments.count == segments.count else { return nil }
        var parameters: [String: String] = [:]
        for (segment, part) in zip(segments, pathSegments) {
            switch segment {
            case .literal(let literal):
                guard part == literal else { return nil }
            case .parameter(let name):
                guard !part.isEmpty else { return nil }
                parameters[name] = String(part)
            }
        }
        return parameters
    }

    /// Splits a request path the same way patterns are split.
    static func split(_ path: String) -> [Substring] {
        Array(path.split(separator: "/", omittingEmptySubsequences: false).dropFirst())
    }
}
