#pragma once
#include <stdint.h>
#include <stddef.h>
#include <systemd/sd-bus.h>

/// sd-bus helpers for the desktop bridge (`forged notify desktop`).

/// Calls org.freedesktop.Notifications.Notify (Desktop Notifications
/// Specification 1.2) on `bus` and stores the returned id in `out_id`.
/// Wraps the variadic sd_bus_message_append family. `actions` holds
/// `action_count` strings (key, label, key, label ...). Hints sent:
/// `urgency` (byte) and `category` (string). Returns a negative errno on failure.
static inline int
forge_notify(sd_bus *bus, const char *app_name, uint32_t replaces_id, const char *app_icon,
             const char *summary, const char *body, const char *const *actions, size_t action_count,
             uint8_t urgency, const char *category, int32_t expire_timeout, uint32_t *out_id)
{
    sd_bus_message *m = NULL, *reply = NULL;
    sd_bus_error error = SD_BUS_ERROR_NULL;
    int r = sd_bus_message_new_method_call(bus, &m, "org.freedesktop.Notifications",
                                           "/org/freedesktop/Notifications",
                                           "org.freedesktop.Notifications", "Notify");
    if (r < 0) return r;
    r = sd_bus_message_append(m, "susss", app_name, replaces_id, app_icon, summary, body);
    if (r >= 0) r = sd_bus_message_open_container(m, 'a', "s");
    for (size_t i = 0; r >= 0 && i < action_count; i++) r = sd_bus_message_append_basic(m, 's', actions[i]);
    if (r >= 0) r = sd_bus_message_close_container(m);
    if (r >= 0) r = sd_bus_message_append(m, "a{sv}", 2, "urgency", "y", urgency, "category", "s", category);
    if (r >= 0) r = sd_bus_message_append(m, "i", expire_timeout);
    if (r >= 0) r = sd_bus_call(bus, m, 5 * 1000 * 1000, &error, &reply);
    if (r >= 0) r = sd_bus_message_read(reply, "u", out_id);
    sd_bus_error_free(&error);
    sd_bus_message_unref(reply);
    sd_bus_message_unref(m);
    return r;
}

/// Calls org.freedesktop.Notifications.CloseNotification(id).
static inline int
forge_close_notification(sd_bus *bus, uint32_t id)
{
    sd_bus_error error = SD_BUS_ERROR_NULL;
    int r = sd_bus_call_method(bus, "org.freedesktop.Notifications", "/org/freedesktop/Notifications",
                               "org.freedesktop.Notifications", "CloseNotification", &error, NULL, "u", id);
    sd_bus_error_free(&error);
    return r;
}

/// For a notification server (the test recorder): reads the first five
/// Notify arguments (app_name, replaces_id, app_icon, summary, body) of
/// `m`; the strings stay valid while `m` lives.
static inline int
forge_notify_read_head(sd_bus_message *m, const char **app_name, uint32_t *replaces_id, const char **app_icon,
                       const char **summary, const char **body)
{
    return sd_bus_message_read(m, "susss", app_name, replaces_id, app_icon, summary, body);
}

/// For a notification server: answers a method call with one uint32.
static inline int
forge_reply_u32(sd_bus_message *call, uint32_t value)
{
    return sd_bus_reply_method_return(call, "u", value);
}

/// For a notification server: answers a method call with no values.
static inline int
forge_reply_empty(sd_bus_message *call)
{
    return sd_bus_reply_method_return(call, "");
}
