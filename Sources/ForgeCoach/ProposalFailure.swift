/// A training proposal that breaks a rule of docs/contract.md §4.16 (or forged's
/// equipment and niggle rules). `message` is what the coach is shown so it can
/// retry; nothing was written.
public struct ProposalFailure: Error, Equatable, CustomStringConvertible, Sendable {
    public let message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}
