import CCurl
import Foundation

/// forged's one outbound HTTP client (recipe import, the LLM coach): one
/// blocking request per call on libcurl's easy interface, each call with its
/// own easy handle, so it is safe from any thread.
///
/// Every request: http and https only (also for any redirect libcurl might
/// see), redirects never followed (a 3xx is returned with its `Location`;
/// callers that follow redirects check each hop themselves), no cookies, a
/// total timeout, a body cap enforced while receiving, compressed bodies
/// decoded. Proxies come from the environment (`http_proxy`, `https_proxy`,
/// `no_proxy`) as libcurl reads them, as URLSession on Linux did, except for a
/// request with ``Request/pinnedAddresses``, which always connects directly.
package enum HTTPClient {
    /// One request.
    package struct Request: Sendable {
        /// `GET`, `POST`, `HEAD`, or any other token (sent as given).
        package var method: String
        /// An absolute http(s) URL.
        package var url: String
        /// Request header fields, sent in order.
        package var headers: [(name: String, value: String)]
        /// Request body (sent with a `Content-Length`), or nil for none.
        package var body: Data?
        /// Seconds the whole request (resolve, connect, send, receive) may take;
        /// clamped to 1 ms … 2³¹−1 ms (about 24.8 days), NaN counting as 1 ms.
        package var timeout: Double
        /// Largest accepted response body, bytes (after content decoding).
        package var maxBodyBytes: Int
        /// Numeric IPv4 or IPv6 addresses the connection must go to, so it goes
        /// only to addresses the caller checked; empty lets libcurl resolve the
        /// host and connect wherever it says. Enforced twice: the URL's host is
        /// mapped to them (`CURLOPT_RESOLVE`), and every socket libcurl opens is
        /// refused unless its address is one of them (`CURLOPT_OPENSOCKETFUNCTION`),
        /// which holds even when libcurl reads the host differently from
        /// Foundation (a trailing dot, IDN, percent-encoding, `2130706433`).
        /// Proxies are not used (`CURLOPT_NOPROXY` `*`).
        package var pinnedAddresses: [String]

        /// A request; nothing is checked until ``HTTPClient/perform(_:)``.
        /// - Parameters:
        ///   - method: the request method, sent as given (default `GET`).
        ///   - url: an absolute http(s) URL.
        ///   - headers: header fields, sent in order.
        ///   - body: the request body, or nil for none.
        ///   - timeout: seconds the whole request may take (see ``timeout``).
        ///   - maxBodyBytes: the largest response body accepted, bytes.
        ///   - pinnedAddresses: numeric addresses the connection must go to, or
        ///     empty (see ``pinnedAddresses``).
        package init(
            method: String = "GET", url: String, headers: [(name: String, value: String)] = [],
            body: Data? = nil, timeout: Double, maxBodyBytes: Int, pinnedAddresses: [String] = []
        ) {
            self.method = method
            self.url = url
            self.headers = headers
            self.body = body
            self.timeout = timeout
            self.maxBodyBytes = maxBodyBytes
            self.pinnedAddresses = pinnedAddresses
        }
    }

    /// One response, whatever its status (3xx included).
    package struct Response: Sendable {
        /// The HTTP status code.
        package let status: Int
        /// `Content-Type` as sent, or "" when absent.
        package let contentType: String
        /// `Location` as sent (possibly relative), or nil.
        package let location: String?
        /// The body, decoded from any `Content-Encoding`.
        package let body: Data
    }

    /// Performs `request`, blocking the calling thread for at most `request.timeout` seconds.
    /// - Returns: the response, any status.
    /// - Throws: ``HTTPClientError``: `.unavailable` (libcurl missing),
    ///   `.timedOut`, `.tooLarge(maxBodyBytes)`, `.transport(reason)`
    ///   (e.g. a non-http(s) scheme, refused connection, TLS failure, a header
    ///   containing CR or LF, a pinned address that is not numeric, a connection
    ///   to an address outside ``Request/pinnedAddresses``).
    package static func perform(_ request: Request) throws -> Response {
        try CurlLibrary.load()
        if let bad = request.headers.first(where: {
            ($0.name + $0.value).utf8.contains(where: { $0 == 0x0D || $0 == 0x0A })
        }) {
            throw HTTPClientError.transport("header \(bad.name) contains a line break")
        }
        // libcurl keeps the lists, the error buffer and the pins until
        // curl_easy_cleanup, so they are freed by defers declared before the
        // handle's: defers run in reverse, after the cleanup.
        var lists = SList()
        defer { lists.free() }
        let errors = UnsafeMutablePointer<CChar>.allocate(capacity: Int(CURL_ERROR_SIZE))
        errors.initialize(repeating: 0, count: Int(CURL_ERROR_SIZE))
        defer { errors.deallocate() }
        let pins = try Pins(request.pinnedAddresses)
        defer { pins.deallocate() }
        guard let handle = forge_curl_easy_init() else {
            throw HTTPClientError.transport("cannot create a libcurl handle")
        }
        defer { forge_curl_easy_cleanup(handle) }
        let transfer = Transfer(handle: handle, cap: request.maxBodyBytes)

        let code: CURLcode = try withExtendedLifetime(transfer) {
            let options = Options(handle: handle)
            try options.string(CURLOPT_URL, request.url)
            try options.string(CURLOPT_PROTOCOLS_STR, "http,https")
            try options.string(CURLOPT_REDIR_PROTOCOLS_STR, "http,https")
            try options.long(CURLOPT_FOLLOWLOCATION, 0)
            try options.long(CURLOPT_NOSIGNAL, 1)
            try options.long(CURLOPT_TIMEOUT_MS, Self.timeoutMilliseconds(request.timeout))
            try options.string(CURLOPT_ACCEPT_ENCODING, "")
            try options.pointer(CURLOPT_ERRORBUFFER, errors)
            try options.pointer(CURLOPT_WRITEDATA, Unmanaged.passUnretained(transfer).toOpaque())
            try options.check(
                forge_curl_setopt_write(handle, CURLOPT_WRITEFUNCTION) { data, size, count, context in
                    guard let context else { return 0 }
                    return Unmanaged<Transfer>.fromOpaque(context).takeUnretainedValue().receive(data, size * count)
                })
            if let pinned = pins.pointer {
                if let entry = try Self.resolveEntry(request) { try options.list(CURLOPT_RESOLVE, lists.make([entry])) }
                try options.check(forge_curl_pin_connections(handle, pinned))
                try options.string(CURLOPT_NOPROXY, "*")
            }
            // "Expect:" stops libcurl's 100-continue wait on larger bodies.
            let fields = request.headers.map { "\($0.name): \($0.value)" } + (request.body == nil ? [] : ["Expect:"])
            if let list = try lists.make(fields) { try options.list(CURLOPT_HTTPHEADER, list) }
            switch request.method {
            case "GET": try options.long(CURLOPT_HTTPGET, 1)
            case "HEAD": try options.long(CURLOPT_NOBODY, 1)
            default: if request.body == nil { try options.string(CURLOPT_CUSTOMREQUEST, request.method) }
            }
            if let body = request.body {
                // libcurl copies POSTFIELDSIZE bytes (COPYPOSTFIELDS), so `body` need not outlive this call.
                try options.long(CURLOPT_POSTFIELDSIZE, body.count)
                try body.withUnsafeBytes { bytes in
                    try options.check(
                        "".withCString { empty in
                            forge_curl_setopt_pointer(
                                handle, CURLOPT_COPYPOSTFIELDS,
                                UnsafeMutableRawPointer(mutating: bytes.baseAddress ?? UnsafeRawPointer(empty)))
                        })
                }
                if request.method != "POST" { try options.string(CURLOPT_CUSTOMREQUEST, request.method) }
            }
            return forge_curl_perform(handle)
        }
        if transfer.overflowed { throw HTTPClientError.tooLarge(request.maxBodyBytes) }
        guard code == CURLE_OK else {
            if code == CURLE_OPERATION_TIMEDOUT { throw HTTPClientError.timedOut }
            if code == CURLE_COULDNT_CONNECT, let refused = pins.pointer?.pointee.refused, refused > 0 {
                throw HTTPClientError.transport(
                    "refused to connect to an unchecked address (checked: "
                        + request.pinnedAddresses.joined(separator: ", ") + ")")
            }
            let detail = String(cString: errors)
            throw HTTPClientError.transport(detail.isEmpty ? String(cString: forge_curl_easy_strerror(code)) : detail)
        }
        var status = 0
        _ = forge_curl_getinfo_long(handle, CURLINFO_RESPONSE_CODE, &status)
        let contentType = forge_curl_header(handle, "Content-Type").map { String(cString: $0) } ?? ""
        let location = forge_curl_header(handle, "Location").map { String(cString: $0) }
        return Response(status: status, contentType: contentType, location: location, body: transfer.body)
    }

    /// The `CURLOPT_RESOLVE` entry `host:port:addr,…` pinning the URL's host
    /// (lowercased) to `pinnedAddresses` (IPv6 addresses bracketed; the port
    /// defaults to 443 for https, else 80), or nil when the host is already a
    /// numeric address (dotted IPv4 or bracketed IPv6).
    /// - Throws: ``HTTPClientError/transport(_:)`` when `request.url` has no host.
    static func resolveEntry(_ request: Request) throws -> String? {
        guard let url = URL(string: request.url), var host = url.host, !host.isEmpty else {
            throw HTTPClientError.transport("not a URL: \(request.url)")
        }
        var v4 = in_addr()
        if host.hasPrefix("[") || host.contains(":") || inet_pton(AF_INET, host, &v4) == 1 { return nil }
        host = host.lowercased()
        let port = url.port ?? (url.scheme?.lowercased() == "https" ? 443 : 80)
        let addresses = request.pinnedAddresses.map { $0.contains(":") ? "[\($0)]" : $0 }
        return "\(host):\(port):" + addresses.joined(separator: ",")
    }

    /// The longest `CURLOPT_TIMEOUT_MS` set, 2³¹−1 ms (about 24.8 days).
    static let maxTimeoutMilliseconds = Int(Int32.max)

    /// `seconds` as `CURLOPT_TIMEOUT_MS`: rounded down, clamped to
    /// 1 … ``maxTimeoutMilliseconds``; NaN and negative values give 1,
    /// `+infinity` the maximum.
    static func timeoutMilliseconds(_ seconds: Double) -> Int {
        let milliseconds = seconds * 1000
        guard milliseconds >= 1 else { return 1 }  // also NaN
        return milliseconds >= Double(maxTimeoutMilliseconds) ? maxTimeoutMilliseconds : Int(milliseconds)
    }

    /// The pinned addresses in the form `forge_curl_open_pinned` compares,
    /// allocated by hand because libcurl holds the pointer until the handle's
    /// cleanup; `pointer` is nil when nothing is pinned.
    private struct Pins {
        let pointer: UnsafeMutablePointer<forge_curl_pins>?

        /// - Throws: ``HTTPClientError/transport(_:)`` for an address that is
        ///   not a numeric IPv4 or IPv6 address (an IPv6 zone is ignored).
        init(_ addresses: [String]) throws {
            guard !addresses.isEmpty else {
                pointer = nil
                return
            }
            var parsed: [forge_curl_address] = []
            for text in addresses {
                var address = forge_curl_address()
                let zoneless = String(text.split(separator: "%", omittingEmptySubsequences: false)[0])
                let ok = withUnsafeMutableBytes(of: &address.bytes) { bytes -> Bool in
                    if inet_pton(AF_INET, zoneless, bytes.baseAddress) == 1 {
                        address.family = AF_INET
                        return true
                    }
                    if inet_pton(AF_INET6, zoneless, bytes.baseAddress) == 1 {
                        address.family = AF_INET6
                        return true
                    }
                    return false
                }
                guard ok else { throw HTTPClientError.transport("pinned address \(text) is not a numeric IP address") }
                parsed.append(address)
            }
            let list = UnsafeMutablePointer<forge_curl_address>.allocate(capacity: parsed.count)
            list.initialize(from: parsed, count: parsed.count)
            let pins = UnsafeMutablePointer<forge_curl_pins>.allocate(capacity: 1)
            pins.initialize(to: forge_curl_pins(addresses: list, count: parsed.count, refused: 0))
            pointer = pins
        }

        func deallocate() {
            guard let pointer else { return }
            UnsafeMutablePointer(mutating: pointer.pointee.addresses)?.deallocate()
            pointer.deallocate()
        }
    }

    /// The receiving side of one transfer, reached from libcurl's write callback.
    private final class Transfer {
        let handle: UnsafeMutableRawPointer
        let cap: Int
        var body = Data()
        var overflowed = false
        var checkedLength = false

        init(handle: UnsafeMutableRawPointer, cap: Int) {
            self.handle = handle
            self.cap = cap
        }

        /// `CURLOPT_WRITEFUNCTION`'s work: appends `length` bytes, or returns 0
        /// (libcurl then aborts) when the declared `Content-Length` or the bytes
        /// so far pass the cap.
        func receive(_ data: UnsafeMutablePointer<CChar>?, _ length: Int) -> Int {
            if !checkedLength {
                checkedLength = true
                var declared: curl_off_t = -1
                if forge_curl_getinfo_offset(handle, CURLINFO_CONTENT_LENGTH_DOWNLOAD_T, &declared) == CURLE_OK,
                    declared > curl_off_t(cap)
                {
                    overflowed = true
                    return 0
                }
            }
            guard body.count + length <= cap else {
                overflowed = true
                return 0
            }
            if let data, length > 0 {
                body.append(UnsafeRawPointer(data).assumingMemoryBound(to: UInt8.self), count: length)
            }
            return length
        }
    }

    /// `curl_easy_setopt` through the fixed-signature wrappers, a failure thrown.
    private struct Options {
        let handle: UnsafeMutableRawPointer

        func check(_ code: CURLcode) throws {
            guard code == CURLE_OK else {
                throw HTTPClientError.transport(
                    "libcurl refused an option: \(String(cString: forge_curl_easy_strerror(code)))")
            }
        }
        func long(_ option: CURLoption, _ value: Int) throws {
            try check(forge_curl_setopt_long(handle, option, value))
        }
        func string(_ option: CURLoption, _ value: String) throws {
            // libcurl copies string options (CURLOPT_POSTFIELDS excepted, never passed here).
            try check(value.withCString { forge_curl_setopt_string(handle, option, $0) })
        }
        func pointer(_ option: CURLoption, _ value: UnsafeMutableRawPointer?) throws {
            try check(forge_curl_setopt_pointer(handle, option, value))
        }
        func list(_ option: CURLoption, _ value: UnsafeMutablePointer<curl_slist>?) throws {
            try check(forge_curl_setopt_slist(handle, option, value))
        }
    }

    /// The `curl_slist`s of one request, freed after the handle is cleaned up.
    private struct SList {
        private var made: [UnsafeMutablePointer<curl_slist>] = []

        /// A list of `strings`, nil when there are none.
        mutating func make(_ strings: [String]) throws -> UnsafeMutablePointer<curl_slist>? {
            var list: UnsafeMutablePointer<curl_slist>?
            for s in strings {
                guard let next = forge_curl_slist_append(list, s) else {
                    if let list { forge_curl_slist_free_all(list) }
                    throw HTTPClientError.transport("out of memory building a libcurl list")
                }
                list = next
            }
            if let list { made.append(list) }
            return list
        }

        func free() { for list in made { forge_curl_slist_free_all(list) } }
    }
}
