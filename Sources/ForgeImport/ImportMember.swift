import ForgeHousehold
import ForgeStore

extension ImportPipeline {
    /// The member whose history an import from the command line is: the seat
    /// with `email` (the admin or the member; not the demo seat), or, with no
    /// email, the only member of a one-member household.
    /// - Throws: ``ImportError/noMembers`` (a household with no member yet), ``ImportError/unknownMember(_:)``,
    ///   ``ImportError/memberRequired``.
    package func member(email: String?) throws -> User {
        try db.read { conn in
            let members = try HouseholdStore.allUsers(conn).filter { !$0.isDemo }
            if members.isEmpty { throw ImportError.noMembers }
            if let email {
                let wanted = HouseholdStore.normaliseEmail(email)
                guard let user = members.first(where: { $0.email == wanted }) else {
                    throw ImportError.unknownMember(email)
                }
                return user
            }
            guard members.count == 1 else { throw ImportError.memberRequired }
            return members[0]
        }
    }
}
