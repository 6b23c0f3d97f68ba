import Foundation

extension TimeZone {
    /// Coordinated Universal Time (identifier `UTC`, offset 0 all year): the
    /// zone of stored instants and backup names, and the default household
    /// zone when none is configured. Falls back to Foundation's `GMT` (the
    /// same offsets, identifier `GMT`) if the zone database lacks `UTC`.
    package static let utc: TimeZone = TimeZone(identifier: "UTC") ?? .gmt
}
