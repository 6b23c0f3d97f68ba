/// Refuses a document whose prolog declares an entity (`<!ENTITY`), seen in the bytes before libxml2
/// parses them, across chunk boundaries.
struct EntityGuard {
    private var tail: [UInt8] = []
    static let marker = Array("<!ENTITY".utf8)

    mutating func check(_ chunk: UnsafeRawBufferPointer) throws {
        let window = tail + Array(chunk)
        if AppleHealthImporter.find(Self.marker, in: window) {
            throw ImportError.unreadable(
                "refused: the XML declares entities (<!ENTITY ...>), which an Apple Health export never does "
                    + "(an entity expansion or external entity trick?)")
        }
        tail = Array(window.suffix(Self.marker.count - 1))
    }
}
