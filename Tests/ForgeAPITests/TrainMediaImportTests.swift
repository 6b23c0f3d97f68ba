import ForgeAPI
import ForgeCore
import ForgeStore
import ForgeTrain
import Foundation
import Testing

/// `forged library import-free-exercise-db` against the shared test copy of
/// the dataset (ten exercises with images, 873 entries).
@Suite(.serialized) struct TrainMediaImportTests {
    /// `../shared/data/free-exercise-db` beside the repository (where CI puts
    /// its copy of shared/), else the workplace's `/work/shared`.
    static let dataset: URL = {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let beside = root.deletingLastPathComponent().appendingPathComponent("shared/data/free-exercise-db")
        if FileManager.default.fileExists(atPath: beside.appendingPathComponent("exercises.json").path) {
            return beside
        }
        return URL(fileURLWithPath: "/work/shared/data/free-exercise-db")
    }()

    @Test(
        .enabled(
            if: FileManager.default.fileExists(atPath: dataset.appendingPathComponent("exercises.json").path),
            "needs ../shared/data/free-exercise-db beside the checkout (absent outside this workplace)"))
    func importedImagesAreServedAndNewStrengthExercisesJoinTheLibrary() async throws {
        try await withTestServer { server in
            let ada = try await server.signIn("ada@example.org")
            let first = try server.app.db.write { try ExerciseImport.run(directory: Self.dataset, in: $0) }
            #expect(first.images == 20)  // ten exercises × two images, all matched or added
            #expect(first.matched >= 40 && first.added > 400)
            let again = try server.app.db.write { try ExerciseImport.run(directory: Self.dataset, in: $0) }
            #expect(again.added == 0 && again.images == 20)  // a rerun replaces images and adds nothing

            // "Barbell Squat" is the library's Back Squat (explicit map); "Romanian Deadlift" matches by name.
            let squat = try await server.get("/api/exercises/back-squat", cookie: ada).json
            #expect(squat["media_tier"] == "images")
            #expect(squat["media_url"] == "/media/exercises/back-squat-0.jpg,/media/exercises/back-squat-1.jpg")
            #expect(
                try await server.get("/api/exercises/romanian-deadlift", cookie: ada).json["media_tier"] == "images")
            #expect(try await server.get("/api/exercises/hip-thrust", cookie: ada).json["media_tier"] == "wanted")

            let image = try await server.get("/media/exercises/back-squat-1.jpg", cookie: ada)
            let onDisk = try Data(contentsOf: Self.dataset.appendingPathComponent("exercises/Barbell_Squat/1.jpg"))
            #expect(image.status == 200 && image.header("Content-Type") == "image/jpeg" && image.data == onDisk)
            #expect(try await server.get("/media/exercises/back-squat-7.jpg", cookie: ada).status == 404)
            #expect(try await server.get("/media/exercises/back-squat-0.jpg").status == 401)

            // A dataset strength exercise not in the seed is now in the library, after the seed.
            let curls = try await server.get("/api/exercises?q=alternate%20hammer", cookie: ada).json.arrayValue ?? []
            #expect(curls.map { $0["slug"]?.stringValue ?? "" } == ["alternate-hammer-curl"])
            let curl = try await server.get("/api/exercises/alternate-hammer-curl", cookie: ada).json
            #expect(curl["kind"] == "db" && curl["equipment"] == ["Dumbbells"] && curl["primary_muscles"] == ["Biceps"])
            #expect((curl["cues"]?.arrayValue?.count ?? 0) > 1)
            // Stretches and cardio are not strength exercises.
            #expect(try await server.get("/api/exercises/ankle-circles", cookie: ada).status == 404)
        }
    }
}
