#pragma once
#include <sys/types.h>
#include <sys/select.h>
#include <sys/socket.h>
#include <stdint.h>
#include <stdarg.h>
#include <microhttpd.h>

/// Callback type for MHD_OPTION_URI_LOG_CALLBACK: its return value becomes the
/// request's initial `*con_cls`.
typedef void *(*forge_mhd_uri_log_callback)(void *cls, const char *uri,
                                            struct MHD_Connection *connection);

/// Fixed-signature wrapper around the variadic MHD_start_daemon.
/// Port is 0: listening sockets are handed over in `options`
/// (MHD_OPTION_LISTEN_SOCKET). `options` is an MHD_OPTION_END-terminated array
/// (MHD_OPTION_ARRAY); the completion and URI-log callbacks, which take two
/// pointer arguments each, are passed separately.
static inline struct MHD_Daemon *
forge_mhd_start_daemon(unsigned int flags,
                       MHD_AccessHandlerCallback handler, void *handler_cls,
                       MHD_RequestCompletedCallback completed, void *completed_cls,
                       forge_mhd_uri_log_callback uri_log, void *uri_log_cls,
                       struct MHD_OptionItem *options)
{
    return MHD_start_daemon(flags, 0, NULL, NULL, handler, handler_cls,
                            MHD_OPTION_NOTIFY_COMPLETED, completed, completed_cls,
                            MHD_OPTION_URI_LOG_CALLBACK, uri_log, uri_log_cls,
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
