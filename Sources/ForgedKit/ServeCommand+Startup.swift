import ForgeAPI
import ForgeCore
import ForgeEvents
import ForgeHTTP
import ForgeStore
import ForgeSystemd
import Foundation

/// `forged serve`'s start-up and reload steps, each one thing ``ServeCommand/run()`` does in order.
extension ServeCommand {
    /// A start-up step refused and logged why (exit 1, nothing created in the state directory).
    struct StartRefused: Error {}

    /// The TLS certificate of `--tls-cert`/`--tls-key`, loaded and checked; nil for plain HTTP.
    /// - Throws: ``StartRefused`` after logging why forged cannot serve with it.
    func loadCertificate() throws -> TLSCertificate? {
        guard let cert = settings.tlsCert, let key = settings.tlsKey else { return nil }
        guard TLSCertificate.isSupported else {
            Log.error(
                "--tls-cert: this libmicrohttpd was built without HTTPS support; serve plain HTTP behind a proxy instead",
                id: .startFailed)
            throw StartRefused()
        }
        let tls = TLSCertificate(certificatePath: cert, keyPath: key)
        do {
            try Self.load(tls, reloading: false, now: settings.clock.now())
        } catch {
            Log.error(
                "cannot serve HTTPS: \(error); fix: check --tls-cert and --tls-key (readable by forge, PEM), then `\(ServiceAdvice.restartAfterLimit)`",
                id: .startFailed)
            throw StartRefused()
        }
        return tls
    }

    /// The sockets systemd passed (`activated` true), or `--listen`'s bound here.
    /// - Throws: ``ConfigError`` for a `--listen` that is not `HOST:PORT`; ``StartRefused`` after
    ///   logging a busy port (nothing is created in the state directory then).
    func takeSockets() throws -> (sockets: ActivatedSockets, activated: Bool) {
        var sockets = ActivatedSockets(SocketActivation.take())
        guard sockets.http.isEmpty else { return (sockets, true) }
        let addresses = try settings.listen.map { text -> ForgeHTTP.ListenAddress in
            guard let address = ForgeHTTP.ListenAddress(text) else {
                throw ConfigError(setting: "listen", message: "expected HOST:PORT", value: text)
            }
            return address
        }
        var bound: [Int32] = []
        for address in addresses {
            do { bound.append(try ListenSocket.bind(address)) } catch {
                bound.forEach { close($0) }
                sockets.closeUnowned()
                // A socket error names the address already ("cannot listen on …: bind failed: …").
                let why = error is HTTPServerError ? "\(error)" : "cannot listen on \(address): \(error)"
                Log.error(
                    "\(why); nothing was created in \(settings.stateDir); fix: free the port or change --listen",
                    id: .startFailed)
                throw StartRefused()
            }
        }
        sockets.http = bound
        return (sockets, false)
    }

    /// Warnings for settings a household should know are on.
    func warnAboutSettings() {
        if settings.devAuth {
            Log.warning(
                "dev sign-in is ENABLED (--dev-auth): anyone who can reach this server can sign in as any member")
        }
        if settings.allowPrivateFetch {
            Log.warning("recipe import may fetch private and loopback addresses (--allow-private-fetch)")
        }
        if settings.clockOffset != 0 {
            Log.warning(
                "test clock: forged's time is moved by \(settings.clockOffset) s (\(SettingsLoader.testClockOffsetVariable)); "
                    + "household time now \(Instant.wire(settings.clock.now()))")
        }
    }

    /// The HTTP server for `app` on `sockets`, with the limits, spooling and logging the settings give.
    func makeHTTPServer(_ app: ForgeApp, sockets: [Int32], tls: TLSCertificate?) -> HTTPServer {
        let responder = app.makeResponder()
        var http = HTTPServer.Configuration(
            listen: [], listenSockets: sockets,
            threadPoolSize: settings.threads, connectionLimit: settings.maxConnections,
            maxBodyBytes: settings.maxBody, shutdownGraceSeconds: Self.shutdownGraceSeconds)
        http.perIPConnectionLimit = Self.perAddressLimit(
            settings.maxConnections,
            behindProxy: !settings.trustedProxies.isEmpty)
        http.tls = tls
        http.trustedProxies = TrustedProxies(settings.trustedProxies.compactMap(TrustedProxies.Network.init))
        // The import route's body is spooled to <state-dir>/imports, up to --max-import.
        http.spoolLimit = settings.maxImport
        http.spoolDirectory = app.imports.uploads.path
        // Upload routes take bodies up to --max-upload (never less than --max-body).
        for route in responder.routes where route.tags["upload"] == "yes" {
            http.uploadLimits[route.pattern] = max(settings.maxUpload, settings.maxBody)
        }
        let server = HTTPServer(
            configuration: http,
            responder: responder,
            accessLog: { e in
                Log.info(
                    e.line,
                    fields: ["FORGE_REQUEST_ID": e.requestID, "REMOTE_ADDR": e.remoteAddress])
            },
            onError: { request, error in
                Log.error("handler failed: \(error)", fields: ["FORGE_REQUEST_ID": request.requestID])
            },
            onHeadTimeout: { peer in
                Log.debug(
                    "closed a connection from \(peer): its request head or body was late", fields: ["REMOTE_ADDR": peer]
                )
            })
        return server
    }

    /// The STATUS= line's live parts: the last backup and its copies, a full disk, timers running.
    func wireStatus(_ db: Database) {
        let destinations = settings.backupCopyTo.map(\.description)
        status.setLastBackup {
            let copies = (try? BackupCopyStatus.states(destinations, in: db)) ?? []
            let words = Self.backupWords(BackupStatus.summary(db))
            return BackupCopyStatus.summary(copies, now: settings.clock.now()).map { words + "; " + $0 } ?? words
        }
        status.setStorageFault {
            db.storageFault.map { "DISK FULL since \(Instant.storage($0.since)): changes cannot be saved" }
        }
        status.setTimersRunning {
            (try? db.read { try TimerStore.runningCount(in: $0) }) ?? 0
        }
    }

    /// Logs where forged listens and that it started, warns when nobody can sign in yet, and tells
    /// systemd `READY=1` with the status line.
    func announceStarted(_ server: HTTPServer, db: Database, tls: Bool, since started: ContinuousClock.Instant) {
        let elapsed = Int((ContinuousClock.now - started) / .milliseconds(1))
        for address in server.boundAddresses {
            Log.notice(
                "listening on \(tls ? "https" : "http")://\(address) (forged \(BuildInfo.version), build \(BuildInfo.stamp), \(settings.timezoneName), ready in \(elapsed) ms)"
            )
        }
        let members = HealthMonitor.members(in: db)
        status.setMembers(members)
        if members == 0 {
            Log.warning(
                "no household member yet: nobody can sign in; create the first (the admin) with "
                    + "forged user add --name NAME EMAIL (as root or the forge user)")
        }
        let line = status.render()
        status.markSent(line)
        Log.notice("forged \(BuildInfo.version) started: \(line)", id: .started)
        Notify.ready(status: line)
        db.releaseMemory()
        MallocTuning.releaseFreeMemory()
    }

    /// SIGHUP: `RELOADING=1`, the configuration re-read (what applies live, what needs a restart),
    /// the certificate reloaded, then `READY=1` with the status line.
    func reload(_ reload: inout ConfigReload, certificate: TLSCertificate?) {
        Notify.reloading()
        Log.notice("reloading configuration (SIGHUP)")
        let outcome = reload.reload()
        if let certificate {
            do {
                try Self.load(certificate, reloading: true, now: settings.clock.now())
            } catch {
                Log.error("TLS certificate reload failed, the previous certificate stays in use: \(error)")
            }
        }
        if let failure = outcome.failure {
            Log.error("reload failed, the running configuration stays: \(failure)")
        } else {
            for name in outcome.applied { Log.notice("reloaded \(name)") }
            for name in outcome.needRestart {
                Log.warning("\(name) changed in the configuration; it takes effect at the next restart")
            }
        }
        let line = status.render()
        status.markSent(line)
        Notify.ready(status: line)
    }
}
