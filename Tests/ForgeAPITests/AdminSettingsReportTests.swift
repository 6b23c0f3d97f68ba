import ForgeHTTP
import ForgeHousehold
import Testing

@testable import ForgeAPI

/// `GET|PUT /api/admin/settings` build their answer from the settings report:
/// every key of the contract is read from it, and a key missing there is a 500
/// naming the key, never a crash of the server.
@Suite struct AdminSettingsReportTests {
    @Test func everyContractKeyIsReadAndAMissingOneIsA500NamingIt() async throws {
        try await withTestServer { server in
            let report = try server.app.db.read { try AppSettings.report(in: $0) }
            let settings = try AdminSettings(report)
            #expect(settings.coachModel.set && settings.coachModel.value == report["coach_model"]?.value)
            #expect(settings.vapidPrivateKey.value == report["vapid_private_key"]?.value)
            var partial = report
            partial["vapid_private_key"] = nil
            do {
                _ = try AdminSettings(partial)
                Issue.record("a report without vapid_private_key was accepted")
            } catch let error as HTTPError {
                #expect(
                    error.status == 500 && error.detail == "setting vapid_private_key missing from the settings report")
            }
        }
    }
}
