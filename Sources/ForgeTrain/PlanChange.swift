/// One row of a proposal's `changes` list (docs/contract.md §2 `Change`), display only.
public struct PlanChange: Codable, Sendable, Hashable {
    /// `"+"`, `"-"` or `"~"`.
    public var sign: String
    public var what: String
    public var why: String?

    public init(sign: String, what: String, why: String? = nil) {
        self.sign = sign
        self.what = what
        self.why = why
    }
}
