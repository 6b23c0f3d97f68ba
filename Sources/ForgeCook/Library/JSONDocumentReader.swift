internal import CYAJL
import ForgeArchive
import Foundation

/// One JSON document of a recipe library read from a ``ByteStream`` as yajl's parse events
/// (Debian `libyajl2`), built into the values `JSONSerialization` gives (`[String: Any]`, `[Any]`,
/// `String`, `NSNumber`, `NSNull`) without ever holding the document's bytes (issue 40 item 4).
///
/// What a document may cost is capped as it is read, so an import's peak memory stays bounded
/// whatever the input: every value and every key counts ``valueCost`` bytes plus its text
/// (``textCost(_:)``), and every object or array ``containerCost`` more, at most
/// ``LibraryFormat/maxJSONCost`` in all. A text longer than ``LibraryFormat/maxJSONString`` (as written, escapes included) is
/// not kept but stands as ``cutMarker`` followed by that length, so the readers still name the
/// field it was in (``LibraryFormat/oversizedField(_:path:photoKeys:)``) or drop the photo it was.
/// What `JSONSerialization` refused is not a document here either (nil): nesting deeper than
/// ``maxDepth``, a number that is not finite; so is a number token longer than
/// ``TokenGate/maxNumberBytes``. A UTF-8 byte order mark before the document is skipped.
final class JSONDocumentReader {
    /// What one value or key is counted as beyond its text, bytes: a Swift `Any` in an array, or a
    /// dictionary entry's key and value, with its share of the container's storage.
    static let valueCost = 64
    /// What one object or array is counted as beyond its values, bytes (a dictionary's header and
    /// first buckets).
    static let containerCost = 192
    /// What a text longer than 15 bytes costs beyond its bytes: the heap object that holds it.
    static let stringHeaderCost = 48
    /// The deepest nesting read, as `JSONSerialization` allowed.
    static let maxDepth = 512
    /// The text a cut string becomes: this, then the string's length in bytes as written.
    static let cutMarker = "\u{0}forge-cut:"

    private final class Container {
        var object: [String: Any] = [:]
        var array: [Any] = []
        var key: String?
        let isObject: Bool
        init(isObject: Bool) { self.isObject = isObject }
        var value: Any { isObject ? object : array }
    }

    private let name: String
    private var stack: [Container] = []
    private var root: Any?
    private var cost = 0
    /// Why reading stopped at a cap (the document is refused), or nil.
    private var refusal: String?

    private init(name: String) { self.name = name }

    /// Reads the rest of `stream` as one JSON document.
    /// - Parameters:
    ///   - name: the entry's name, for messages.
    ///   - maxBytes: the most bytes the document may have.
    /// - Returns: the document's top-level object, or nil when it is not JSON (as above) or not an object.
    /// - Throws: ``ArchiveError/expansionRefused(_:)`` past `maxBytes` or ``LibraryFormat/maxJSONCost``,
    ///   naming `name`; else what ``ByteStream/read(into:)`` throws.
    static func object(
        from stream: ByteStream, name: String, maxBytes: Int
    ) throws(ArchiveError) -> [String: Any]? {
        let document = JSONDocumentReader(name: name)
        // yajl keeps this pointer for the handle's life.
        let callbacks = UnsafeMutablePointer<yajl_callbacks>.allocate(capacity: 1)
        callbacks.initialize(to: eventCallbacks())
        defer { callbacks.deallocate() }
        let context = Unmanaged.passUnretained(document).toOpaque()
        guard let handle = yajl_alloc(callbacks, nil, context) else { return nil }
        defer { yajl_free(handle) }
        let chunk = UnsafeMutableRawBufferPointer.allocate(byteCount: 64 << 10, alignment: 1)
        defer { chunk.deallocate() }
        var total = 0
        var status = yajl_status_ok
        var gate = TokenGate(limit: LibraryFormat.maxJSONString)
        try withExtendedLifetime(document) { () throws(ArchiveError) in
            while status == yajl_status_ok && !gate.refused {
                let count = try stream.read(into: chunk)
                if count == 0 {
                    status = yajl_complete_parse(handle)
                    break
                }
                total += count
                if total > maxBytes { throw .expansionRefused("\(name) is larger than \(maxBytes) bytes") }
                gate.feed(UnsafeRawBufferPointer(rebasing: chunk[0..<count])) { run in
                    guard status == yajl_status_ok, run.count > 0 else { return }
                    status = yajl_parse(handle, run.baseAddress!.assumingMemoryBound(to: UInt8.self), run.count)
                }
            }
        }
        if let refusal = document.refusal { throw .expansionRefused(refusal) }
        guard status == yajl_status_ok && !gate.refused else {
            // Not a document: the rest is read (up to the cap) so that what the archive says of it (a
            // decompression bomb, a truncated or damaged entry) is still said, then nil.
            while total <= maxBytes {
                let count = try stream.read(into: chunk)
                if count == 0 { break }
                total += count
            }
            return nil
        }
        return document.root as? [String: Any]
    }

    // MARK: building

    /// Counts `bytes` more of cost.
    /// - Returns: false once past ``LibraryFormat/maxJSONCost`` (``refusal`` says so), which stops yajl.
    private func charge(_ bytes: Int) -> Bool {
        cost += bytes
        guard cost > LibraryFormat.maxJSONCost else { return true }
        refusal =
            "refused: \(name) would take more than \(LibraryFormat.maxJSONCost >> 20) MiB to read; "
            + "no recipe library needs that much"
        return false
    }

    private func add(_ value: Any) {
        guard let top = stack.last else {
            root = value
            return
        }
        if top.isObject {
            top.object[top.key ?? ""] = value
            top.key = nil
        } else {
            top.array.append(value)
        }
    }

    private func scalar(_ value: Any, text: Int = 0) -> Int32 {
        guard charge(Self.valueCost + text) else { return 0 }
        add(value)
        return 1
    }

    private func string(_ bytes: UnsafePointer<UInt8>?, _ length: Int) -> Int32 {
        let text = bytes.map { String(decoding: UnsafeBufferPointer(start: $0, count: length), as: UTF8.self) } ?? ""
        return scalar(text, text: Self.textCost(length))
    }

    /// What a text of `length` UTF-8 bytes costs: its bytes, and ``stringHeaderCost`` once it is too
    /// long to be kept inside the `String` value itself (more than 15 bytes).
    static func textCost(_ length: Int) -> Int { length + (length > 15 ? stringHeaderCost : 0) }

    /// A number as `JSONSerialization` reads it: an `Int` when it is written as one and fits, else a
    /// finite `Double`; an infinite one ends the document (0).
    private func number(_ text: UnsafePointer<CChar>?, _ length: Int) -> Int32 {
        let raw = text.map { String(decoding: UnsafeRawBufferPointer(start: $0, count: length), as: UTF8.self) } ?? ""
        if !raw.contains(where: { $0 == "." || $0 == "e" || $0 == "E" }), let integer = Int(raw) {
            return scalar(NSNumber(value: integer))
        }
        guard let double = Double(raw), double.isFinite else { return 0 }
        return scalar(NSNumber(value: double))
    }

    private func open(isObject: Bool) -> Int32 {
        guard stack.count < Self.maxDepth, charge(Self.valueCost + Self.containerCost) else { return 0 }
        stack.append(Container(isObject: isObject))
        return 1
    }

    private func key(_ bytes: UnsafePointer<UInt8>?, _ length: Int) -> Int32 {
        guard charge(Self.valueCost + Self.textCost(length)) else { return 0 }
        stack.last?.key =
            bytes.map { String(decoding: UnsafeBufferPointer(start: $0, count: length), as: UTF8.self) } ?? ""
        return 1
    }

    private func close() -> Int32 {
        guard let top = stack.popLast() else { return 0 }
        add(top.value)
        return 1
    }

    // MARK: yajl's callbacks (C function pointers: the reader comes through the context)

    private static func document(_ context: UnsafeMutableRawPointer?) -> JSONDocumentReader {
        Unmanaged<JSONDocumentReader>.fromOpaque(context!).takeUnretainedValue()
    }

    private static func eventCallbacks() -> yajl_callbacks {
        yajl_callbacks(
            yajl_null: { JSONDocumentReader.document($0).scalar(NSNull()) },
            yajl_boolean: { JSONDocumentReader.document($0).scalar(NSNumber(value: $1 != 0)) },
            yajl_integer: nil,
            yajl_double: nil,
            yajl_number: { JSONDocumentReader.document($0).number($1, $2) },
            yajl_string: { JSONDocumentReader.document($0).string($1, $2) },
            yajl_start_map: { JSONDocumentReader.document($0).open(isObject: true) },
            yajl_map_key: { JSONDocumentReader.document($0).key($1, $2) },
            yajl_end_map: { JSONDocumentReader.document($0).close() },
            yajl_start_array: { JSONDocumentReader.document($0).open(isObject: false) },
            yajl_end_array: { JSONDocumentReader.document($0).close() })
    }
}

/// The document's bytes on their way to yajl. yajl lexes a token split across two of its inputs
/// again from its start with every input (quadratic in the token's length), so: each string is
/// handed over whole, in one piece; a string of more than `limit` bytes is never held but handed
/// over as ``JSONDocumentReader/cutMarker`` and its length once it ends; a number token longer
/// than ``maxNumberBytes`` ends the document (``refused``). A UTF-8 byte order mark at the start
/// is dropped.
struct TokenGate {
    /// The longest number token passed on, bytes: no recipe holds a number of 1,000 digits.
    static let maxNumberBytes = 1024

    let limit: Int
    /// A number token ran past ``maxNumberBytes``: nothing more is passed on.
    private(set) var refused = false
    private var started = false
    private var inString = false
    private var escaped = false
    private var cut = false
    private var length = 0
    private var numberRun = 0
    private var held: [UInt8] = []

    init(limit: Int) { self.limit = limit }

    /// Passes `bytes` on through `emit`, holding back a string until it ends.
    mutating func feed(_ input: UnsafeRawBufferPointer, emit: (UnsafeRawBufferPointer) -> Void) {
        var bytes = input
        if !started {
            started = true
            if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes = UnsafeRawBufferPointer(rebasing: bytes[3...]) }
        }
        var runStart = 0
        var index = 0
        while index < bytes.count && !refused {
            let byte = bytes[index]
            index += 1
            guard inString else {
                if byte == UInt8(ascii: "\"") {
                    emit(UnsafeRawBufferPointer(rebasing: bytes[runStart..<index - 1]))
                    (inString, escaped, cut, length, numberRun) = (true, false, false, 0, 0)
                    held = [byte]
                    runStart = index
                } else if (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || "+-.eE".utf8.contains(byte) {
                    numberRun += 1
                    if numberRun > Self.maxNumberBytes { refused = true }
                } else {
                    numberRun = 0
                }
                continue
            }
            if escaped {
                escaped = false
            } else if byte == UInt8(ascii: "\\") {
                escaped = true
            } else if byte == UInt8(ascii: "\"") {
                inString = false
                if cut {
                    Array("\"\\u0000forge-cut:\(length)\"".utf8).withUnsafeBytes(emit)
                } else {
                    held.append(byte)
                    held.withUnsafeBytes(emit)
                }
                held = []
                runStart = index
                continue
            }
            length += 1
            guard !cut else { continue }
            if length > limit {
                cut = true
                held = []
            } else {
                held.append(byte)
            }
        }
        if !inString && !refused { emit(UnsafeRawBufferPointer(rebasing: bytes[runStart..<bytes.count])) }
    }
}
