import Foundation

/// What a copy off the box is, sealed into its authenticated header (``BackupSeal`` format 2): the
/// household it belongs to (``HouseholdIdentity``), when its backup was taken and the backup's
/// file name. Renaming a copy, or putting another household's copy in its place, cannot change
/// these unseen (issue 40 item 3). JSON `{"created_at", "household", "name"}` with sorted keys.
package struct CopyIdentity: Codable, Sendable, Equatable {
    /// The household id, or "" for a database that had none.
    package let household: String
    /// When the backup was taken (docs/contract.md instant, UTC).
    package let createdAt: String
    /// The local backup's file name (`forge-20261206-030000.sqlite3`); the copy is this plus `.forgebak`.
    package let name: String

    package init(household: String, createdAt: String, name: String) {
        self.household = household
        self.createdAt = createdAt
        self.name = name
    }

    enum CodingKeys: String, CodingKey {
        case household
        case createdAt = "created_at"
        case name
    }

    /// The header bytes.
    var bytes: [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return Array((try? encoder.encode(self)) ?? Data("{}".utf8))
    }

    /// The identity in header `bytes`, or nil when they are not one.
    static func decode(_ bytes: [UInt8]) -> CopyIdentity? {
        try? JSONDecoder().decode(CopyIdentity.self, from: Data(bytes))
    }
}
