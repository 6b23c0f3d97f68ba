import CMicroHTTPD

/// The C callbacks handed to libmicrohttpd. They capture nothing: the
/// `ServerCore` arrives unretained in `cls`, the per-request `Exchange`
/// retained in `*con_cls`.
enum MHDCallbacks {
    /// Called once per request with the raw request target; its result is
    /// the request's initial `*con_cls`.
    static let uriLog: forge_mhd_uri_log_callback = { cls, uri, connection in
        guard let cls else { return nil }
        let core = Unmanaged<ServerCore>.fromOpaque(cls).takeUnretainedValue()
        core.inFlight.add(1, ordering: .relaxed)
        // A kept-alive connection's next head is due from its request line.
        if let connection, let watch = watch(of: connection) { core.headDeadline.requestLine(watch) }
        let exchange = Exchange(rawTarget: uri.map { String(cString: $0) } ?? "/")
        return Unmanaged.passRetained(exchange).toOpaque()
    }

    /// Called for the headers, for each chunk of body and once at the end.
    static let access: MHD_AccessHandlerCallback = {
        cls, connection, url, method, version, upload, uploadSize, conCls in
        guard let cls, let connection, let uploadSize, let conCls else { return .NO }
        let core = Unmanaged<ServerCore>.fromOpaque(cls).takeUnretainedValue()
        let exchange: Exchange
        if let existing = conCls.pointee {
            exchange = Unmanaged<Exchange>.fromOpaque(existing).takeUnretainedValue()
        } else {
            // The URI-log callback always runs first; this is a safety net.
            core.inFlight.add(1, ordering: .relaxed)
            exchange = Exchange(rawTarget: url.map { String(cString: $0) } ?? "/")
            conCls.pointee = Unmanaged.passRetained(exchange).toOpaque()
        }
        let methodText = method.map { String(cString: $0) } ?? ""
        return core.handle(
            connection, exchange, method: methodText, upload: upload, uploadSize: uploadSize,
            head: method.map { UnsafeRawPointer($0) }, version: version.map { String(cString: $0) } ?? "")
    }

    /// The head-deadline record of a connection (its socket context).
    static func watch(of connection: OpaquePointer) -> HeadDeadline.Watch? {
        forge_mhd_socket_context(connection).map { Unmanaged<HeadDeadline.Watch>.fromOpaque($0).takeUnretainedValue() }
    }

    /// Called when a connection opens and when it closes: keeps the
    /// connection's ``HeadDeadline/Watch``, retained, in its socket context.
    static let connection: MHD_NotifyConnectionCallback = { cls, connection, socketContext, event in
        guard let cls, let connection, let socketContext else { return }
        let core = Unmanaged<ServerCore>.fromOpaque(cls).takeUnretainedValue()
        if event == .CONNECTION_NOTIFY_STARTED {
            let watch = HeadDeadline.Watch(
                fd: forge_mhd_connection_fd(connection),
                peer: ServerCore.remoteAddress(of: connection))
            core.headDeadline.opened(watch)
            socketContext.pointee = Unmanaged.passRetained(watch).toOpaque()
        } else if let pointer = socketContext.pointee {
            socketContext.pointee = nil
            let watch = Unmanaged<HeadDeadline.Watch>.fromOpaque(pointer)
            core.headDeadline.closing(watch.takeUnretainedValue())
            watch.release()
        }
    }

    /// Called when a request is finished (sent, failed or timed out). A
    /// connection kept alive after it must send its next request line in time
    /// (``HeadDeadline/responseDone(_:)``); one that closes is no longer swept.
    static let completed: MHD_RequestCompletedCallback = { cls, connection, conCls, _ in
        guard let cls else { return }
        if let connection, let watch = watch(of: connection) {
            Unmanaged<ServerCore>.fromOpaque(cls).takeUnretainedValue().headDeadline.responseDone(watch)
        }
        guard let conCls, let pointer = conCls.pointee else { return }
        conCls.pointee = nil
        let exchange = Unmanaged<Exchange>.fromOpaque(pointer)
        exchange.takeUnretainedValue().dropSpool()
        exchange.takeUnretainedValue().release?()
        exchange.takeUnretainedValue().release = nil
        if let stream = exchange.takeUnretainedValue().stream {
            Unmanaged<ServerCore>.fromOpaque(cls).takeUnretainedValue().forget(stream)
            stream.detach()
        }
        if let waiting = exchange.takeUnretainedValue().deferred {
            Unmanaged<ServerCore>.fromOpaque(cls).takeUnretainedValue().forget(waiting.answer)
        }
        exchange.release()
        Unmanaged<ServerCore>.fromOpaque(cls).takeUnretainedValue().inFlight.subtract(1, ordering: .relaxed)
    }
}
