import ForgeCore
import ForgeHTTP
import ForgeStore
import ForgeTrain
import Foundation

/// `GET /media/exercises/<slug>-<n>.jpg`: imported exercise images
/// (household media, any signed-in member). Answers the stored bytes with
/// their own content type, or 404 `media not found`.
enum ExerciseMediaRoutes {
    static func register(_ app: ForgeApp, on router: inout APIRouter) {
        router.raw(
            .GET, "/media/exercises/:file", "An imported exercise image (<slug>-0.jpg, <slug>-1.jpg)",
            access: .member, answers: nil as OK.Type?, produces: "image/jpeg", errors: [404]
        ) { request, _ in
            let file = request.parameter("file") ?? ""
            guard file.hasSuffix(".jpg"), let dash = file.lastIndex(of: "-"),
                let index = Int(file[file.index(after: dash)..<file.index(file.endIndex, offsetBy: -4)])
            else {
                throw HTTPError(404, "media not found")
            }
            let slug = String(file[..<dash])
            let media = try TrainingRecords.exerciseImage(slug: slug, index: index, in: app.db)
            return Response(
                status: 200, headers: ["Content-Type": media.mime, "Cache-Control": "private, max-age=86400"],
                body: media.data)
        }
    }
}
