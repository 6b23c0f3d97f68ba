import ForgeImport

/// The import pipeline's errors as `POST/GET/DELETE /api/import` answer them.
///
/// | error | status |
/// |---|---|
/// | `notThisKind`, `otherKind`, `unrecognised`, `unsupported`, `empty`, `unreadable`, `unknownMember`, `memberRequired`, `noMembers`, `loadUnit`, `nothingReadable` | 422 |
/// | `busy` (another import of the member runs), `uploading` (another upload of theirs arrives), `notUndoable`, `wholeMove`, `completedLater` | 409 |
/// | `alreadyImported`, `notEmpty` (a household import's, never over HTTP) | 409 |
/// | `notFound` | 404 |
/// | `tooLarge` | 413 |
///
/// The detail is the error's own sentence (it names what was looked for).
extension ImportError: HTTPMappedError {
    var status: Int {
        switch self {
        case .notThisKind, .otherKind, .unrecognised, .unsupported, .empty, .unreadable, .unknownMember,
            .memberRequired, .noMembers, .loadUnit, .nothingReadable:
            422
        case .busy, .uploading, .notUndoable, .wholeMove, .completedLater, .alreadyImported, .notEmpty: 409
        case .notFound: 404
        case .tooLarge: 413
        }
    }

    var detail: String { description }
}
