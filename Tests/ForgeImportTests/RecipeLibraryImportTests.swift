import ForgeCook
import ForgeStore
import Foundation
import Testing

@testable import ForgeImport

/// The recipe-library kinds through the one pipeline: the ledger, `auto`, re-import, undo, bad input.
@Suite struct RecipeLibraryImportTests {
    static let paprika = "paprika/swizzlevixen__Recipes__My Recipes.paprikarecipes"

    func harness() throws -> ImportHarness {
        let harness = try ImportHarness()
        try harness.db.write { _ = try IngredientStore.seed(in: $0) }
        return harness
    }

    var recipes: (ImportHarness) throws -> Int = { try $0.count("SELECT COUNT(*) FROM recipes") }

    @Test(.enabled(if: ImportHarness.sharedPresent, ImportHarness.sharedAbsence))
    func theSharedPaprikaExportThroughThePipelineThenAgainThenUndone() throws {
        let file = try ImportHarness.shared(Self.paprika)
        let h = try harness()
        let first = try h.pipeline.run(kind: .auto, file: file, source: file.lastPathComponent, userID: h.ben.id)
        #expect(first.kind == "paprika" && first.state == "done")
        let report = try #require(first.report)
        #expect(report.guessed)
        #expect(report.rowsRead == 36)
        #expect(report.added["recipes"] == 35)
        #expect(report.added["photos"] == (try h.count("SELECT COUNT(*) FROM media")))
        #expect(report.skipped["link_only"] == 1)
        #expect(report.lists["link_only"]?.first?.contains("campaign-archive.com") == true)
        #expect(report.lists["unknown_ingredients"]?.isEmpty == false)
        #expect(try recipes(h) == 35)
        #expect(
            try h.count("SELECT COUNT(*) FROM import_rows WHERE import_id = ? AND tbl = 'recipes'", [first.id]) == 35)

        let second = try h.run(.paprika, file)
        #expect(second.report?.totalAdded == 0)
        #expect(second.report?.already["recipes"] == 35)
        #expect(try recipes(h) == 35)

        try h.pipeline.undo(id: first.id, userID: nil)
        #expect(try recipes(h) == 0)
        #expect(try h.count("SELECT COUNT(*) FROM media") == 0)
    }

    @Test func anotherAppsFileIsNotARecipeExportAndWritesNothing() throws {
        let h = try harness()
        let csv = URL(fileURLWithPath: h.dir).appendingPathComponent("strong.csv")
        try Data("Date,Workout Name,Exercise Name,Set Order,Weight,Reps\n".utf8).write(to: csv)
        // Another app's export: refused naming the kind it looks like.
        #expect(throws: ImportError.otherKind(kind: .paprika, found: .strong)) {
            try h.run(.paprika, csv)
        }
        // A file nothing recognises: refused naming what was looked for.
        let notes = URL(fileURLWithPath: h.dir).appendingPathComponent("notes.txt")
        try Data("just some notes\n".utf8).write(to: notes)
        #expect(throws: ImportError.notThisKind(kind: .paprika, expected: LibraryFormat.paprika.expected)) {
            try h.run(.paprika, notes)
        }
        #expect(try recipes(h) == 0)
        // Refused by its head before the ledger row is opened: not even a failed import is left.
        #expect(try h.count("SELECT COUNT(*) FROM imports") == 0)
    }

    @Test(.enabled(if: ImportHarness.sharedPresent, ImportHarness.sharedAbsence))
    func everyRecipeKindIsRegisteredAndSniffedByItsHead() throws {
        for format in LibraryFormat.allCases {
            let importer = try ImportRegistry.builtIn.importer(ImportKind(rawValue: format.rawValue)!)
            #expect(importer is RecipeLibraryImporter)
        }
        let file = try ImportHarness.shared(Self.paprika)
        let probe = try ImportProbe(url: file)
        #expect(try ImportRegistry.builtIn.sniff(probe).kind == .paprika)
    }
}
