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

    @Test func aJSONDocumentOfMoreValuesThanAnyLibraryIsRefusedBeforeParsing() throws {
        let fixtures = try LibraryFixtures()
        // Mealie v1 backup: database.json of 1.2 million one-digit numbers (2.4 MB).
        let digits = "[" + Self.digits(1_200_000).map { String(UnicodeScalar($0)) }.joined(separator: ",") + "]"
        let database = Data(#"{"recipes": \#(digits)}"#.utf8)
        let path = try fixtures.zip("mealie.zip", [("database.json", .bytes(database))])
        #expect {
            try LibraryFormat.mealie.read(path: path) { _ in }
        } throws: { error in
            "\(error)".contains("holds more than 1000000 JSON values")
        }
        // The count is an upper bound that strings cannot inflate.
        #expect(LibraryFormat.jsonValueCount(Array(#"{"a": "x,y:[{", "b": [1, 2]}"#.utf8)) == 5)
    }
}
