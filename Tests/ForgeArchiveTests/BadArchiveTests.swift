import Foundation
import Testing

@testable import ForgeArchive

/// What a reader throws for files that are not what they claim, and for decompression bombs.
@Suite struct BadArchiveTests {
    /// Reads every entry of the zip at `path` to the end, answering the error that stopped it.
    func failure(reading path: String, limits: ArchiveLimits = .standard) -> ArchiveError? {
        do {
            _ = try readEntries(try ZipReader(path: path, limits: limits))
            return nil
        } catch let error as ArchiveError {
            return error
        } catch {
            Issue.record("unexpected \(error)")
            return nil
        }
    }

    @Test func aTextFileIsNotAZip() throws {
        let fixtures = try Fixtures()
        let path = fixtures.directory.appendingPathComponent("notes.zip").path
        try Data("Title,Ingredients\nDahl,lentils\n".utf8).write(to: URL(fileURLWithPath: path))
        let error = try #require(failure(reading: path))
        guard case .notAnArchive(let why) = error else { throw Failure("\(error)") }
        #expect(why.hasPrefix("not a zip archive"), "\(why)")
        #expect(error.description.hasPrefix("not a zip archive"))
    }

    @Test func aGzipFileIsNotAZipAndAZipIsNotGzip() throws {
        let fixtures = try Fixtures()
        let gz = try fixtures.file("recipe.paprikarecipe", .gzip("", Array("{}".utf8)))
        guard case .notAnArchive = try #require(failure(reading: gz)) else { throw Failure("gzip read as a zip") }
        let zip = try fixtures.zip("export.zip", [.file("a.json", Array("{}".utf8))])
        #expect(throws: ArchiveError.notAnArchive("\(zip) is not gzip data")) { try GunzipReader(path: zip) }
        let empty = fixtures.directory.appendingPathComponent("empty.gz").path
        #expect(FileManager.default.createFile(atPath: empty, contents: Data()))
        #expect(throws: ArchiveError.self) { try GunzipReader(path: empty) }
    }

    @Test func aMissingFileAndADirectoryCannotBeOpened() throws {
        let fixtures = try Fixtures()
        let missing = fixtures.directory.appendingPathComponent("nope.zip").path
        #expect(throws: ArchiveError.cannotOpen("\(missing): No such file or directory")) {
            try ZipReader(path: missing)
        }
        #expect(throws: ArchiveError.cannotOpen("\(fixtures.directory.path) is a directory")) {
            try ZipReader(path: fixtures.directory.path)
        }
    }

    @Test(arguments: [0.5, 0.9, 0.999])
    func aTruncatedZipIsRefusedBeforeAnyEntry(keeping fraction: Double) throws {
        let fixtures = try Fixtures()
        let path = try fixtures.zip(
            "cut.zip", [.file("a.json", noise(20_000)), .file("b.jpg", noise(20_000)), .file("c.json", noise(100))])
        let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        try bytes.prefix(Int(Double(bytes.count) * fraction)).write(to: URL(fileURLWithPath: path))
        #expect {
            _ = try ZipReader(path: path)
        } throws: { error in
            guard case .truncated(let why) = error as? ArchiveError else { return false }
            // Only what is wrong: not libarchive's contradictory "not a zip archive (Unrecognized …)".
            return why == "the file starts like a zip archive but its end is missing"
        }
    }

    @Test func aTruncatedZipInsideAZipFailsAsTruncated() throws {
        let fixtures = try Fixtures()
        let inner = try fixtures.zip("inner.zip", [.file("recipe.json", noise(30_000)), .file("x", noise(10))])
        let cut = Array(try Data(contentsOf: URL(fileURLWithPath: inner)).prefix(15_000))
        let outer = try ZipReader(path: try fixtures.zip("outer.zip", [.file("recipe_1.zip", cut, deflate: false)]))
        _ = try outer.nextEntry()
        #expect {
            _ = try readEntries(try ZipReader(stream: outer))
        } throws: { error in
            guard case .truncated = error as? ArchiveError else { return false }
            return true
        }
    }

    @Test func aTruncatedGzipFailsAsTruncated() throws {
        let fixtures = try Fixtures()
        let path = try fixtures.file("cut.gz", .gzip("", noise(50_000)))
        let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        try bytes.prefix(bytes.count / 2).write(to: URL(fileURLWithPath: path))
        #expect {
            _ = try GunzipReader(path: path).readAll(maxBytes: 1 << 20, name: "cut")
        } throws: { error in
            guard case .truncated = error as? ArchiveError else { return false }
            return true
        }
    }

    @Test func aZipBombIsRefusedPastTheRatioWhileStreaming() throws {
        let fixtures = try Fixtures()
        // 64 MiB of zeros deflate to about 64 KiB: 1000:1.
        let path = try fixtures.zip(
            "bomb.zip", [.file("readme.txt", Array("hi".utf8)), .zeros("export.xml", count: 64 << 20)])
        let zip = try ZipReader(path: path)
        _ = try zip.nextEntry()
        let entry = try #require(try zip.nextEntry())
        var expanded = 0
        let chunk = UnsafeMutableRawBufferPointer.allocate(byteCount: 64 << 10, alignment: 1)
        defer { chunk.deallocate() }
        #expect {
            while true {
                let count = try zip.read(into: chunk)
                if count == 0 { break }
                expanded += count
            }
        } throws: { error in
            guard case .expansionRefused(let why) = error as? ArchiveError else { return false }
            return why.contains("export.xml expands past 100:1") || why.contains("the archive expands past 100:1")
        }
        // Stopped early: well before the 64 MiB the entry claims.
        #expect(expanded < 16 << 20, "\(expanded) bytes expanded before the refusal")
        #expect(entry.declaredSize == 64 << 20)
    }

    @Test func aBombInAnEntryNobodyReadsIsRefusedWhenItIsPassed() throws {
        let fixtures = try Fixtures()
        let path = try fixtures.zip(
            "skipped.zip", [.zeros("ignored.bin", count: 64 << 20), .file("a.json", Array("{}".utf8))])
        let zip = try ZipReader(path: path)
        #expect(try zip.nextEntry()?.path == "ignored.bin")
        #expect {
            _ = try zip.nextEntry()
        } throws: { error in
            guard case .expansionRefused(let why) = error as? ArchiveError else { return false }
            return why.contains("ignored.bin expands past 100:1")
        }
    }

    @Test func theTotalSizeCapHoldsEvenForDataThatDoesNotCompress() throws {
        let fixtures = try Fixtures()
        let path = try fixtures.zip(
            "photos.zip",
            [.file("a.jpg", noise(40_000), deflate: false), .file("b.jpg", noise(40_000), deflate: false)])
        let limits = ArchiveLimits(maxTotalBytes: 60_000)
        let error = try #require(failure(reading: path, limits: limits))
        guard case .expansionRefused(let why) = error else { throw Failure("\(error)") }
        #expect(why.contains("expands past 60000 bytes"), "\(why)")
    }

    @Test func anEntryDeclaringMoreThanTheCapIsRefusedAtItsHeader() throws {
        let fixtures = try Fixtures()
        let path = try fixtures.zip("big.zip", [.zeros("huge.xml", count: 3 << 20)])
        let zip = try ZipReader(path: path, limits: ArchiveLimits(maxTotalBytes: 2 << 20))
        #expect(
            throws: ArchiveError.expansionRefused("refused: huge.xml declares 3145728 bytes, past the limit of 2097152")
        ) {
            _ = try zip.nextEntry()
        }
    }

    @Test func aGzipBombIsRefusedAloneAndInsideAZip() throws {
        let fixtures = try Fixtures()
        let gz = try fixtures.file("bomb.gz", .gzipZeros("", count: 64 << 20))
        #expect {
            _ = try GunzipReader(path: gz).readAll(maxBytes: 128 << 20, name: "bomb")
        } throws: { error in
            guard case .expansionRefused(let why) = error as? ArchiveError else { return false }
            return why.contains("past 100:1")
        }
        let zipPath = try fixtures.zip("export.paprikarecipes", [.gzipZeros("Bomb.paprikarecipe", count: 64 << 20)])
        let zip = try ZipReader(path: zipPath)
        _ = try zip.nextEntry()
        let inner = try GunzipReader(stream: zip, name: "Bomb.paprikarecipe")
        #expect {
            _ = try inner.readAll(maxBytes: 128 << 20, name: "Bomb.paprikarecipe")
        } throws: { error in
            guard case .expansionRefused(let why) = error as? ArchiveError else { return false }
            return why.contains("Bomb.paprikarecipe expands past 100:1") || why.contains("the archive expands past")
        }
    }

    @Test func aWellCompressedSmallFileIsNotABomb() throws {
        // 900 KB of spaces: far past 100:1, but under the 1 MiB grace (an empty table, an indented JSON).
        let fixtures = try Fixtures()
        let spaces = [UInt8](repeating: 0x20, count: 900_000)
        let path = try fixtures.zip("spaces.zip", [.file("database.json", spaces)])
        let entries = try readEntries(try ZipReader(path: path))
        #expect(entries.first?.1.count == 900_000)
    }
}

/// A test failure with a message, for `guard case` mismatches.
struct Failure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
