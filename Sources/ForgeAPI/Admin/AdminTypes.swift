import ForgeCore
import ForgeHTTP
import ForgeHousehold
import ForgeStore
import Foundation

/// One backup file (issue 8): `{ name, bytes, created_at }`; `created_at`
/// is the instant the copy was taken (wire datetime), `bytes` its size.
struct BackupInfo: Codable, Sendable {
    let name: String
    let bytes: Int
    let createdAt: String
    /// The off-the-box destinations holding a verified copy of this backup
    /// (issue 27), as configured; empty when none does or none is configured.
    var copiedTo: [String] = []

    init(_ e: BackupEntry, copiedTo: [String] = []) {
        name = e.name.fileName
        bytes = e.bytes
        createdAt = Instant.wire(e.name.instant)
        self.copiedTo = copiedTo
    }
}

/// One app-managed setting as `GET /api/admin/settings` reports it (docs/contract.md
/// §4.25): `value` is masked for secrets; `source` is `app` (stored
/// override), `env` (the environment or the built-in default) or null.
struct SettingState: Codable, Sendable {
    let set: Bool
    let value: String
    @Nullable var source: String?

    init(_ r: AppSettings.Report) {
        set = r.set
        value = r.value
        source = r.source
    }
}

/// `GET|PUT /api/admin/settings`: the seven keys of docs/contract.md §4.25, in its order.
struct AdminSettings: Codable, Sendable {
    let anthropicApiKey: SettingState
    let coachModel: SettingState
    let withingsClientId: SettingState
    let withingsClientSecret: SettingState
    let vapidPublicKey: SettingState
    let vapidPrivateKey: SettingState
    let maptilerKey: SettingState

    /// - Parameter report: ``AppSettings/report(in:environment:)``, which holds every key.
    /// - Throws: `HTTPError` 500 `setting <key> missing from the settings report`
    ///   when a key of the contract is not in `report` (a key dropped from
    ///   ``AppSettings/keys`` without a contract change).
    init(_ report: [String: AppSettings.Report]) throws(HTTPError) {
        func state(_ key: String) throws(HTTPError) -> SettingState {
            guard let entry = report[key] else {
                throw HTTPError(500, "setting \(key) missing from the settings report")
            }
            return SettingState(entry)
        }
        anthropicApiKey = try state("anthropic_api_key")
        coachModel = try state("coach_model")
        withingsClientId = try state("withings_client_id")
        withingsClientSecret = try state("withings_client_secret")
        vapidPublicKey = try state("vapid_public_key")
        vapidPrivateKey = try state("vapid_private_key")
        maptilerKey = try state("maptiler_key")
    }
}

/// `PUT /api/admin/settings` body `{ values: { [key]: string | null } }`.
/// Any unknown key → 422 `unknown setting <key>` (the first, sorted); a
/// value over ``maxSettingLength`` characters → 422 naming
/// `["body", "values", key]`. `null` reads as `""` (clear the override).
struct AdminSettingsInput: RequestInput {
    static var example: JSONValue? { ["values": ["coach_model": "claude-sonnet-5"]] }
    /// Longest accepted setting value, characters (API keys are ~100).
    static let maxSettingLength = Bounds.note

    let values: [String: String?]

    static let rules: [InputRule<Self>] = [
        .custom("values", publishing: ["propertyNames": ["enum": .array(AppSettings.keys.map { .string($0.name) })]]) {
            if let unknown = $0.values.keys.sorted().first(where: { AppSettings.key($0) == nil }) {
                throw HTTPError(422, "unknown setting \(unknown)")
            }
        },
        .custom {
            for (key, value) in $0.values.sorted(by: { $0.key < $1.key }) {
                try Check.length(value, max: maxSettingLength, "values", .string(key))
            }
        },
    ]

    /// The values with `null` as `""`.
    var resolved: [String: String] { values.mapValues { $0 ?? "" } }
}

/// `POST /api/admin/settings/vapid` answer `{ public_key }` (never produced:
/// forged answers 501, see ``PushRoutes``).
struct VapidKey: Codable, Sendable {
    let publicKey: String
}

/// A member seat `{ id, email, name, role }` (docs/contract.md §3.18).
struct AdminUser: Codable, Sendable {
    let id, email, name, role: String
    init(_ u: User) {
        id = u.id
        email = u.email
        name = u.name
        role = u.role
    }
}

/// `POST /api/admin/users` body `{ email, name }` (both required; email at
/// most 254 characters, name at most `Bounds.label`; 422 naming the field).
/// The contract's own checks (`invalid email`, `name required`, seat cap,
/// duplicate) follow in ``Membership/add``.
struct NewMemberInput: RequestInput {
    static var example: JSONValue? { ["email": "cy@example.org", "name": "Cy"] }
    let email: String
    let name: String
    static let rules: [InputRule<Self>] = [
        .publish("email", keywords: ["pattern": .string(emailPattern)]),
        .publish("name", keywords: ["pattern": Check.nonBlank]),
        .length("email", max: maxEmailLength) { $0.email },
        .length("name", max: Bounds.label) { $0.name },
    ]
}

/// `PATCH /api/admin/users/{id}` body `{ email?, name? }`, capped as ``NewMemberInput``.
struct MemberPatchInput: RequestInput {
    static var example: JSONValue? { ["name": "Benjamin"] }
    let email: String?
    let name: String?
    static let rules: [InputRule<Self>] = [
        .publish("email", keywords: ["pattern": .string(emailPattern)]),
        .publish("name", keywords: ["pattern": Check.nonBlank]),
        .length("email", max: maxEmailLength) { $0.email },
        .length("name", max: Bounds.label) { $0.name },
    ]
}

/// What ``UserDirectory`` accepts as an email (docs/contract.md §3.18), published;
/// U+0085 is whitespace to Swift, not to ECMA `\s`.
let emailPattern = "^[^@\\s\\u0085]+@[^@\\s\\u0085]+\\.[^@\\s\\u0085]+$"

/// `{ exists }`: whether the demo seat exists.
struct DemoState: Codable, Sendable {
    let exists: Bool
}

/// `POST /api/admin/demo/enrich` answer: `added` names the data blocks
/// added (`["food"]` or `[]`).
struct DemoEnriched: Codable, Sendable {
    let exists: Bool
    let added: [String]
}
