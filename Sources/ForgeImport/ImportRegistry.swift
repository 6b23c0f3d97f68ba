import ForgeCook

/// The importers built into forged, by kind, and `auto`'s guess.
package struct ImportRegistry: Sendable {
    package let importers: [any Importer]

    package init(_ importers: [any Importer]) { self.importers = importers }

    /// Every importer this binary has. Kinds of the grammar without one here
    /// answer ``ImportError/unsupported(_:)``.
    package static let builtIn = ImportRegistry(
        [StrongImporter(), HevyImporter(), FitNotesImporter(), AppleHealthImporter()]
            + LibraryFormat.allCases.map(RecipeLibraryImporter.init) + [ForgeServerImporter()])

    /// The importer for `kind`.
    /// - Throws: ``ImportError/unsupported(_:)``.
    package func importer(_ kind: ImportKind) throws -> any Importer {
        guard let found = importers.first(where: { $0.kind == kind }) else { throw ImportError.unsupported(kind) }
        return found
    }

    /// The first importer whose ``Importer/sniff(_:)`` recognises `probe`, in registry order.
    /// - Throws: ``ImportError/unrecognised``.
    package func sniff(_ probe: ImportProbe) throws -> any Importer {
        guard let found = importers.first(where: { $0.sniff(probe) }) else { throw ImportError.unrecognised }
        return found
    }
}
