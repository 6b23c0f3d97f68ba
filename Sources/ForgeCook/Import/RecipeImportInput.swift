import ForgeCore

/// The structured fields of an import (MCP `import_recipe`, docs/contract.md §4.24,
/// and the page importer), validated and ready for
/// ``RecipeImportStore/upsertImported(_:now:in:)``.
package struct RecipeImportInput: Sendable, Equatable {
    /// An ingredient line plus optional reference values for a new row.
    package struct Line: Sendable, Equatable {
        package var line: RecipeIngredient
        /// `*_100` values in Macros order, nil where not supplied.
        package var values: [Double?]
        package var aisle: String?
        package var pantry: Bool?
        package init(
            line: RecipeIngredient, values: [Double?] = Array(repeating: nil, count: 8),
            aisle: String? = nil, pantry: Bool? = nil
        ) {
            self.line = line
            self.values = values
            self.aisle = aisle
            self.pantry = pantry
        }
        /// True when `kcal_100` was supplied (such an unknown line is added to the reference).
        package var carriesKcal: Bool { values[0] != nil }
    }

    package var name: String
    /// Kebab-case, ≤ 60, from the given slug or the name (``ImportSlug``).
    package var slug: String
    package var kind: MealSlot
    package var minutes: Int
    package var difficulty: String
    package var serves: Int
    /// The yield as the page wrote it ("12 cookies"), ≤ 80 characters; `""` for none.
    package var yield: String = ""
    package var batch: Int
    /// Per serving, rounded to 1 dp.
    package var macros: Macros
    /// ``Recipe/macrosSource``: `"recipe"` (the source's own nutrition), `"computed"`, or `""`.
    package var macrosSource: String = ""
    /// The cook's notes (a library app's), ≤ 10,000 characters; `""` for none.
    package var notes: String = ""
    package var why: String
    package var lines: [Line]
    package var steps: [RecipeStep]
    package var tags: [String]
    /// Materialised image references (media paths or kept remote URLs), first = hero.
    package var images: [String]
    /// How many of `images` were stored as blobs now (0 keeps an existing recipe's images).
    package var imagesStored: Int
    package var rating: Double
    package var ratingCount: Int
    /// Import label ≤ 24, default `"import"`.
    package var source: String
    package var sourceURL: String
    /// A reason of the caller's to park the recipe whatever the rules say
    /// (a page read without schema.org markup); nil for none.
    package var parkReason: String?

    package init(
        name: String, slug: String, kind: MealSlot = .dinner, minutes: Int = 0, difficulty: String = "easy",
        serves: Int = 2, batch: Int = 0, macros: Macros = .zero, why: String = "", lines: [Line] = [],
        steps: [RecipeStep] = [], tags: [String] = [], images: [String] = [], imagesStored: Int = 0,
        rating: Double = 0, ratingCount: Int = 0, source: String = "import", sourceURL: String,
        parkReason: String? = nil
    ) {
        self.name = name
        self.slug = slug
        self.kind = kind
        self.minutes = minutes
        self.difficulty = difficulty
        self.serves = max(serves, 1)
        self.batch = max(batch, 0)
        self.macros = macros.rounded1()
        self.why = why
        self.lines = lines
        self.steps = steps
        self.tags = tags
        self.images = images
        self.imagesStored = imagesStored
        self.rating = min(max(rating, 0), 5)
        self.ratingCount = max(ratingCount, 0)
        self.source = source.isEmpty ? "import" : String(source.prefix(24))
        self.sourceURL = sourceURL
        self.parkReason = parkReason
    }
}

/// A rule of §4.24 the import broke; `message` is the tool/HTTP error text.
package struct RecipeImportError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The error text, as the tool result and the HTTP `detail` say it.
    package let message: String
    /// An error saying `message`.
    package init(_ message: String) { self.message = message }
    package var description: String { message }
}

/// The slug rule of §4.24: lower-cased, runs of characters outside
/// `[a-z0-9]` become `-`, repeats collapsed, ends stripped, cut to 60
/// (and stripped of a trailing `-` again after the cut).
package enum ImportSlug {
    /// The slug of `text` by the rule above; empty when `text` has no ASCII letter or digit.
    package static func make(_ text: String) -> String {
        var out = ""
        var dash = false
        for scalar in text.lowercased().unicodeScalars {
            if (scalar >= "a" && scalar <= "z") || (scalar >= "0" && scalar <= "9") {
                out.unicodeScalars.append(scalar)
                dash = false
            } else if !dash {
                out += "-"
                dash = true
            }
        }
        var slug = String(out.drop(while: { $0 == "-" }))
        while slug.hasSuffix("-") { slug.removeLast() }
        slug = String(slug.prefix(60))
        while slug.hasSuffix("-") { slug.removeLast() }
        return slug
    }
}
