import CCurl

/// The libcurl easy interface, opened with `dlopen` the first time an
/// outbound request is made (`Sources/CCurl/shim.h`), so an idle daemon never
/// maps libcurl or its TLS and protocol dependencies. Tries
/// `libcurl-gnutls.so.4` (Debian `libcurl3-gnutls`, sharing the GnuTLS that
/// libmicrohttpd already maps) and then `libcurl.so.4` (`libcurl4`).
/// `curl_global_init` runs once, together with the load.
enum CurlLibrary {
    /// The Debian package forged depends on for outbound HTTP.
    static let debianPackage = "libcurl3-gnutls"

    /// Loads libcurl if it is not loaded yet.
    /// - Throws: ``HTTPClientError/unavailable(_:)`` naming the missing library
    ///   or symbol and the package to install. Every later call throws the same.
    static func load() throws {
        if let reason = forge_curl_load() {
            throw HTTPClientError.unavailable(
                "\(String(cString: reason)) (install the Debian package \(debianPackage))")
        }
    }
}
