/// A training proposal that breaks a rule of docs/contract.md §4.16 (or forged's
/// equipment and niggle rules). `message` is what the coach is shown so it can
/// retry; nothing was written.
package struct ProposalFailure: Error, Equatable, CustomStringConvertible, Sendable {
    /// The reason, as the coach is shown it.
    package let message: String
    /// A failure saying `message`.
    package init(_ message: String) { self.message = message }
    package var description: String { message }
}
