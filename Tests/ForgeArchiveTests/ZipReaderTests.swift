import Foundation
import Testing

@testable import ForgeArchive

/// Every entry of `zip`: its header and its content read to the end.
func readEntries(_ zip: ZipReader, maxBytes: Int = 64 << 20) throws -> [(ArchiveEntry, [UInt8])] {
    var entries: [(ArchiveEntry, [UInt8])] = []
    while let entry = try zip.nextEntry() {
        entries.append((entry, try zip.readAll(maxBytes: maxBytes, name: entry.path)))
    }
    return entries
}

/// `count` bytes that do not compress (a xorshift sequence).
func noise(_ count: Int, seed: UInt64 = 0x9E37_79B9_7F4A_7C15) -> [UInt8] {
    var state = seed
    return (0..<count).map { _ in
        state ^= state << 13
        state ^= state >> 7
        state ^= state << 17
        return UInt8(truncatingIfNeeded: state)
    }
}

@Suite struct ZipReaderTests {
    @Test func entriesComeInOrderWithTheirNamesSizesAndContent() throws {
        let fixtures = try Fixtures()
        let photo = noise(300_000)
        let path = try fixtures.zip(
            "library.zip",
            [
                .directory("Recipes/"),
                .file("Recipes/Dahl/recipe.json", Array(#"{"name":"Dahl ü"}"#.utf8)),
                .file("Recipes/Dahl/full.jpg", photo, deflate: false),
                .file("Recipes/Crème brûlée.txt", Array("custard\n".utf8)),
                .file("__MACOSX/Recipes/._Dahl", [0, 5, 22, 7]),
                .file("Recipes/.DS_Store", [1, 2, 3]),
            ])
        let entries = try readEntries(try ZipReader(path: path))
        #expect(
            entries.map(\.0.path) == [
                "Recipes/", "Recipes/Dahl/recipe.json", "Recipes/Dahl/full.jpg", "Recipes/Crème brûlée.txt",
                "__MACOSX/Recipes/._Dahl", "Recipes/.DS_Store",
            ])
        #expect(entries.map(\.0.isDirectory) == [true, false, false, false, false, false])
        #expect(entries.map(\.0.isMacOSMetadata) == [false, false, false, false, true, true])
        #expect(entries[1].1 == Array(#"{"name":"Dahl ü"}"#.utf8))
        #expect(entries[2].1 == photo)
        #expect(entries[2].0.declaredSize == 300_000)
        #expect(entries[2].0.fileName == "full.jpg")
        #expect(entries[3].1 == Array("custard\n".utf8))
    }

    @Test func aZipInMemoryReadsLikeTheFile() throws {
        let fixtures = try Fixtures()
        let path = try fixtures.zip("small.zip", [.file("a.txt", Array("alpha".utf8)), .file("b.txt", noise(70_000))])
        let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: path)))
        let entries = try readEntries(try ZipReader(bytes: bytes))
        #expect(entries.map(\.0.path) == ["a.txt", "b.txt"])
        #expect(entries[1].1 == noise(70_000))
    }

    @Test func unreadEntriesAreSkipped() throws {
        let fixtures = try Fixtures()
        let path = try fixtures.zip(
            "skip.zip", [.file("big.bin", noise(500_000)), .file("small.txt", Array("kept".utf8))])
        let zip = try ZipReader(path: path)
        #expect(try zip.nextEntry()?.path == "big.bin")
        let entry = try #require(try zip.nextEntry())
        #expect(entry.path == "small.txt")
        #expect(try zip.readAll(maxBytes: 100, name: entry.path) == Array("kept".utf8))
        #expect(try zip.nextEntry() == nil)
        #expect(try zip.nextEntry() == nil)
    }

    @Test func aZipInsideAZipAndAGzipInsideAZipStream() throws {
        let fixtures = try Fixtures()
        let json = Array(#"{"name":"Pancakes","ingredients":"flour\nmilk"}"#.utf8)
        let path = try fixtures.zip(
            "outer.zip",
            [
                .zip("export/recipe_1.zip", [.file("recipe.json", json), .file("image.jpeg", noise(40_000))]),
                .gzip("Pancakes.paprikarecipe", json),
            ])
        let outer = try ZipReader(path: path)
        #expect(try outer.nextEntry()?.path == "export/recipe_1.zip")
        let inner = try readEntries(try ZipReader(stream: outer))
        #expect(inner.map(\.0.path) == ["recipe.json", "image.jpeg"])
        #expect(inner[0].1 == json)
        #expect(inner[1].1 == noise(40_000))
        #expect(try outer.nextEntry()?.path == "Pancakes.paprikarecipe")
        let gunzipped = try GunzipReader(stream: outer, name: "Pancakes.paprikarecipe")
        #expect(try gunzipped.readAll(maxBytes: 1 << 20, name: "Pancakes") == json)
        #expect(try outer.nextEntry() == nil)
    }

    @Test func aGzipFileAndGzipBytes() throws {
        let fixtures = try Fixtures()
        let text = Array(String(repeating: "Stir the onions until golden. ", count: 2000).utf8)
        let path = try fixtures.file("steps.txt.gz", .gzip("", text))
        #expect(try GunzipReader(path: path).readAll(maxBytes: 1 << 20, name: "steps") == text)
        let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: path)))
        #expect(try GunzipReader(bytes: bytes, name: "steps").readAll(maxBytes: 1 << 20, name: "steps") == text)
    }

    @Test func anEmptyZipHasNoEntries() throws {
        let fixtures = try Fixtures()
        #expect(try ZipReader(path: try fixtures.zip("empty.zip", [])).nextEntry() == nil)
    }

    @Test func readAllRefusesMoreThanItsCap() throws {
        let fixtures = try Fixtures()
        let zip = try ZipReader(path: try fixtures.zip("cap.zip", [.file("photo.jpg", noise(5000))]))
        let entry = try #require(try zip.nextEntry())
        #expect(throws: ArchiveError.expansionRefused("photo.jpg is larger than 4096 bytes")) {
            try zip.readAll(maxBytes: 4096, name: entry.path)
        }
    }
}
