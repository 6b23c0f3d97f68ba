import ForgeCore

/// The recipe-library import's report (the one ``ImportReport`` shape) read the way these tests ask of it.
extension ImportReport {
    /// Recipes added.
    var recipesAdded: Int { added["recipes", default: 0] }
    /// Photo blobs stored.
    var photos: Int { added["photos", default: 0] }
    /// Entries that are only a link ("title — URL").
    var linkOnly: [String] { lists["link_only"] ?? [] }
    /// Titles found already in the library.
    var duplicates: [String] { lists["duplicates"] ?? [] }
    /// Entries that could not be read ("origin: reason").
    var unreadable: [String] { skippedRows.filter { $0.reason == "unreadable_entry" }.map(\.detail) }
    /// Added recipes that are parked, from the list `parked` ("N of M recipes").
    var parked: Int { lists["parked"]?.first?.split(separator: " ").first.flatMap { Int($0) } ?? 0 }
}
