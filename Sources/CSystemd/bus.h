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

/// For a notification server (the test recorder): after
/// `forge_notify_read_head`, reads the rest of a Notify call — the actions
/// (joined into `actions`, each followed by '\n', truncated to `cap`), the
/// `urgency` hint (`*has_urgency` = 1 only when it is a byte), the
/// `category` hint (a string, else NULL) and `expire_timeout`.
static inline int
forge_notify_read_tail(sd_bus_message *m, char *actions, size_t cap, uint8_t *urgency, int *has_urgency,
                       const char **category, int32_t *expire_timeout)
{
    size_t used = 0;
    const char *text = NULL;
    int r = sd_bus_message_enter_container(m, 'a', "s");
    if (cap > 0) actions[0] = 0;
    while (r >= 0 && (r = sd_bus_message_read_basic(m, 's', &text)) > 0) {
        size_t n = __builtin_strlen(text);
        if (used + n + 2 <= cap) { __builtin_memcpy(actions + used, text, n); actions[used + n] = '\n'; used += n + 1; actions[used] = 0; }
    }
    if (r >= 0) r = sd_bus_message_exit_container(m);
    *has_urgency = 0; *category = NULL;
    if (r >= 0) r = sd_bus_message_enter_container(m, 'a', "{sv}");
    while (r >= 0 && (r = sd_bus_message_enter_container(m, 'e', "sv")) > 0) {
        const char *key = NULL, *contents = NULL;
        char type = 0;
        r = sd_bus_message_read_basic(m, 's', &key);
        if (r >= 0) r = sd_bus_message_peek_type(m, &type, &contents);
        if (r >= 0 && contents && __builtin_strcmp(key, "urgency") == 0 && __builtin_strcmp(contents, "y") == 0) {
            r = sd_bus_message_read(m, "v", "y", urgency);
            if (r >= 0) *has_urgency = 1;
        } else if (r >= 0 && contents && __builtin_strcmp(key, "category") == 0 && __builtin_strcmp(contents, "s") == 0) {
            r = sd_bus_message_read(m, "v", "s", category);
        } else if (r >= 0) {
            r = sd_bus_message_skip(m, "v");
        }
        if (r >= 0) r = sd_bus_message_exit_container(m);
    }
    if (r >= 0) r = sd_bus_message_exit_container(m);
    if (r >= 0) r = sd_bus_message_read_basic(m, 'i', expire_timeout);
    return r;
}

/// For a notification server: emits `ActionInvoked(id, action_key)`.
static inline int
forge_emit_action_invoked(sd_bus *bus, uint32_t id, const char *action_key)
{
    return sd_bus_emit_signal(bus, "/org/freedesktop/Notifications", "org.freedesktop.Notifications",
                              "ActionInvoked", "us", id, action_key);
}

/// For a notification server: emits `NotificationClosed(id, reason)`
/// (reason 1 expired, 2 dismissed by the user, 3 closed by CloseNotification).
static inline int
forge_emit_notification_closed(sd_bus *bus, uint32_t id, uint32_t reason)
{
    return sd_bus_emit_signal(bus, "/org/freedesktop/Notifications", "org.freedesktop.Notifications",
                              "NotificationClosed", "uu", id, reason);
}

/// For the bridge: reads `ActionInvoked`'s arguments (id, action key).
static inline int
forge_read_action_invoked(sd_bus_message *m, uint32_t *id, const char **action_key)
{
    return sd_bus_message_read(m, "us", id, action_key);
}

/// For the bridge: reads `NotificationClosed`'s arguments (id, reason).
static inline int
forge_read_notification_closed(sd_bus_message *m, uint32_t *id, uint32_t *reason)
{
    return sd_bus_message_read(m, "uu", id, reason);
}

/// For a notification server: answers `GetCapabilities` with "actions",
/// "body" and "persistence" (what the test recorder supports).
static inline int
forge_reply_capabilities(sd_bus_message *call)
{
    return sd_bus_reply_method_return(call, "as", 3, "actions", "body", "persistence");
}

/// For a notification server: answers `GetServerInformation` (name, vendor, version, spec_version).
static inline int
forge_reply_server_information(sd_bus_message *call, const char *name)
{
    return sd_bus_reply_method_return(call, "ssss", name, "forge", "1", "1.2");
}
