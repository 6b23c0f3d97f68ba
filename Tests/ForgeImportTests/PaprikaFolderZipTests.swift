import ForgeCook
import ForgeStore
import Foundation
import Testing

@testable import ForgeImport

/// Paprika recipes zipped as a folder of single `.paprikarecipe` files (issue 38 item 12): what a member
/// gets by zipping the files Paprika exports one by one, here written as a stream (sizes after the data,
/// as Finder's Compress and `zip -r -` write them), so the head shows only the folder.
@Suite(.enabled(if: ImportHarness.sharedPresent, ImportHarness.sharedAbsence))
struct PaprikaFolderZipTests {
    /// Re-zips the shared export's entries under `My Recipes/` into `dir`, streamed, with python3's zipfile.
    static func folderZip(_ dir: String) throws -> URL {
        let source = try ImportHarness.shared(RecipeLibraryImportTests.paprika)
        let path = dir + "/recipes.zip"
        let script = """
            import io, sys, zipfile
            class Stream(io.RawIOBase):
                def __init__(self, f): self.f = f
                def writable(self): return True
                def seekable(self): return False
                def write(self, b): return self.f.write(b)
            src, dst = sys.argv[1], sys.argv[2]
            with zipfile.ZipFile(src) as z, open(dst, 'wb') as f:
                with zipfile.ZipFile(Stream(f), 'w', zipfile.ZIP_DEFLATED) as out:
                    out.writestr(zipfile.ZipInfo('My Recipes/'), b'')
                    for name in z.namelist():
                        out.writestr('My Recipes/' + name.split('/')[-1], z.read(name))
            """
        let python = "/usr/bin/python3"
        try #require(
            FileManager.default.isExecutableFile(atPath: python),
            "this test builds its zip with python3: install the Debian package python3")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: python)
        process.arguments = ["-c", script, source.path, path]
        try process.run()
        process.waitUntilExit()
        try #require(process.terminationStatus == 0, "python3 could not build \(path)")
        return URL(fileURLWithPath: path)
    }

    @Test func aStreamedZipOfAFolderOfRecipesImportsAsPaprika() throws {
        let h = try ImportHarness()
        try h.db.write { _ = try IngredientStore.seed(in: $0) }
        let zip = try Self.folderZip(h.dir)
        // The head holds the folder's entry, then a file whose size follows its data: only the folder is named.
        let head = [UInt8](try Data(contentsOf: zip).prefix(ImportProbe.headSize))
        #expect(head[6] & 0x08 != 0)
        let record = try h.pipeline.run(kind: .paprika, file: zip, source: "recipes.zip", userID: h.ada.id)
        #expect(record.state == "done")
        #expect(record.report?.added["recipes"] == 35)
        // auto finds it too (a second import adds nothing).
        let again = try h.pipeline.run(kind: .auto, file: zip, source: "recipes.zip", userID: h.ada.id)
        #expect(again.kind == "paprika" && again.report?.added["recipes"] == nil)
    }
}
