#pragma once
#include <sys/types.h>
#include <sys/select.h>
#include <sys/socket.h>
#include <stdint.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <microhttpd.h>
#include <gnutls/gnutls.h>
#include <gnutls/abstract.h>
#include <gnutls/x509.h>

/// Callback type for MHD_OPTION_URI_LOG_CALLBACK: its return value becomes the
/// request's initial `*con_cls`.
typedef void *(*forge_mhd_uri_log_callback)(void *cls, const char *uri,
                                            struct MHD_Connection *connection);

/// Fixed-signature wrapper around the variadic MHD_start_daemon.
/// Port is 0: listening sockets are handed over in `options`
/// (MHD_OPTION_LISTEN_SOCKET). `options` is an MHD_OPTION_END-terminated array
/// (MHD_OPTION_ARRAY); the completion and URI-log callbacks, which take two
/// pointer arguments each, are passed separately, as is the TLS certificate
/// callback (non-NULL turns on MHD_USE_TLS: the daemon serves HTTPS only)
/// with the GnuTLS priority string `priorities` (MHD_OPTION_HTTPS_PRIORITIES).
static inline struct MHD_Daemon *
forge_mhd_start_daemon(unsigned int flags,
                       MHD_AccessHandlerCallback handler, void *handler_cls,
                       MHD_RequestCompletedCallback completed, void *completed_cls,
                       forge_mhd_uri_log_callback uri_log, void *uri_log_cls,
                       MHD_NotifyConnectionCallback notify_connection, void *notify_cls,
                       gnutls_certificate_retrieve_function2 *cert_callback,
                       const char *priorities,
                       struct MHD_OptionItem *options)
{
    if (cert_callback != NULL)
        return MHD_start_daemon(flags | MHD_USE_TLS, 0, NULL, NULL, handler, handler_cls,
                                MHD_OPTION_NOTIFY_COMPLETED, completed, completed_cls,
                                MHD_OPTION_URI_LOG_CALLBACK, uri_log, uri_log_cls,
                                MHD_OPTION_NOTIFY_CONNECTION, notify_connection, notify_cls,
                                MHD_OPTION_HTTPS_CERT_CALLBACK, cert_callback,
                                MHD_OPTION_HTTPS_PRIORITIES, priorities,
                                MHD_OPTION_ARRAY, options,
                                MHD_OPTION_END);
    return MHD_start_daemon(flags, 0, NULL, NULL, handler, handler_cls,
                            MHD_OPTION_NOTIFY_COMPLETED, completed, completed_cls,
                            MHD_OPTION_URI_LOG_CALLBACK, uri_log, uri_log_cls,
                            MHD_OPTION_NOTIFY_CONNECTION, notify_connection, notify_cls,
                            MHD_OPTION_ARRAY, options,
                            MHD_OPTION_END);
}

/// The client's socket address for a connection, or NULL
/// (wraps the variadic MHD_get_connection_info).
static inline const struct sockaddr *
forge_mhd_client_address(struct MHD_Connection *connection)
{
    const union MHD_ConnectionInfo *info =
        MHD_get_connection_info(connection, MHD_CONNECTION_INFO_CLIENT_ADDRESS);
    return info != NULL ? info->client_addr : NULL;
}

/// Number of open connections of a daemon, or -1
/// (wraps the variadic MHD_get_daemon_info).
static inline long
forge_mhd_current_connections(struct MHD_Daemon *daemon)
{
    const union MHD_DaemonInfo *info =
        MHD_get_daemon_info(daemon, MHD_DAEMON_INFO_CURRENT_CONNECTIONS);
    return info != NULL ? (long)info->num_connections : -1;
}

/// Whether this libmicrohttpd was built with HTTPS support.
static inline int forge_mhd_has_tls(void)
{
    return MHD_is_feature_supported(MHD_FEATURE_TLS) == MHD_YES
        && MHD_is_feature_supported(MHD_FEATURE_HTTPS_CERT_CALLBACK) == MHD_YES;
}

/// One certificate chain and its private key, as handed to GnuTLS during a
/// handshake. Built by forge_tls_load; never freed while a daemon may still
/// hand it out (see TLSCertificate.swift).
typedef struct forge_tls_credentials {
    gnutls_pcert_st chain[16];
    unsigned int chain_length;
    gnutls_privkey_t key;
} forge_tls_credentials;

/// Parses a PEM certificate chain (leaf first, at most 16) and a PEM private
/// key, and checks that the key belongs to the leaf certificate.
/// Returns NULL and a GnuTLS error text in `error` (at most `error_size`
/// bytes) when either does not parse or they do not match.
static inline forge_tls_credentials *
forge_tls_load(const void *cert_pem, size_t cert_size, const void *key_pem, size_t key_size,
               char *error, size_t error_size)
{
    gnutls_datum_t cert = { (unsigned char *)cert_pem, (unsigned int)cert_size };
    gnutls_datum_t key = { (unsigned char *)key_pem, (unsigned int)key_size };
    int rc;
    const char *what = "";
    /* The mismatch check: GnuTLS's own credential loader compares key and certificate. */
    gnutls_certificate_credentials_t check = NULL;
    if ((rc = gnutls_certificate_allocate_credentials(&check)) < 0) { what = "allocate: "; goto fail; }
    rc = gnutls_certificate_set_x509_key_mem2(check, &cert, &key, GNUTLS_X509_FMT_PEM, NULL, 0);
    gnutls_certificate_free_credentials(check);
    if (rc < 0) { what = ""; goto fail; }

    forge_tls_credentials *out = calloc(1, sizeof *out);
    if (out == NULL) { rc = GNUTLS_E_MEMORY_ERROR; goto fail; }
    out->chain_length = 16;
    rc = gnutls_pcert_list_import_x509_raw(out->chain, &out->chain_length, &cert, GNUTLS_X509_FMT_PEM, 0);
    if (rc < 0) { free(out); what = "certificate: "; goto fail; }
    if ((rc = gnutls_privkey_init(&out->key)) < 0
        || (rc = gnutls_privkey_import_x509_raw(out->key, &key, GNUTLS_X509_FMT_PEM, NULL, 0)) < 0) {
        for (unsigned int i = 0; i < out->chain_length; i++) gnutls_pcert_deinit(&out->chain[i]);
        if (out->key != NULL) gnutls_privkey_deinit(out->key);
        free(out);
        what = "private key: ";
        goto fail;
    }
    return out;
fail:
    snprintf(error, error_size, "%s%s", what, gnutls_strerror(rc));
    return NULL;
}

/// The certificate chain of `credentials` (leaf first, `chain_length` long),
/// as GnuTLS's certificate callback hands it out. Swift cannot return a
/// pointer into a C array member without escaping a temporary one.
static inline gnutls_pcert_st *forge_tls_chain(forge_tls_credentials *credentials)
{
    return credentials->chain;
}

/// Frees credentials from forge_tls_load that were never handed to GnuTLS.
static inline void forge_tls_free(forge_tls_credentials *credentials)
{
    for (unsigned int i = 0; i < credentials->chain_length; i++) gnutls_pcert_deinit(&credentials->chain[i]);
    gnutls_privkey_deinit(credentials->key);
    free(credentials);
}

/// The leaf certificate's subject DN, serial (hex), start and end of validity
/// (Unix time), for the log. Returns 0, or a negative GnuTLS error.
static inline int
forge_tls_describe(const forge_tls_credentials *credentials, char *subject, size_t subject_size,
                   char *serial_hex, size_t serial_hex_size, long long *activates, long long *expires)
{
    gnutls_x509_crt_t crt;
    int rc = gnutls_x509_crt_init(&crt);
    if (rc < 0) return rc;
    if ((rc = gnutls_x509_crt_import(crt, &credentials->chain[0].cert, GNUTLS_X509_FMT_DER)) < 0) goto done;
    size_t size = subject_size;
    if ((rc = gnutls_x509_crt_get_dn(crt, subject, &size)) < 0) goto done;
    unsigned char serial[64];
    size = sizeof serial;
    if ((rc = gnutls_x509_crt_get_serial(crt, serial, &size)) < 0) goto done;
    serial_hex[0] = 0;
    for (size_t i = 0; i < size && 2 * i + 2 < serial_hex_size; i++)
        snprintf(serial_hex + 2 * i, 3, "%02x", serial[i]);
    *activates = (long long)gnutls_x509_crt_get_activation_time(crt);
    *expires = (long long)gnutls_x509_crt_get_expiration_time(crt);
    rc = 0;
done:
    gnutls_x509_crt_deinit(crt);
    return rc;
}

/// The socket of a connection, or -1 (wraps the variadic MHD_get_connection_info).
static inline int forge_mhd_connection_fd(struct MHD_Connection *connection)
{
    const union MHD_ConnectionInfo *info =
        MHD_get_connection_info(connection, MHD_CONNECTION_INFO_CONNECTION_FD);
    return info != NULL ? (int)info->connect_fd : -1;
}

/// The per-connection pointer set by the notify-connection callback, or NULL.
static inline void *forge_mhd_socket_context(struct MHD_Connection *connection)
{
    const union MHD_ConnectionInfo *info =
        MHD_get_connection_info(connection, MHD_CONNECTION_INFO_SOCKET_CONTEXT);
    return info != NULL ? info->socket_context : NULL;
}

/// Bytes of the request head as received (request line, fields and the
/// empty line), or 0 (wraps the variadic MHD_get_connection_info).
static inline size_t forge_mhd_header_size(struct MHD_Connection *connection)
{
    const union MHD_ConnectionInfo *info =
        MHD_get_connection_info(connection, MHD_CONNECTION_INFO_REQUEST_HEADER_SIZE);
    return info != NULL ? info->header_size : 0;
}
