import ForgeCoach
import ForgeCook
import ForgeCore
import ForgeHousehold
import ForgeStore
import ForgeTrain
import Foundation

/// Writes a checked ``ForgeServerSnapshot`` into forged, in the caller's one
/// write transaction, through the owning modules' write paths
/// (`HouseholdStore`, `OAuthStore`, `AppSettings`; the training, coach and
/// food stores' id-keeping inserts, such as `SetStore.insertRows` in
/// `SetStore+Imported.swift`). Rows forged's bounds refuse are skipped one
/// by one and listed; a row whose member or parent was not carried is
/// skipped with that reason. Ids are kept wherever forged's tables keep
/// text ids (all but chat messages and coach runs, which forged numbers).
final class ForgeServerMove {
    let snapshot: ForgeServerSnapshot
    let conn: Connection
    let now: Date
    /// The rows of the large tables, converted on a second core (``MoveConversion/converters``)
    /// while ``run(_:)`` runs.
    private var ahead: ConvertedRows?
    var report: ImportReport
    /// Ids of the members carried.
    var members: Set<String> = []
    /// Ids of the sessions, plans, panels and clients carried.
    var sessions: Set<String> = []
    var plans: Set<String> = []
    var panels: Set<String> = []
    var clients: Set<String> = []
    /// Lifts with sets carried, per member (records are rebuilt for them).
    var lifts: [String: Set<String>] = [:]
    /// Password hashes of forged's replaced seats, by email.
    var keptHashes: [String: String] = [:]
    /// The import running the move: told where it stands after every ``progressStep`` rows of a
    /// table and at the table's end.
    let job: ImportJob
    /// Rows of the source handled so far (carried, kept or skipped), all tables.
    private(set) var rowsDone = 0
    static let progressStep = 1_000

    init(snapshot: ForgeServerSnapshot, conn: Connection, now: Date, job: ImportJob) {
        self.snapshot = snapshot
        self.job = job
        self.conn = conn
        self.now = now
        report = ImportReport(kind: .forgeServer)
        report.rowsRead = snapshot.rowCount
        report.tables = [:]
        // Listed even when empty, as the ledger has always had them.
        report.lists = [ImportReport.replacedList: [], ImportReport.passwordsList: []]
    }

    /// Counts the `done`-th row of `table`'s `of` rows as handled, telling ``job``
    /// every ``progressStep`` rows and at the table's last row.
    func handled(_ table: String, _ done: Int, of total: Int) {
        rowsDone += 1
        guard done % Self.progressStep == 0 || done == total else { return }
        job.progress(rows: rowsDone, of: snapshot.rowCount, table: .init(name: table, done: done, rows: total))
    }

    /// Runs every table in dependency order, the large tables' rows taken converted from `ahead`
    /// (every one of them). - Throws: a refusal (``ImportError``) or a database error; the
    /// caller's transaction then rolls back.
    func run(_ ahead: ConvertedRows) throws {
        self.ahead = ahead
        defer { self.ahead = nil }
        try carryMembers()
        try carryTokens()
        try carryTraining()
        try carryCoach()
        try carryFood()
        notServed()
        ahead.finish()
        // What forged's start would repair in revisions from elsewhere, repaired now by its owner,
        // so the first start after the move changes nothing.
        let repaired = try RevisionRepair.sweep(in: conn)
        if repaired > 0 {
            report.list(
                ImportReport.notesList,
                "\(repaired) plan or food-week revisions had literal \\u escapes, repaired as forged does")
        }
    }

    /// Reads every row of `table`, calling `body` for each; a thrown ``SourceValueError``
    /// skips the row (`unreadable_value`).
    func each(_ table: String, _ body: (SourceRow) throws -> Void) throws {
        let rows = snapshot.rows(table)
        report.read(table, rows.count)
        for (i, row) in rows.enumerated() {
            do {
                try body(row)
            } catch let e as SourceValueError {
                skip(table, row, "unreadable_value", e.description)
            }
            handled(table, i + 1, of: rows.count)
        }
    }

    /// ``each(_:_:)`` for a table of ``MoveConversion/converters``: `body` gets each row with its
    /// conversion, taken from ``ahead`` for every row whether `body` looks at it or not (`kind`
    /// picks the table's case of ``ConvertedRow``: `\.set` for `logged_sets`).
    func each<Value>(
        _ table: String, from kind: (ConvertedRow) -> Converted<Value>?,
        _ body: (SourceRow, Converted<Value>) throws -> Void
    ) throws {
        guard let ahead else { preconditionFailure("each(_:from:_:) outside run(_:)") }
        try each(table) { row in
            let next = ahead.next()
            guard let conversion = kind(next) else {
                preconditionFailure("the converted rows are out of step: \(next) for a row of \(table)")
            }
            try body(row, conversion)
        }
    }

    /// The value of `conversion`, or nil after listing `row` as skipped for its reason.
    /// - Throws: the error of a value that does not read (``each(_:_:)`` lists a
    ///   ``SourceValueError`` as `unreadable_value`; any other error ends the move).
    func take<Value>(_ conversion: Converted<Value>, _ table: String, _ row: SourceRow) throws -> Value? {
        switch conversion {
        case .value(let value): return value
        case .skip(let reason, let detail):
            skip(table, row, reason, detail)
            return nil
        case .unreadable(let error): throw error
        }
    }

    /// Lists `row` as skipped; `at` places it among the rows listed so far (a row whose
    /// outcome is known only once its batch is written goes where it was met).
    func skip(_ table: String, _ row: SourceRow, _ reason: String, _ detail: String, at position: Int? = nil) {
        let id = row.text("id") ?? row.text("key") ?? row.text("slug") ?? row.text("name") ?? "row \(row.number + 1)"
        report.skip(table, row: id, reason: reason, detail: detail, at: position)
    }

    /// The member of `row` when carried, else skips the row and answers nil.
    func member(_ table: String, _ row: SourceRow, column: String = "user_id") -> String? {
        guard let id = row.text(column), members.contains(id) else {
            skip(table, row, "member_not_carried", "its member (\(row.string(column))) is not carried")
            return nil
        }
        return id
    }

    // MARK: members and tokens

    func carryMembers() throws {
        keptHashes = try HouseholdStore.passwordHashesByEmail(in: conn)
        // forged's own seats (seed-only, checked by the caller, or --replace) give way to the household's.
        for user in try HouseholdStore.allUsers(conn) where !user.isDemo {
            try HouseholdStore.deleteUser(id: user.id, in: conn)
            report.list(
                ImportReport.replacedList,
                "\(user.email)'s first-start seat (starter plan, equipment, standing niggle)")
        }
        var rows = snapshot.rows("users")
        rows.sort { ($0.text("created_at") ?? "", $0.number) < ($1.text("created_at") ?? "", $1.number) }
        let people = rows.filter { $0.string("role") != "demo" }
        guard people.count <= 2 else {
            throw ImportError.unreadable(
                "\(snapshot.source): the original has \(people.count) members; forged serves a household of two")
        }
        let hasAdmin = people.contains { $0.string("role") == "admin" }
        report.read("users", rows.count)
        for (i, row) in rows.enumerated() {
            defer { handled("users", i + 1, of: rows.count) }
            let role = row.string("role", "member")
            if role == "demo" {
                skip("users", row, "demo_seat", "the demo seat is forged's own (--demo); its rows are not carried")
                continue
            }
            do {
                let email = HouseholdStore.normaliseEmail(row.string("email"))
                let units = row.string("units", "kg") == "lb" ? "lb" : "kg"
                let prefs = try row.json("prefs", "{}")
                let user = HouseholdStore.MovedUser(
                    id: row.string("id"), email: email, name: row.string("name", email),
                    role: role == "admin" || (!hasAdmin && i == 0) ? "admin" : "member", units: units,
                    prefsJSON: prefs.hasPrefix("{") ? prefs : "{}", activeProfileID: nil,
                    createdAt: try row.instant("created_at") ?? now, passwordHash: keptHashes[email])
                try HouseholdStore.insertMoved(user, in: conn)
                members.insert(user.id)
                report.carried("users")
                if user.passwordHash == nil { report.list(ImportReport.passwordsList, "forged user passwd \(email)") }
            } catch let e as SourceValueError {
                skip("users", row, "unreadable_value", e.description)
            } catch let e as UserError {
                skip("users", row, "refused", "forged refuses this seat (\(e))")
            }
        }
        guard !members.isEmpty else {
            throw ImportError.unreadable("\(snapshot.source): the original has no member to carry")
        }
    }

    func carryTokens() throws {
        // One ingest token per member in forged: the newest one (the phone has it).
        var tokens = OnePerMember { ($0.text("created_at") ?? "") > ($1.text("created_at") ?? "") }
        try each("ingest_tokens") { row in
            guard let user = member("ingest_tokens", row) else { return }
            tokens.offer(row, for: user)
        }
        for row in tokens.others {
            skip("ingest_tokens", row, "older_token", "forged keeps one ingest token per member: the newest")
        }
        for (user, row) in tokens.chosen.sorted(by: { $0.key < $1.key }) {
            do {
                try HouseholdStore.setMovedIngestToken(
                    userID: user, token: row.string("token"), samples: try row.int("samples"),
                    lastPush: try row.instant("last_seen_at"), createdAt: try row.instant("created_at") ?? now,
                    in: conn)
                report.carried("ingest_tokens")
            } catch let e as SourceValueError {
                skip("ingest_tokens", row, "unreadable_value", e.description)
            }
        }
        try each("oauth_clients") { row in
            let uris = try row.json("redirect_uris", "[]")
            try OAuthStore.insertMovedClient(
                id: row.string("id"), name: row.string("name"), redirectURIsJSON: uris,
                createdAt: try row.instant("created_at") ?? now, in: conn)
            clients.insert(row.string("id"))
            report.carried("oauth_clients")
        }
        try each("oauth_codes") { row in
            skip(
                "oauth_codes", row, "authorization_code",
                "authorization codes live minutes; a connector asks for a new one when it needs one")
        }
        try each("oauth_tokens") { row in
            guard let user = member("oauth_tokens", row) else { return }
            guard clients.contains(row.string("client_id")) else {
                skip("oauth_tokens", row, "client_not_carried", "its client \(row.string("client_id")) is not carried")
                return
            }
            let access = row.string("access_token")
            let refresh = row.string("refresh_token")
            guard !access.isEmpty, !refresh.isEmpty else {
                skip("oauth_tokens", row, "out_of_bounds", "an empty access or refresh token")
                return
            }
            try OAuthStore.insertMovedGrant(
                id: row.string("id"), userID: user, clientID: row.string("client_id"), accessToken: access,
                accessExpiresAt: try row.instant("access_expires_at") ?? now, refreshToken: refresh,
                refreshExpiresAt: try row.instant("refresh_expires_at") ?? now,
                createdAt: try row.instant("created_at") ?? now, lastUsedAt: try row.instant("last_used_at"), in: conn)
            report.carried("oauth_tokens")
        }
        try each("app_settings") { row in
            let key = row.string("key")
            guard AppSettings.key(key) != nil else {
                skip("app_settings", row, "unknown_setting", "forged has no setting \(key)")
                return
            }
            let value = row.string("value")
            guard !value.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else {
                skip("app_settings", row, "empty", "an empty value (the environment's applies)")
                return
            }
            try AppSettings.apply([key: value], now: try row.instant("updated_at") ?? now, in: conn)
            report.carried("app_settings")
        }
    }

    /// Tables forged does not serve: counted with the reason, never silently dropped.
    func notServed() {
        let reasons: [(String, String, String)] = [
            ("withings_links", "not_served", "forged does not link Withings accounts; link again if it ever does"),
            ("push_subs", "not_served", "forged notifies through its event socket and desktop bridge, not web push"),
            ("notification_log", "not_needed", "the reminder ledger of past days; forged keeps its own"),
            ("carryovers", "not_served", "forged has no shopping carry-overs"),
            ("lunch_favorites", "not_served", "forged has no lunch favourites"),
        ]
        for (table, reason, detail) in reasons {
            let rows = snapshot.rows(table)
            report.read(table, rows.count)
            for (i, row) in rows.enumerated() {
                skip(table, row, reason, detail)
                handled(table, i + 1, of: rows.count)
            }
        }
    }
}
