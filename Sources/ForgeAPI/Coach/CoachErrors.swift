import ForgeCoach

/// The coach domain's errors as the contract answers them (docs/contract.md §3.6).
///
/// | error | status, detail |
/// |---|---|
/// | `ProposalStore.DecisionError.notFound` | 404 `proposal not found` (not the member's pending proposal) |
extension ProposalStore.DecisionError: HTTPMappedError {
    var status: Int { 404 }
    var detail: String { description }
}
