/// An ordered list of HTTP header fields with case-insensitive name lookup.
/// Names keep the spelling they were added with; repeated names are allowed
/// (`add`) or collapsed (`set`).
package struct HTTPHeaders: Sendable, Sequence, ExpressibleByDictionaryLiteral {
    /// One header field as received or to be sent.
    package typealias Element = (name: String, value: String)

    private var fields: [Element] = []

    /// An empty header list.
    package init() {}

    /// Headers from `(name, value)` pairs, in order.
    package init(_ pairs: [(String, String)]) {
        for (name, value) in pairs { add(name, value) }
    }

    package init(dictionaryLiteral elements: (String, String)...) {
        self.init(elements)
    }

    /// The first value for `name` (case-insensitive), or nil.
    package subscript(name: String) -> String? {
        fields.first { Self.same($0.name, name) }?.value
    }

    /// Every value for `name` (case-insensitive), in order.
    package func values(for name: String) -> [String] {
        fields.filter { Self.same($0.name, name) }.map(\.value)
    }

    /// True when at least one field named `name` exists.
    package func contains(_ name: String) -> Bool {
        fields.contains { Self.same($0.name, name) }
    }

    /// Appends a field, keeping any existing ones with the same name.
    package mutating func add(_ name: String, _ value: String) {
        fields.append((name: name, value: value))
    }

    /// Replaces every field named `name` with a single one, at the position
    /// of the first (or at the end if there was none).
    package mutating func set(_ name: String, _ value: String) {
        if let index = fields.firstIndex(where: { Self.same($0.name, name) }) {
            fields[index] = (name: fields[index].name, value: value)
            var seen = false
            fields.removeAll { field in
                guard Self.same(field.name, name) else { return false }
                defer { seen = true }
                return seen
            }
        } else {
            add(name, value)
        }
    }

    /// Removes every field named `name`.
    package mutating func remove(_ name: String) {
        fields.removeAll { Self.same($0.name, name) }
    }

    /// Number of fields.
    package var count: Int { fields.count }

    package func makeIterator() -> IndexingIterator<[Element]> {
        fields.makeIterator()
    }

    private static func same(_ a: String, _ b: String) -> Bool {
        a.utf8.count == b.utf8.count && a.lowercased() == b.lowercased()
    }
}
