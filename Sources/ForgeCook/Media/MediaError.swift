/// Why a blob was refused by `MediaStore.save`. Nothing is stored on any of these.
package enum MediaError: Error, Equatable, CustomStringConvertible {
    /// No bytes at all.
    case empty
    /// More than `MediaStore.maxBytes` (3 MiB) bytes; carries the size.
    case tooLarge(Int)
    /// The declared content type is not `image/*`; carries it.
    case notImageType(String)
    /// The bytes carry no known image signature (see `ImageSniffer`).
    case notAnImage

    package var description: String {
        switch self {
        case .empty: "image is empty"
        case .tooLarge(let size): "image is \(size) bytes, over the 3 MiB cap"
        case .notImageType(let type): "content type \(type.isEmpty ? "(none)" : type) is not an image"
        case .notAnImage: "bytes are not a recognised image"
        }
    }
}
