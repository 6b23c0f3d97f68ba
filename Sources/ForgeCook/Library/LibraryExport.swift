import ForgeArchive
import ForgeCore
import Foundation

/// What a reader yields for each recipe-like entry of an export: a recipe, or an entry that could not be read
/// (bad JSON, an unreadable inner archive) with why. Whole-export problems (not an archive, truncated, a bomb)
/// are thrown instead.
package enum LibraryEntry: Sendable, Equatable {
    case recipe(LibraryRecipe)
    case unreadable(origin: String, reason: String)
}

/// The library formats forged reads, and the limits they share.
package enum LibraryFormat: String, Sendable, CaseIterable {
    case paprika, mealie, tandoor, nextcloud

    /// The largest JSON document read from one entry, bytes (32 MiB: a Paprika recipe with its
    /// photos, a Mealie backup of thousands of recipes). The document is read as events and never
    /// held (``JSONDocumentReader``); what its values cost is capped apart (``maxJSONCost``).
    package static let maxJSONBytes = 32 << 20
    /// The largest photo kept, bytes (20 MB); larger ones are dropped with a warning.
    package static let maxPhotoBytes = 20_000_000
    /// The largest inner archive read (Tandoor's per-recipe zip), bytes.
    package static let maxInnerArchiveBytes = 128 << 20

    /// Reads the export at `path`, calling `each` for every recipe-like entry in order.
    /// - Throws: ``LibraryExportError`` when the file is not this format's export, or an ``ArchiveError``
    ///   (truncated, a decompression bomb) mapped into one; whatever `each` throws.
    package func read(
        path: String, limits: ArchiveLimits = .standard, each: (LibraryEntry) throws -> Void
    ) throws {
        do {
            switch self {
            case .paprika: try PaprikaReader.read(path: path, limits: limits, each: each)
            case .mealie: try MealieReader.read(path: path, limits: limits, each: each)
            case .tandoor: try TandoorReader.read(path: path, limits: limits, each: each)
            case .nextcloud:
                try SchemaOrgFolderReader.read(path: path, limits: limits, app: "Nextcloud Cookbook", each: each)
            }
        } catch let error as ArchiveError {
            switch error {
            case .libraryUnavailable: throw error
            case .notAnArchive:
                throw LibraryExportError(
                    "this is not \(Plural.article(title)) \(title) export: expected \(expected)", notThisFormat: true)
            default: throw LibraryExportError("this is not a readable \(title) export: \(error)")
            }
        }
    }

    /// The app's name.
    package var title: String {
        switch self {
        case .paprika: "Paprika"
        case .mealie: "Mealie"
        case .tandoor: "Tandoor"
        case .nextcloud: "Nextcloud Cookbook"
        }
    }

    /// What the format's export is, for errors.
    package var expected: String {
        switch self {
        case .paprika: "a .paprikarecipes zip of gzipped JSON recipes, or one gzipped .paprikarecipe"
        case .mealie: "a Mealie export zip (recipes/<slug>/<slug>.json, or a backup with database.json)"
        case .tandoor: "a Tandoor export zip holding one zip per recipe with recipe.json"
        case .nextcloud: "a zip of Nextcloud Cookbook folders, each with recipe.json"
        }
    }

    /// The format a file's name and first bytes suggest (for `auto`), or nil: a gzip head named
    /// `.paprikarecipe` is a single Paprika recipe; a zip is told by the entry names its head holds (local
    /// headers carry them): `.paprikarecipe` entries, `database.json` or `recipes/<slug>/<slug>.json` (Mealie),
    /// per-recipe `.zip` entries (Tandoor), `recipe.json` (Nextcloud Cookbook).
    package static func sniff(name: String, head: [UInt8]) -> LibraryFormat? {
        if head.count >= 2 && head[0] == 0x1F && head[1] == 0x8B {
            return name.lowercased().hasSuffix(".paprikarecipe") ? .paprika : nil
        }
        guard head.count >= 4, head[0] == 0x50, head[1] == 0x4B, head[2] == 0x03, head[3] == 0x04 else { return nil }
        // Entry names as they appear in the local headers within the head.
        var names: [String] = []
        var offset = 0
        while offset + 30 <= head.count, head[offset] == 0x50, head[offset + 1] == 0x4B, head[offset + 2] == 0x03,
            head[offset + 3] == 0x04
        {
            let word = { (at: Int) in Int(head[offset + at]) | Int(head[offset + at + 1]) << 8 }
            let long = { (at: Int) in word(at) | word(at + 2) << 16 }
            let nameLength = word(26)
            let extraLength = word(28)
            let start = offset + 30
            guard start + nameLength <= head.count else { break }
            names.append(String(decoding: head[start..<(start + nameLength)], as: UTF8.self))
            let flags = word(6)
            let compressed = long(18)
            var next = start + nameLength + extraLength + compressed
            if flags & 0x08 != 0 && compressed == 0 {
                // Sizes follow the data (a zip written as a stream: zip -r - DIR, Finder's Compress). A folder's
                // entry has no data, so its descriptor (signed PK\x07\x08 or not) is stepped over; a file's
                // data cannot be.
                guard names.last?.hasSuffix("/") == true else { break }
                let signed =
                    next + 4 <= head.count && head[next] == 0x50 && head[next + 1] == 0x4B && head[next + 2] == 0x07
                    && head[next + 3] == 0x08
                next += signed ? 16 : 12
            }
            offset = next
        }
        return format(entryNames: names)
    }

    /// The format a file suggests from its first entries' names (reading the zip's directory), or nil.
    package static func sniff(path: String) -> LibraryFormat? {
        guard let head = FileHandle(forReadingAtPath: path).flatMap({ try? $0.read(upToCount: 4) }) else { return nil }
        if head.count >= 2 && head[head.startIndex] == 0x1F && head[head.startIndex + 1] == 0x8B {
            return path.lowercased().hasSuffix(".paprikarecipe") ? .paprika : nil
        }
        guard let zip = try? ZipReader(path: path) else { return nil }
        var names: [String] = []
        // Every name (a Mealie folder may hold hundreds of photos before its first recipe's JSON), up to 100,000.
        while names.count < 100_000, let entry = try? zip.nextEntry() { names.append(entry.path) }
        return format(entryNames: names)
    }

    /// The format entry names point to, first match in order.
    static func format(entryNames: [String]) -> LibraryFormat? {
        for path in entryNames {
            let entry = ArchiveEntry(path: path, declaredSize: nil, isDirectory: path.hasSuffix("/"))
            if entry.isDirectory || entry.isMacOSMetadata { continue }
            let lower = path.lowercased()
            if lower.hasSuffix(".paprikarecipe") { return .paprika }
            if entry.fileName == "database.json" { return .mealie }
            if SchemaOrgFolderReader.isMealieRecipeJSON(lower) && lower.split(separator: "/").contains("recipes") {
                return .mealie
            }
            if lower.hasSuffix(".zip") { return .tandoor }
            if entry.fileName == "recipe.json" { return .nextcloud }
        }
        return nil
    }
}

extension ByteStream {
    /// The rest of the stream as a JSON object, or nil when it is not one: read as events
    /// (``JSONDocumentReader``), never held whole, at most ``LibraryFormat/maxJSONBytes`` bytes.
    /// - Throws: ``ArchiveError/expansionRefused(_:)`` past the byte cap or what the built values
    ///   may cost (``LibraryFormat/maxJSONCost``).
    func readJSONObject(name: String) throws(ArchiveError) -> [String: Any]? {
        try JSONDocumentReader.object(from: self, name: name, maxBytes: LibraryFormat.maxJSONBytes)
    }
}

extension LibraryFormat {
    /// What one JSON document's values may cost as they are built (``JSONDocumentReader``: 64 bytes
    /// a value or key plus its text, 192 more an object or array), 48 MiB: with the process's own
    /// 25 MB this keeps an import within docs/performance.md's 96 MB whatever the document holds
    /// (`bench/hostile-library.sh`).
    package static let maxJSONCost = 48 << 20

    /// The longest text kept from a JSON document, bytes as written (escapes included; 5 MiB: a
    /// photo at the 3 MiB media cap as base64, with room to spare); a longer one is kept only as its
    /// length (``cutSize(_:)``), since no recipe text may be that long and no photo that large is kept.
    package static let maxJSONString = 5 << 20

    /// The length in bytes (as written) of a text ``JSONDocumentReader`` did not keep, or nil for a kept text.
    static func cutSize(_ text: String) -> Int? {
        guard text.hasPrefix(JSONDocumentReader.cutMarker) else { return nil }
        return Int(text.dropFirst(JSONDocumentReader.cutMarker.count))
    }

    /// The most bytes of one text in a recipe (256 KiB): 300 ingredient lines and 200 steps of
    /// real recipes stay far below it; photos (base64) are not text and not counted.
    package static let maxFieldBytes = 256 << 10

    /// Why the recipe object `object` is refused, naming the field (`ingredients holds 60 MiB of
    /// text; at most 256 KiB`), or nil. Keys in `photoKeys` (base64 photos) are skipped.
    static func oversizedField(
        _ object: Any, path: String = "", photoKeys: Set<String> = ["photo_data", "photos", "image", "images"]
    ) -> String? {
        if let text = object as? String, let bytes = cutSize(text) ?? Optional(text.utf8.count), bytes > maxFieldBytes {
            let size = Double(bytes) / 1_048_576
            return "\(path.isEmpty ? "a text" : path) holds \(String(format: "%.1f", size)) MiB of text; "
                + "a recipe's text is at most \(maxFieldBytes >> 10) KiB"
        }
        if let list = object as? [Any] {
            for (index, item) in list.enumerated() {
                if let why = oversizedField(item, path: "\(path)[\(index)]", photoKeys: photoKeys) { return why }
            }
        }
        if let dictionary = object as? [String: Any] {
            for (key, value) in dictionary where !photoKeys.contains(key) {
                if let why = oversizedField(value, path: path.isEmpty ? key : "\(path).\(key)", photoKeys: photoKeys) {
                    return why
                }
            }
        }
        return nil
    }
}

/// Photo checks shared by the readers.
enum LibraryPhotos {
    /// `bytes` as a photo of `recipe`, or nil with a warning added: larger than 20 MB, or not an image
    /// (``ImageSniffer``).
    static func accept(_ bytes: Data, origin: String, into recipe: inout LibraryRecipe) -> Bool {
        if bytes.count > LibraryFormat.maxPhotoBytes {
            recipe.warnings.append("photo \(origin) dropped: larger than 20 MB")
            return false
        }
        if ImageSniffer.mimeType(of: bytes) == nil {
            recipe.warnings.append("photo \(origin) dropped: not an image")
            return false
        }
        recipe.photos.append(LibraryRecipe.Photo(bytes: bytes, origin: origin))
        return true
    }

    /// Reads the current entry of `zip` as a photo of `recipe` (dropped, with a warning, past 20 MB or when not
    /// an image).
    static func read(_ zip: ZipReader, entry: ArchiveEntry, into recipe: inout LibraryRecipe) throws(ArchiveError) {
        if let bytes = try bytes(zip, entry: entry, warnings: &recipe.warnings) {
            _ = accept(bytes, origin: entry.path, into: &recipe)
        }
    }

    /// The current entry of `stream` (named `entry`) as bytes, or nil with a warning when it is past 20 MB.
    static func bytes(_ stream: any ByteStream, entry: ArchiveEntry, warnings: inout [String]) throws(ArchiveError)
        -> Data?
    {
        if let size = entry.declaredSize, size > Int64(LibraryFormat.maxPhotoBytes) {
            warnings.append("photo \(entry.path) dropped: larger than 20 MB")
            return nil
        }
        var bytes = Data()
        let chunk = UnsafeMutableRawBufferPointer.allocate(byteCount: 64 << 10, alignment: 1)
        defer { chunk.deallocate() }
        while true {
            let count = try stream.read(into: chunk)
            if count == 0 { return bytes }
            if bytes.count + count > LibraryFormat.maxPhotoBytes {
                warnings.append("photo \(entry.path) dropped: larger than 20 MB")
                return nil
            }
            bytes.append(contentsOf: UnsafeRawBufferPointer(rebasing: chunk[0..<count]))
        }
    }

    static let extensions: Set<String> = ["jpg", "jpeg", "png", "webp", "gif", "heic", "avif"]

    /// Whether `path` names a photo by its extension.
    static func isPhoto(_ path: String) -> Bool {
        extensions.contains((path.split(separator: ".").last.map(String.init) ?? "").lowercased())
    }
}
