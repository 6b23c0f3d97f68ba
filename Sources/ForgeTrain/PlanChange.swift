/// One row of a proposal's `changes` list (docs/contract.md §2 `Change`), display only.
package struct PlanChange: Codable, Sendable, Hashable {
    /// `"+"`, `"-"` or `"~"`.
    package var sign: String
    package var what: String
    package var why: String?

    package init(sign: String, what: String, why: String? = nil) {
        self.sign = sign
        self.what = what
        self.why = why
    }
}
