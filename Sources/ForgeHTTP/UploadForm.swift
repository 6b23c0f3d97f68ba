/// What the server read from a spooled route's `multipart/form-data` body
/// (``MultipartSpool``): the text fields, and whether a file part came and
/// under which file name. The file part's bytes are in ``Request/bodyFile``.
package struct UploadForm: Sendable, Equatable {
    /// Text fields by part name, each at most ``MultipartSpool/maxFieldBytes``
    /// bytes, decoded as UTF-8. A later part of the same name replaces an earlier one.
    package var fields: [String: String] = [:]
    /// The file part's `filename` parameter as sent (browsers and curl send `"`
    /// as `%22`); nil when the file part had none (a part named `file` without one).
    package var filename: String?
    /// A file part came: the first part with a `filename`, or the part named `file`.
    package var hasFile = false
    /// Why the form is unusable, as a sentence for a 422 answer (not a
    /// well-formed form, truncated, a field too long, too many fields, a second
    /// file); nil for a good form. The route decides the answer, so a request
    /// that fails authentication still gets its 401 first.
    package var problem: String?

    /// An empty form (no fields, no file, no problem).
    package init() {}
}
