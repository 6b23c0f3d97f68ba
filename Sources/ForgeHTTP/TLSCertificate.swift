import CMicroHTTPD
import Foundation
import Synchronization

/// The server's TLS certificate chain and private key, read from PEM files
/// and handed to GnuTLS through libmicrohttpd's certificate callback
/// (`MHD_OPTION_HTTPS_CERT_CALLBACK`), so ``reload()`` swaps them for every
/// later handshake without a restart and without dropping a connection.
///
/// Why the callback rather than a fresh daemon on the same socket: a new
/// daemon would have to stop the old one, and stopping an MHD daemon closes
/// its connections, including the kitchen display's long-lived event streams.
///
/// One certificate per process (the callback captures nothing, so it reads a
/// process-wide slot). Credentials replaced by a reload are kept, not freed: a
/// TLS session that began under them may still refer to them. That is a few
/// kilobytes per renewal.
package final class TLSCertificate: Sendable {
    /// PEM file with the server certificate, then any intermediates.
    package let certificatePath: String
    /// PEM file with the certificate's private key (PKCS#1, PKCS#8 or SEC1, unencrypted).
    package let keyPath: String

    /// What the log says about the certificate in use.
    package struct Summary: Sendable, Equatable, CustomStringConvertible {
        /// Subject distinguished name, RFC 4514 (`CN=forge.home.arpa`).
        package let subject: String
        /// Serial number in lowercase hex.
        package let serial: String
        /// Start of validity (notBefore).
        package let activates: Date
        /// End of validity (notAfter).
        package let expires: Date
        package var description: String {
            "\(subject), serial \(serial), expires \(ISO8601DateFormatter().string(from: expires))"
        }

        /// Why the certificate is not valid at `now`, or nil while it is:
        /// `"expired 2021-01-01T00:00:00Z"` or `"not valid before …"`. Clients
        /// refuse such a certificate; forged still serves it (a renewal may be
        /// on its way) and the caller logs this at warning priority.
        package func validityProblem(at now: Date) -> String? {
            let format = ISO8601DateFormatter()
            if now > expires { return "expired \(format.string(from: expires))" }
            if now < activates { return "not valid before \(format.string(from: activates))" }
            return nil
        }
    }

    private struct Slot: @unchecked Sendable {
        var current: UnsafeMutablePointer<forge_tls_credentials>?
        var retired: [UnsafeMutablePointer<forge_tls_credentials>] = []
    }
    /// Read by the handshake callback; written by `load()`.
    /// The GnuTLS priority string forged serves HTTPS with
    /// (gnutls_priority_init(3), "Priority strings" in the GnuTLS manual):
    /// TLS 1.2 and 1.3 only (TLS 1.0 and 1.1 are refused, RFC 8996);
    /// authenticated encryption only (AES-GCM, ChaCha20-Poly1305: no CBC, no
    /// SHA-1 MAC, no RC4, no 3DES); forward-secret key exchange only (ECDHE,
    /// DHE: no static RSA); the server's order of preference. Every current
    /// browser, curl, and the app's platform TLS speak it. Documented in forged(8).
    package static let priorities =
        "SECURE128:-VERS-ALL:+VERS-TLS1.3:+VERS-TLS1.2:-CIPHER-ALL:+AES-256-GCM:+AES-128-GCM:+CHACHA20-POLY1305"
        + ":-MAC-ALL:+AEAD:-KX-ALL:+ECDHE-ECDSA:+ECDHE-RSA:+DHE-RSA:%SERVER_PRECEDENCE"

    private static let slot = Mutex(Slot())

    /// Names the files; reads nothing. ``load()`` must succeed once before
    /// an ``HTTPServer`` with this certificate is started (a handshake before
    /// it finds no certificate and fails).
    /// - Parameters:
    ///   - certificatePath: PEM certificate chain, leaf first (at most 16).
    ///   - keyPath: PEM private key of the leaf certificate.
    package init(certificatePath: String, keyPath: String) {
        self.certificatePath = certificatePath
        self.keyPath = keyPath
    }

    /// Whether the linked libmicrohttpd can serve HTTPS (Debian's can).
    package static var isSupported: Bool { forge_mhd_has_tls() != 0 }

    /// Reads and checks both files and makes them the certificate every new
    /// handshake presents. On any failure the previous certificate stays.
    /// - Returns: the new certificate's subject, serial and expiry.
    /// - Throws: `HTTPServerError.tls` saying which file and why (unreadable,
    ///   not PEM, key does not match the certificate, leaf certificate
    ///   unreadable by GnuTLS's X.509 parser).
    @discardableResult
    package func load() throws(HTTPServerError) -> Summary {
        guard let cert = FileManager.default.contents(atPath: certificatePath) else {
            throw .tls("cannot read the certificate file \(certificatePath)")
        }
        guard let key = FileManager.default.contents(atPath: keyPath) else {
            throw .tls("cannot read the key file \(keyPath)")
        }
        var error = [CChar](repeating: 0, count: 256)
        let loaded = cert.withUnsafeBytes { c in
            key.withUnsafeBytes { k in
                forge_tls_load(c.baseAddress, c.count, k.baseAddress, k.count, &error, error.count)
            }
        }
        guard let loaded else {
            throw .tls(
                "\(certificatePath) / \(keyPath): \(String(decoding: error.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))"
            )
        }
        var subject = [CChar](repeating: 0, count: 1024)
        var serial = [CChar](repeating: 0, count: 130)
        var activates: Int64 = 0
        var expires: Int64 = 0
        let described = forge_tls_describe(loaded, &subject, subject.count, &serial, serial.count, &activates, &expires)
        guard described >= 0 else {
            forge_tls_free(loaded)
            throw .tls(
                "\(certificatePath): cannot read the leaf certificate: \(String(cString: gnutls_strerror(described)))")
        }
        Self.slot.withLock { slot in
            if let old = slot.current { slot.retired.append(old) }
            slot.current = loaded
        }
        func text(_ chars: [CChar]) -> String {
            String(decoding: chars.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        }
        return Summary(
            subject: text(subject), serial: text(serial), activates: Date(timeIntervalSince1970: Double(activates)),
            expires: Date(timeIntervalSince1970: Double(expires)))
    }

    /// GnuTLS's `gnutls_certificate_retrieve_function2`: hands out the current
    /// chain and key (owned by us: GnuTLS does not free them).
    static let retrieve:
        @convention(c) (
            gnutls_session_t?, UnsafePointer<gnutls_datum_t>?, Int32, UnsafePointer<gnutls_pk_algorithm_t>?, Int32,
            UnsafeMutablePointer<UnsafeMutablePointer<gnutls_pcert_st>?>?, UnsafeMutablePointer<UInt32>?,
            UnsafeMutablePointer<gnutls_privkey_t?>?
        ) -> Int32 = { _, _, _, _, _, pcert, length, key in
            guard let pcert, let length, let key,
                let current = slot.withLock({ $0.current })
            else { return -1 }
            pcert.pointee = forge_tls_chain(current)
            length.pointee = current.pointee.chain_length
            key.pointee = current.pointee.key
            return 0
        }
}
