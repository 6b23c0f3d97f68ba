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
            guard let media = try app.db.read({ try ExerciseMediaStore.get(slug: slug, index: index, in: $0) }) else {
                throw HTTPError(404, "media not found")
            }
            return Response(
                status: 200, headers: ["Content-Type": media.mime, "Cache-Control": "private, max-age=86400"],
                body: media.data)
        }
    }
}
