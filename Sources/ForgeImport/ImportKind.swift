import ForgeCore

/// What an import reads: one kind per app or source (`forged import KIND`,
/// `POST /api/import` `kind`). `auto` guesses from the content (``ImportRegistry/sniff(_:)``).
package enum ImportKind: String, Sendable, CaseIterable, Codable {
    case strong
    case hevy
    case fitnotes
    case appleHealth = "apple-health"
    case paprika
    case mealie
    case tandoor
    case nextcloud
    case forgeServer = "forge-server"
    case auto

    /// The app's name as people write it (reports, errors).
    package var title: String {
        switch self {
        case .strong: "Strong"
        case .hevy: "Hevy"
        case .fitnotes: "FitNotes"
        case .appleHealth: "Apple Health"
        case .paprika: "Paprika"
        case .mealie: "Mealie"
        case .tandoor: "Tandoor"
        case .nextcloud: "Nextcloud Cookbook"
        case .forgeServer: "the original Forge server"
        case .auto: "auto"
        }
    }

    /// The kinds an upload (`POST /api/import`) may name: those of one member's history, not
    /// `forge-server`, a whole-household move that runs on the command line with forged stopped.
    package static let uploadable: [ImportKind] = allCases.filter { $0.scope == .member }

    /// The words of `forged import` that are not kinds (commands about past imports).
    package static let commandWords: Set<String> = ["list", "undo"]
}
