import Foundation

/// One recipe read from another app's library export (Paprika, Mealie, Tandoor, Nextcloud Cookbook), before
/// it meets the ingredient reference: the app's fields as text, photos as bytes. Made by the readers
/// (``PaprikaReader``, ``init(schemaOrg:origin:)``, ``MealieBackupReader``, ``TandoorReader``), turned into a
/// store input by ``LibraryRecipeImport``.
package struct LibraryRecipe: Sendable, Equatable {
    /// One ingredient line as the app wrote it, with the heading it sat under ("For the sauce"; nil for none).
    package struct Line: Sendable, Equatable {
        package var text: String
        package var section: String?
        package init(_ text: String, section: String? = nil) {
            self.text = text
            self.section = section
        }
    }

    /// One photo: its bytes and where it came from in the export (an entry path or a JSON key).
    package struct Photo: Sendable, Equatable {
        package var bytes: Data
        package var origin: String
        package init(bytes: Data, origin: String) {
            self.bytes = bytes
            self.origin = origin
        }
    }

    /// Where the recipe was found in the export (an entry path), for the report.
    package var origin: String
    package var title: String
    package var ingredients: [Line] = []
    /// Method steps in order, each with its section ("" for none).
    package var steps: [PageRecipe.Step] = []
    /// Minutes; nil when the app gave none (or nothing readable).
    package var prepMinutes: Int?
    package var cookMinutes: Int?
    package var totalMinutes: Int?
    /// The yield as the app wrote it ("20 1-inch bourbon balls", "Serves: 6"); "" for none.
    package var yield: String = ""
    /// The whole serving count read from the yield (or the app's own number); nil when none.
    package var servings: Int?
    package var description: String = ""
    /// The cook's own notes in the app.
    package var notes: String = ""
    package var sourceURL: String = ""
    /// Tags and categories, as the app wrote them.
    package var tags: [String] = []
    /// The app's own nutrition per serving (fields the app gave).
    package var nutrition = PageNutrition()
    /// First = main photo (the hero).
    package var photos: [Photo] = []
    /// What the reader found doubtful (a photo dropped, a value not understood).
    package var warnings: [String] = []

    package init(origin: String, title: String) {
        self.origin = origin
        self.title = title
    }

    /// An entry that is only a link: no ingredients and no method beyond a URL (Paprika's saved bookmarks).
    /// Listed as "link only", never imported as an empty recipe.
    package var isLinkOnly: Bool {
        guard ingredients.isEmpty else { return false }
        let words = steps.map(\.text).joined(separator: " ").split(whereSeparator: \.isWhitespace)
        return words.allSatisfy { $0.hasPrefix("http://") || $0.hasPrefix("https://") }
    }

    /// The minutes the recipe takes: the total when given, else prep + cook (whichever are known;
    /// ``SchemaOrgRecipe/minutes(total:prep:cook:)``).
    package var minutes: Int? { SchemaOrgRecipe.minutes(total: totalMinutes, prep: prepMinutes, cook: cookMinutes) }
}

/// Why a library export could not be read as a whole (nothing is written): the importers turn it into a 422 or
/// a one-line CLI error. One bad recipe inside a good export is not this: it is skipped with a warning.
package struct LibraryExportError: Error, Equatable, CustomStringConvertible {
    package let description: String
    /// True when the file is not this format's export at all (another app's, not an archive); false when it
    /// is one that cannot be read (truncated, a decompression bomb, empty).
    package let notThisFormat: Bool
    package init(_ description: String, notThisFormat: Bool = false) {
        self.description = description
        self.notThisFormat = notThisFormat
    }
}
