import CYAJL
import ForgeArchive
import Foundation

/// One JSON document of a recipe library read from a ``ByteStream`` as yajl's parse events
/// (Debian `libyajl2`), built into the values `JSONSerialization` gives (`[String: Any]`, `[Any]`,
/// `String`, `NSNumber`, `NSNull`) without ever holding the document's bytes (issue 40 item 4).
///
/// What a document may cost is capped as it is read, so an import's peak memory stays bounded
/// whatever the input: every value counts ``valueCost`` bytes plus the UTF-8 bytes of its text
/// (keys included), at most ``LibraryFormat/maxJSONCost`` in all and ``LibraryFormat/maxJSONValues``
/// values; one text longer than ``LibraryFormat/maxJSONString`` is not kept but stands as
/// ``cutMarker`` followed by its size in bytes, so the readers still name the field it was in
/// (``LibraryFormat/oversizedField(_:path:photoKeys:)``) or drop the photo it was.
final class JSONDocumentReader {
    /// What one value is counted as beyond its text, bytes: a Swift `Any` in an array or a
    /// dictionary entry, with its share of the container.
    static let valueCost = 64
    /// The text a cut string becomes: this, then the string's size in bytes.
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
    private var values = 0
    /// Why reading stopped (a cap), or nil.
    private var refusal: String?

    private init(name: String) { self.name = name }

    /// Reads the rest of `stream` as one JSON document.
    /// - Parameters:
    ///   - name: the entry's name, for messages.
    ///   - maxBytes: the most bytes the document may have.
    /// - Returns: the document's top-level object, or nil when it is not JSON or not an object.
    /// - Throws: ``ArchiveError/expansionRefused(_:)`` past `maxBytes` or a cost cap, naming `name`;
    ///   else what ``ByteStream/read(into:)`` throws.
    static func object(
        from stream: ByteStream, name: String, maxBytes: Int
    ) throws(ArchiveError) -> [String: Any]? {
        let reader = JSONDocumentReader(name: name)
        let callbacks = UnsafeMutablePointer<yajl_callbacks>.allocate(capacity: 1)
        callbacks.initialize(to: Self.callbacks)
        defer { callbacks.deallocate() }
        let context = Unmanaged.passUnretained(reader).toOpaque()
        guard let handle = yajl_alloc(callbacks, nil, context) else { return nil }
        defer { yajl_free(handle) }
        let chunk = UnsafeMutableRawBufferPointer.allocate(byteCount: 64 << 10, alignment: 1)
        defer { chunk.deallocate() }
        var total = 0
        var status = yajl_status_ok
        var gate = StringGate(limit: LibraryFormat.maxJSONString)
        while status == yajl_status_ok {
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
        withExtendedLifetime(reader) {}
        if let refusal = reader.refusal { throw .expansionRefused(refusal) }
        guard status == yajl_status_ok else {
            // Not JSON: the rest is read (up to the cap) so that what the archive says of it (a
            // decompression bomb, a truncated or damaged entry) is still said, then nil.
            while total <= maxBytes {
                let count = try stream.read(into: chunk)
                if count == 0 { break }
                total += count
            }
            return nil
        }
        return reader.root as? [String: Any]
    }

    // MARK: building

    /// Counts one value (with `bytes` of text) or, with `value` false, text alone (a key).
    /// - Returns: false once a cap is passed (``refusal`` says which), which stops yajl.
    private func count(text bytes: Int, value: Bool = true) -> Bool {
        if value { values += 1 }
        cost += (value ? Self.valueCost : 0) + bytes
        if values > LibraryFormat.maxJSONValues {
            refusal =
                "refused: \(name) holds more than \(LibraryFormat.maxJSONValues) JSON values; no recipe library needs "
                + "that many"
        } else if cost > LibraryFormat.maxJSONCost {
            refusal =
                "refused: \(name) would take more than \(LibraryFormat.maxJSONCost >> 20) MiB to read "
                + "(\(values) values); no recipe library needs that much"
        }
        return refusal == nil
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
        guard count(text: text) else { return 0 }
        add(value)
        return 1
    }

    private func string(_ bytes: UnsafePointer<UInt8>?, _ length: Int) -> Int32 {
        guard length <= LibraryFormat.maxJSONString else {
            return scalar(Self.cutMarker + String(length), text: 0)
        }
        let text = bytes.map { String(decoding: UnsafeBufferPointer(start: $0, count: length), as: UTF8.self) } ?? ""
        return scalar(text, text: length)
    }

    private func number(_ text: UnsafePointer<CChar>?, _ length: Int) -> Int32 {
        let raw = text.map { String(decoding: UnsafeRawBufferPointer(start: $0, count: length), as: UTF8.self) } ?? ""
        if !raw.contains(where: { $0 == "." || $0 == "e" || $0 == "E" }), let integer = Int(raw) {
            return scalar(NSNumber(value: integer))
        }
        return scalar(NSNumber(value: Double(raw) ?? 0))
    }

    private func open(isObject: Bool) -> Int32 {
        guard count(text: 0) else { return 0 }
        stack.append(Container(isObject: isObject))
        return 1
    }

    private func key(_ bytes: UnsafePointer<UInt8>?, _ length: Int) -> Int32 {
        guard count(text: length, value: false) else { return 0 }
        let text = bytes.map { String(decoding: UnsafeBufferPointer(start: $0, count: length), as: UTF8.self) } ?? ""
        stack.last?.key = text
        return 1
    }

    private func close() -> Int32 {
        guard let top = stack.popLast() else { return 0 }
        add(top.value)
        return 1
    }

    // MARK: yajl's callbacks (C function pointers: the reader comes through the context)

    private static func reader(_ context: UnsafeMutableRawPointer?) -> JSONDocumentReader {
        Unmanaged<JSONDocumentReader>.fromOpaque(context!).takeUnretainedValue()
    }

    nonisolated(unsafe) private static let callbacks = yajl_callbacks(
        yajl_null: { reader($0).scalar(NSNull()) },
        yajl_boolean: { reader($0).scalar(NSNumber(value: $1 != 0)) },
        yajl_integer: nil,
        yajl_double: nil,
        yajl_number: { reader($0).number($1, $2) },
        yajl_string: { reader($0).string($1, $2) },
        yajl_start_map: { reader($0).open(isObject: true) },
        yajl_map_key: { reader($0).key($1, $2) },
        yajl_end_map: { reader($0).close() },
        yajl_start_array: { reader($0).open(isObject: false) },
        yajl_end_array: { reader($0).close() })
}

/// The document's bytes on their way to yajl: each string is handed over whole, in one call, so
/// yajl lexes it once (a string split across chunks is otherwise lexed again from its start with
/// every chunk: quadratic), and a string of more than `limit` bytes is not held at all but handed
/// over as ``JSONDocumentReader/cutMarker`` and its size once it ends.
private struct StringGate {
    let limit: Int
    private var inString = false
    private var escaped = false
    private var cut = false
    private var length = 0
    private var held: [UInt8] = []

    init(limit: Int) { self.limit = limit }

    /// Passes `bytes` on through `emit`, holding back a string until it ends.
    mutating func feed(_ bytes: UnsafeRawBufferPointer, emit: (UnsafeRawBufferPointer) -> Void) {
        var runStart = 0
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if !inString {
                if byte == UInt8(ascii: "\"") {
                    emit(UnsafeRawBufferPointer(rebasing: bytes[runStart..<index]))
                    (inString, escaped, cut, length) = (true, false, false, 0)
                    held = [byte]
                }
                index += 1
                if inString { runStart = index }
                continue
            }
            if escaped {
                escaped = false
            } else if byte == UInt8(ascii: "\\") {
                escaped = true
            } else if byte == UInt8(ascii: "\"") {
                inString = false
                if cut {
                    let marker = "\"\\u0000forge-cut:\(length)\""
                    Array(marker.utf8).withUnsafeBytes(emit)
                } else {
                    held.append(byte)
                    held.withUnsafeBytes(emit)
                }
                held = []
                index += 1
                runStart = index
                continue
            }
            length += 1
            if !cut {
                if length > limit {
                    cut = true
                    held = []
                } else {
                    held.append(byte)
                }
            }
            index += 1
        }
        if !inString { emit(UnsafeRawBufferPointer(rebasing: bytes[runStart..<bytes.count])) }
    }
}
