import ForgeArchive
import ForgeStore
import Foundation
import Testing

@testable import ForgeCook

/// Issue 40, items 4 and 5: what one hostile library file can cost. A field no real recipe
/// reaches is refused by name before any line is read; a JSON document of more values than any
/// library holds is refused before it is parsed, so memory stays bounded by the count, not the bytes.
@Suite struct HostileLibraryTests {
    /// `count` pseudo-random decimal digits (a fixed LCG): text that does not compress past the bomb guard.
    static func digits(_ count: Int) -> [UInt8] {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        return (0..<count).map { _ in
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return UInt8(ascii: "0") + UInt8((state >> 33) % 10)
        }
    }

    @Test func aRecipeWithAHugeFieldIsRefusedNamingItAndTheOthersImport() throws {
        let fixtures = try LibraryFixtures()
        let huge: [String: Any] = [
            "name": "Endless", "ingredients": String(decoding: Self.digits(2 << 20), as: UTF8.self),
            "directions": "Cook.",
        ]
        let good: [String: Any] = ["name": "Toast", "ingredients": "1 slice bread", "directions": "Toast it."]
        let path = try fixtures.zip(
            "export.paprikarecipes",
            [("Endless.paprikarecipe", .gzipJSON(huge)), ("Toast.paprikarecipe", .gzipJSON(good))])
        var entries: [LibraryEntry] = []
        let started = ContinuousClock.now
        try LibraryFormat.paprika.read(path: path) { entries.append($0) }
        let elapsed = ContinuousClock.now - started
        let refused = entries.compactMap { entry -> String? in
            if case .unreadable(_, let reason) = entry { return reason } else { return nil }
        }
        #expect(refused.count == 1 && refused[0].hasPrefix("ingredients holds 2.0 MiB of text"), "\(refused)")
        #expect(entries.contains { if case .recipe(let r) = $0 { r.title == "Toast" } else { false } })
        // Refused before the text is split into lines.
        #expect(elapsed < .seconds(2), "\(elapsed)")
    }

    @Test func aJSONDocumentOfMoreValuesThanAnyLibraryIsRefusedAsItIsRead() throws {
        let fixtures = try LibraryFixtures()
        // Mealie v1 backup: database.json of 1.2 million one-digit numbers (2.4 MB).
        let digits = "[" + Self.digits(1_200_000).map { String(UnicodeScalar($0)) }.joined(separator: ",") + "]"
        let database = Data(#"{"recipes": \#(digits)}"#.utf8)
        let path = try fixtures.zip("mealie.zip", [("database.json", .bytes(database))])
        #expect {
            try LibraryFormat.mealie.read(path: path) { _ in }
        } throws: { error in
            "\(error)".contains("database.json would take more than 48 MiB to read")
                && "\(error)".contains("no recipe library needs that much")
        }
    }

    /// The events build what JSONSerialization builds; a text past 5 MiB is kept only as its size, and
    /// a recipe whose notes were that long is refused naming the field while the others import.
    @Test func aDocumentIsBuiltAsJSONSerializationBuildsItAndAHugeTextIsCut() throws {
        let fixtures = try LibraryFixtures()
        let sample =
            Data(
                #"{"name": "Tea \u00e9\ud83c\udf75", "n": [1, -2, 3.5, 1e3, 12345678901234], "ok": true, "no": false,"#
                    .utf8) + Data(#" "nil": null, "nested": {"a": [[], {}], "b": "x\"y\\z\n"}}"#.utf8)
        let path = try fixtures.zip("doc.zip", [("recipe.json", .bytes(sample))])
        let zip = try ZipReader(path: path, limits: ArchiveLimits())
        _ = try zip.nextEntry()
        let read = try #require(try zip.readJSONObject(name: "recipe.json"))
        let expected = try #require(try JSONSerialization.jsonObject(with: sample) as? [String: Any])
        let canonical = { (o: [String: Any]) in try JSONSerialization.data(withJSONObject: o, options: [.sortedKeys]) }
        #expect(try canonical(read) == canonical(expected), "\(read)")
        #expect((read["n"] as? [Any])?.first as? Int == 1 && (read["n"] as? [Any])?[2] as? Double == 3.5)
        // Not JSON, or not an object: nil, as JSONSerialization would give.
        for text in [#"{"a": "#, "[1, 2]", "nope"] {
            let bad = try fixtures.zip("bad.zip", [("x.json", .bytes(Data(text.utf8)))])
            let badZip = try ZipReader(path: bad, limits: ArchiveLimits())
            _ = try badZip.nextEntry()
            #expect(try badZip.readJSONObject(name: "x.json") == nil, "\(text)")
        }
        // A Paprika recipe whose notes are 6 MiB: refused naming notes; a photo past the cap dropped.
        // 64 KiB random blocks, repeated: longer than deflate's 32 KiB window, so they do not pass for a
        // decompression bomb as a repeated word would.
        var generator = SystemRandomNumberGenerator()
        let words = Array("stir fold simmer season whisk rest taste bake ")
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/")
        let block = { (letters: [Character]) in
            String((0..<(64 << 10)).map { _ in letters.randomElement(using: &generator)! })
        }
        let long = String(repeating: block(words), count: 96)
        let photo = String(repeating: block(alphabet), count: 96)
        let huge: [String: Any] = ["name": "Endless", "ingredients": "1 egg", "directions": "Cook.", "notes": long]
        let good: [String: Any] = [
            "name": "Toast", "ingredients": "1 slice bread", "directions": "Toast it.",
            "photo_data": photo,
        ]
        let library = try fixtures.zip(
            "long.paprikarecipes",
            [("Endless.paprikarecipe", .gzipJSON(huge)), ("Toast.paprikarecipe", .gzipJSON(good))])
        var entries: [LibraryEntry] = []
        try LibraryFormat.paprika.read(path: library) { entries.append($0) }
        let refused = entries.compactMap { entry -> String? in
            if case .unreadable(_, let reason) = entry { return reason } else { return nil }
        }
        #expect(refused.count == 1 && refused[0].hasPrefix("notes holds 6.0 MiB of text"), "\(refused)")
        let toast = entries.compactMap { entry -> LibraryRecipe? in
            if case .recipe(let r) = entry { return r } else { return nil }
        }.first
        #expect(toast?.title == "Toast")
        // Its size as written (JSONSerialization writes each "/" as "\/"): at least the 6 MiB of base64.
        let dropped = toast?.warnings.first { $0.hasPrefix("photo photo_data dropped: ") } ?? ""
        let size = Int(dropped.dropFirst("photo photo_data dropped: ".count).prefix { $0.isNumber }) ?? 0
        #expect(size >= 6 << 20 && dropped.hasSuffix("bytes of base64, over the 3 MiB cap"), "\(toast?.warnings ?? [])")
    }

    /// A document split at every offset (strings, escapes and numbers across chunk ends) reads as
    /// JSONSerialization reads it whole; a string of exactly the limit is kept, one byte more is cut.
    @Test func aDocumentSplitAnywhereReadsTheSame() throws {
        let sample =
            Data(
                #"{"name": "Tea \u00e9\ud83c\udf75", "n": [1, -2, 3.5, 1e3, -0, 12345678901234], "ok": true,"#.utf8)
            + Data(#" "nil": null, "nested": {"a": [[], {}], "b": "x\"y\\z\n", "c": "\\"}}"#.utf8)
        let canonical = { (o: Any) in try JSONSerialization.data(withJSONObject: o, options: [.sortedKeys]) }
        let expected = try canonical(try JSONSerialization.jsonObject(with: sample))
        for offset in 1..<sample.count {
            let read = try #require(
                try JSONDocumentReader.object(
                    from: Chunks([sample.prefix(offset), sample.dropFirst(offset)]), name: "doc", maxBytes: 1 << 20))
            #expect(try canonical(read) == expected, "split at \(offset)")
        }
        // A byte order mark first is skipped, as JSONSerialization skips it.
        let marked = Data([0xEF, 0xBB, 0xBF]) + sample
        #expect(try JSONDocumentReader.object(from: Chunks([marked]), name: "doc", maxBytes: 1 << 20) != nil)
        // The limit: kept at exactly `limit` bytes, cut at one more, split or not.
        for (length, kept) in [(16, true), (17, false)] {
            let text = Data((#"{"t": ""# + String(repeating: "a", count: length) + #""}"#).utf8)
            var gate = TokenGate(limit: 16)
            var out = Data()
            for piece in [text.prefix(9), text.dropFirst(9)] {
                piece.withUnsafeBytes { gate.feed($0) { out.append(contentsOf: $0) } }
            }
            let value = try #require(try JSONSerialization.jsonObject(with: out) as? [String: String])["t"]
            #expect(kept ? value == String(repeating: "a", count: length) : value == "\u{0}forge-cut:17", "\(length)")
        }
    }

    /// What JSONSerialization refused is no document here either, and costs nothing to refuse:
    /// nesting past 512, a number of more than 1,024 digits, an infinite number.
    @Test func deepNestingLongNumbersAndInfinityAreNotDocuments() throws {
        let deep = Data(
            (#"{"x": "# + String(repeating: "[", count: 600_000) + String(repeating: "]", count: 600_000) + "}").utf8)
        #expect(try JSONDocumentReader.object(from: Chunks([deep]), name: "deep", maxBytes: 32 << 20) == nil)
        let fine = Data(
            (#"{"x": "# + String(repeating: "[", count: 500) + String(repeating: "]", count: 500) + "}").utf8)
        #expect(try JSONDocumentReader.object(from: Chunks([fine]), name: "fine", maxBytes: 1 << 20) != nil)
        let digits = Data((#"{"a": 1"# + String(repeating: "7", count: 30_000) + "}").utf8)
        let started = ContinuousClock.now
        #expect(try JSONDocumentReader.object(from: Chunks([digits]), name: "digits", maxBytes: 1 << 20) == nil)
        #expect(ContinuousClock.now - started < .seconds(1))
        let infinite = Data(#"{"a": 1e400}"#.utf8)
        #expect(try JSONDocumentReader.object(from: Chunks([infinite]), name: "inf", maxBytes: 1 << 20) == nil)
    }
}

/// A ``ByteStream`` handing out the given pieces, one per read (split where a test wants).
private final class Chunks: ByteStream {
    private var pieces: [Data]
    init(_ pieces: [Data]) { self.pieces = pieces.filter { !$0.isEmpty } }
    func read(into buffer: UnsafeMutableRawBufferPointer) throws(ArchiveError) -> Int {
        guard !pieces.isEmpty else { return 0 }
        let piece = pieces[0]
        let count = min(piece.count, buffer.count)
        piece.prefix(count).copyBytes(to: buffer)
        pieces[0] = piece.dropFirst(count)
        if pieces[0].isEmpty { pieces.removeFirst() }
        return count
    }
}
