import Foundation

/// Recognises image formats by their leading magic bytes, so a blob labelled
/// `image/*` really is an image a browser will render (never HTML or SVG script).
///
/// Signatures (first bytes of the file):
/// - JPEG `FF D8 FF` (JFIF/EXIF, ISO/IEC 10918-1)
/// - PNG `89 50 4E 47 0D 0A 1A 0A` (RFC 2083)
/// - GIF `GIF87a` / `GIF89a`
/// - WebP `RIFF` ???? `WEBP` (RFC 9649)
/// - AVIF / HEIC: ISO-BMFF `ftyp` box at offset 4 with brand `avif`, `avis`, `heic`, `heix`, `mif1`
/// - BMP `BM`
package enum ImageSniffer {
    /// The canonical MIME type of `bytes`, or nil when they start with no known image signature.
    package static func mimeType(of bytes: Data) -> String? {
        let b = [UInt8](bytes.prefix(16))
        func starts(_ prefix: [UInt8], at offset: Int = 0) -> Bool {
            b.count >= offset + prefix.count && Array(b[offset..<(offset + prefix.count)]) == prefix
        }
        if starts([0xFF, 0xD8, 0xFF]) { return "image/jpeg" }
        if starts([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return "image/png" }
        if starts(Array("GIF87a".utf8)) || starts(Array("GIF89a".utf8)) { return "image/gif" }
        if starts(Array("RIFF".utf8)) && starts(Array("WEBP".utf8), at: 8) { return "image/webp" }
        if starts(Array("ftyp".utf8), at: 4), b.count >= 12 {
            switch String(decoding: b[8..<12], as: UTF8.self) {
            case "avif", "avis": return "image/avif"
            case "heic", "heix", "mif1": return "image/heic"
            default: return nil
            }
        }
        if starts(Array("BM".utf8)), bytes.count >= 26 { return "image/bmp" }
        return nil
    }
}
