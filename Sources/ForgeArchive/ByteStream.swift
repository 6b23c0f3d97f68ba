/// A source of bytes read in order: a zip entry being read (``ZipReader``), a gunzipped stream
/// (``GunzipReader``). Readers nest through it: a gzip inside a zip, a zip inside a zip.
package protocol ByteStream: AnyObject {
    /// Copies the next bytes into `buffer`.
    /// - Returns: how many bytes were copied; 0 at the end of the stream.
    /// - Throws: ``ArchiveError`` when the data is damaged, truncated or expands past its limits.
    func read(into buffer: UnsafeMutableRawBufferPointer) throws(ArchiveError) -> Int
}

extension ByteStream {
    /// The rest of the stream as bytes, read in 64 KiB chunks.
    /// - Parameter maxBytes: the most bytes accepted.
    /// - Throws: ``ArchiveError/expansionRefused(_:)`` naming `name` when the stream holds more than `maxBytes`,
    ///   else what ``read(into:)`` throws.
    package func readAll(maxBytes: Int, name: String) throws(ArchiveError) -> [UInt8] {
        var bytes: [UInt8] = []
        let chunk = UnsafeMutableRawBufferPointer.allocate(byteCount: 64 << 10, alignment: 1)
        defer { chunk.deallocate() }
        while true {
            let count = try read(into: chunk)
            if count == 0 { return bytes }
            if bytes.count + count > maxBytes {
                throw .expansionRefused("\(name) is larger than \(maxBytes) bytes")
            }
            bytes.append(contentsOf: UnsafeRawBufferPointer(rebasing: chunk[0..<count]))
        }
    }
}
