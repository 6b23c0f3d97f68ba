import ForgeAPI
import ForgeCook
import ForgeCore
import Foundation
import Testing

/// `GET /api/food/media/{id}` and meal photos (docs/contract.md §3.15, §4.23).
@Suite(.serialized) struct MediaRouteTests {
    static let png = Data(
        base64Encoded:
            "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==")!

    @Test func mealPhotosBecomeBlobsOnlyTheirOwnerCanRead() async throws {
        try await withTestServer { server in
            let ada = try await server.signIn("ada@example.org")
            let ben = try await server.signIn("ben@example.org")
            let reply = try await server.logMeal(
                [
                    "slot": "snack", "label": "Cake", "kcal": 350,
                    "photos": .strings([
                        "data:image/png;base64," + Self.png.base64EncodedString(),
                        "https://example.org/cake.jpg", "",
                    ]),
                ], cookie: ada)
            #expect(reply.status == 200)
            let stored: String? = try server.app.db.read {
                try $0.scalar("SELECT photos FROM meal_logs WHERE id = ?", [reply.json["id"]?.stringValue ?? ""])
            }
            let photos = try JSONCoding.decode([String].self, from: Data((stored ?? "[]").utf8))
            #expect(photos.count == 2 && photos[1] == "https://example.org/cake.jpg")
            let path = try #require(photos.first)
            #expect(path.hasPrefix("/api/food/media/") && path.count == "/api/food/media/".count + 32)

            let own = try await server.get(path, cookie: ada)
            #expect(own.status == 200 && own.data == Self.png)
            #expect(own.header("Content-Type") == "image/png")
            #expect(own.header("Cache-Control") == "private, max-age=31536000, immutable")
            let etag = try #require(own.header("ETag"))
            #expect(etag == "\"\(path.split(separator: "/").last!)\"")

            let revalidated = try await server.request(
                "GET", path, cookie: ada, headers: ["If-None-Match": "\"other\", W/\(etag)"])
            #expect(revalidated.status == 304 && revalidated.data.isEmpty)
            let stale = try await server.request("GET", path, cookie: ada, headers: ["If-None-Match": "\"other\""])
            #expect(stale.status == 200 && stale.data == Self.png)

            let other = try await server.get(path, cookie: ben)
            #expect(other.status == 404 && other.detail == "not found")
            let otherRevalidating = try await server.request("GET", path, cookie: ben, headers: ["If-None-Match": etag])
            #expect(otherRevalidating.status == 404)
            let anonymous = try await server.get(path)
            #expect(anonymous.status == 401)
        }
    }

    @Test func householdBlobsAreReadableByEverySignedInMember() async throws {
        try await withTestServer { server in
            let ada = try await server.signIn("ada@example.org")
            let ben = try await server.signIn("ben@example.org")
            let jpeg = Data([0xFF, 0xD8, 0xFF, 0xE0]) + Data(count: 60)
            let id = try server.app.db.write {
                try MediaStore.save(
                    jpeg, contentType: "image/jpeg", owner: nil, sourceURL: "https://example.org/hero.jpg",
                    now: server.app.clock.now(), in: $0)
            }
            for cookie in [ada, ben] {
                let reply = try await server.get("/api/food/media/\(id)", cookie: cookie)
                #expect(reply.status == 200 && reply.data == jpeg && reply.header("Content-Type") == "image/jpeg")
            }
            let missing = try await server.get("/api/food/media/\(Identifier.make())", cookie: ada)
            #expect(missing.status == 404 && missing.detail == "not found")
            let malformed = try await server.get("/api/food/media/not-an-id", cookie: ada)
            #expect(malformed.status == 404)
        }
    }

    @Test func aRefusedPhotoRefusesTheWholeLog() async throws {
        try await withTestServer { server in
            let ada = try await server.signIn("ada@example.org")
            let good = "data:image/png;base64," + Self.png.base64EncodedString()
            let html =
                "data:image/png;base64," + Data("<html><script>alert(1)</script></html>".utf8).base64EncodedString()
            let reply = try await server.logMeal(
                [
                    "slot": "snack", "label": "Cake", "kcal": 350,
                    "photos": .strings([good, html]),
                ], cookie: ada)
            #expect(reply.status == 400 && reply.detail == "photo 2: bytes are not a recognised image")
            #expect(try server.mealLogCount(try server.userID("ada@example.org")) == 0)
            let blobs: Int? = try server.app.db.read { try $0.scalar("SELECT COUNT(*) FROM media") }
            #expect(blobs == 0)
        }
    }
}
