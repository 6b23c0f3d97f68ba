import ForgeCore
import ForgeStore
import Foundation

/// Photos and recipe images stored in the household's `media` table, as members read them
/// (docs/contract.md §4.23; issue 42).
package enum MealMedia {
    /// The blob `id` when `userID` may read it (a household image, or their own meal photo).
    /// - Throws: ``MealMediaError/notFound`` for a missing blob or another member's photo; storage errors.
    package static func blob(_ id: String, readableBy userID: String, in database: Database) throws -> MediaBlob {
        guard let blob = try database.read({ db in try MediaStore.find(id, in: db) }), blob.isReadable(by: userID)
        else { throw MealMediaError.notFound }
        return blob
    }
}

/// Why a media read found nothing.
package enum MealMediaError: Error, Sendable, Equatable {
    /// No blob with that id the member may read.
    case notFound
}
