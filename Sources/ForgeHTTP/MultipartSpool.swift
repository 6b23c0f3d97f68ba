import CMicroHTTPD
import Foundation

/// Reads a spooled route's `multipart/form-data` body as it arrives, with
/// libmicrohttpd's post processor (`MHD_create_post_processor`, which reads
/// the boundary from the request's `Content-Type`): the file part (the first
/// part with a `filename`, or the part named `file`) goes straight to the spool
/// file, the text fields (at most ``maxFields``, each at most ``maxFieldBytes``)
/// stay in memory. Memory is the processor's ``bufferSize`` and the fields,
/// whatever the upload's size. Only the connection's own MHD thread touches it.
final class MultipartSpool {
    /// The post processor's buffer, bytes: the longest part header line it can hold.
    static let bufferSize = 16 << 10
    /// The longest text field, bytes.
    static let maxFieldBytes = 1024
    /// The most text fields a form may carry.
    static let maxFields = 8

    /// The form read so far (complete once ``finish()`` returned).
    private(set) var form = UploadForm()
    /// A write to the spool file failed (disk full): the server answers 507.
    private(set) var writeFailed = false
    private var processor: OpaquePointer?
    private let fd: Int32
    /// The part being read: its name, file name, bytes so far, whether it is the file.
    private var part: (key: String, filename: String?, bytes: Int, isFile: Bool)?
    private var field: [UInt8] = []
    /// At least one part began (a body of preamble only is no form).
    private var sawPart = false

    /// Starts reading the body of `connection`'s request, writing its file part to `fd`.
    /// A `Content-Type` without a usable boundary, or with a parameter after it (libmicrohttpd
    /// would read that parameter as part of the boundary), leaves a ``UploadForm/problem``.
    init(connection: OpaquePointer, fd: Int32, contentType: String) {
        self.fd = fd
        guard !Self.boundaryIsFollowed(in: contentType) else {
            form.problem = "the boundary must be the Content-Type's last parameter"
            return
        }
        processor = MHD_create_post_processor(
            connection, Self.bufferSize, Self.iterator, Unmanaged.passUnretained(self).toOpaque())
        if processor == nil { form.problem = "the upload is not a multipart form (no usable boundary)" }
    }

    /// Whether another parameter follows `boundary=` in `contentType`
    /// (`multipart/form-data; boundary=x; charset=utf-8`). A quoted boundary ends at its closing quote.
    static func boundaryIsFollowed(in contentType: String) -> Bool {
        guard let start = contentType.range(of: "boundary=", options: .caseInsensitive) else { return false }
        var rest = contentType[start.upperBound...]
        if rest.first == "\"" {
            rest = rest.dropFirst()
            guard let close = rest.firstIndex(of: "\"") else { return false }
            rest = rest[rest.index(after: close)...]
            return rest.contains { !$0.isWhitespace }
        }
        return rest.contains(";")
    }

    deinit {
        if let processor { _ = MHD_destroy_post_processor(processor) }
    }

    /// Feeds the next `count` body bytes; after a problem the rest is ignored.
    func feed(_ data: UnsafePointer<CChar>, count: Int) {
        guard form.problem == nil, let processor else { return }
        if MHD_post_process(processor, data, count) == .NO, form.problem == nil {
            form.problem = "the upload is not a well-formed multipart form"
        }
    }

    /// Ends the body: the form as read. A form without its closing delimiter
    /// (a truncated upload), or a body without any part, gets a ``UploadForm/problem``.
    func finish() -> UploadForm {
        if let processor {
            self.processor = nil
            let ended = MHD_destroy_post_processor(processor) == .YES
            if !ended, form.problem == nil { form.problem = "the form ends early (a truncated upload?)" }
        }
        if !sawPart, form.problem == nil { form.problem = "the upload is not a multipart form (no part found)" }
        endPart()
        return form
    }

    /// The C iterator: `cls` is the reader, unretained (its exchange keeps it alive).
    private static let iterator: MHD_PostDataIterator = { cls, _, key, filename, _, _, data, offset, size in
        guard let cls else { return .NO }
        let reader = Unmanaged<MultipartSpool>.fromOpaque(cls).takeUnretainedValue()
        let ok = reader.receive(
            key: key.map { String(cString: $0) } ?? "", filename: filename.map { String(cString: $0) },
            data: data, offset: offset, size: size)
        return ok ? .YES : .NO
    }

    /// One chunk of one part; `offset` 0 starts a part. False stops the processor.
    private func receive(
        key: String, filename: String?, data: UnsafePointer<CChar>?, offset: UInt64, size: Int
    ) -> Bool {
        if offset == 0, part.map({ $0.bytes > 0 || $0.key != key || $0.filename != filename }) ?? true {
            endPart()
            sawPart = true
            let isFile = filename != nil || key == "file"
            if isFile {
                guard !form.hasFile else { return fail("the form has more than one file part") }
                form.hasFile = true
                form.filename = filename
            } else if form.fields[key] == nil, form.fields.count >= Self.maxFields {
                return fail("the form has more than \(Self.maxFields) fields")
            }
            part = (key, filename, 0, isFile)
        }
        guard var current = part, let data, size > 0 else { return true }
        current.bytes += size
        part = current
        if current.isFile {
            write(data, size)
        } else {
            guard field.count + size <= Self.maxFieldBytes else {
                return fail("the form field \"\(key)\" is longer than \(Self.maxFieldBytes) bytes")
            }
            data.withMemoryRebound(to: UInt8.self, capacity: size) {
                field.append(contentsOf: UnsafeBufferPointer(start: $0, count: size))
            }
        }
        return true
    }

    /// Stores the text field just read.
    private func endPart() {
        if let part, !part.isFile { form.fields[part.key] = String(decoding: field, as: UTF8.self) }
        part = nil
        field = []
    }

    private func fail(_ problem: String) -> Bool {
        form.problem = problem
        return false
    }

    /// Writes file bytes to the spool file; a failure is remembered, the rest skipped.
    private func write(_ data: UnsafePointer<CChar>, _ size: Int) {
        guard !writeFailed else { return }
        writeFailed = !spoolWrite(fd, data, count: size)
    }
}
